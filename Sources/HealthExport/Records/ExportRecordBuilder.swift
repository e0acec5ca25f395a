import Foundation
import HealthModel
import Synchronization

/// Metadata keys the importer adds to keep what exports say and samples have no field for.
public enum ExportMetadataKey {
    /// When the record was created on the phone (`creationDate`), a date.
    public static let creationDate = MetadataKey.exportCreationDate
    /// The UTC offset in seconds written with the start date (`+0200` is 7200), so local days can be recovered.
    public static let utcOffset = MetadataKey.exportUTCOffset
    /// The workout activity name when it is not in the type table (the workout is stored as "other").
    public static let activityTypeName = "OpenHealthKitExportActivityType"
}

/// A value that repeats across records (a source name, a version), made once with its content digest.
final class InternedText {
    /// The text (entities decoded).
    let text: String
    /// Its digest, mixed into record identities.
    let digest: ContentDigest

    init(_ text: String) {
        self.text = text
        self.digest = ContentHasher.digest(of: text, seed: 1)
    }
}

/// A record type as first met in the file.
final class TypeEntry {
    /// The identifier as written.
    let identifier: String
    /// The sample type, or nil when the identifier is not in the type table (such records are kept as elements).
    let sampleType: SampleType?
    /// The identifier's digest.
    let digest: ContentDigest
    /// Category values by their written form (name or number).
    var categoryValues = InternTable<Int?>()

    init(_ identifier: String) {
        self.identifier = identifier
        let type = try? SampleType.named(identifier)
        self.sampleType = (type?.kind == .quantity || type?.kind == .category) ? type : nil
        self.digest = ContentHasher.digest(of: identifier, seed: 2)
    }
}

/// A unit string as first met in the file.
final class UnitEntry {
    /// The unit string as written.
    let text: String
    /// The parsed unit, or nil when it does not parse.
    let unit: HealthUnit?
    /// The parse error, when it does not parse.
    let problem: String?
    /// The unit string's digest.
    let digest: ContentDigest

    init(_ text: String) {
        self.text = text
        do {
            self.unit = try HealthUnit(parsing: text)
            self.problem = nil
        } catch {
            self.unit = nil
            self.problem = error.description
        }
        self.digest = ContentHasher.digest(of: text, seed: 3)
    }
}

/// A device description as first met in the file (its `0x…` address left out).
final class DeviceEntry {
    /// The device, or nil when the description holds no known field.
    let device: Device?
    /// The digest of the description without its address.
    let digest: ContentDigest

    init(_ description: String) {
        let device = DeviceDescriptionParser.parse(description)
        self.device = device
        self.digest = ContentHasher.digest(of: DeviceDescriptionParser.identityText(description), seed: 4)
    }
}

/// A source name as met in the file, with the source it stands for.
final class SourceEntry {
    /// The source.
    let source: Source
    /// The name's digest.
    let digest: ContentDigest

    init(name: String) {
        self.source = Source(name: name, bundleIdentifier: SourceEntry.bundleIdentifier(forName: name))
        self.digest = ContentHasher.digest(of: name, seed: 5)
    }

    /// Exports carry source names only; a stable bundle identifier is made from the name.
    static func bundleIdentifier(forName name: String) -> String { "export:" + name }
}

/// The provenance and dates common to records, correlations and workouts.
struct ProvenanceDraft {
    /// The line of the opening tag.
    var line = 0
    /// The source, if given.
    var source: SourceEntry?
    /// The source version, if given.
    var version: InternedText?
    /// The device, if given.
    var device: DeviceEntry?
    /// When the object was created, with its UTC offset.
    var creation: (date: Date, offset: Int)?
    /// Start and end dates with their UTC offsets.
    var start: (date: Date, offset: Int)?
    /// The end date.
    var end: (date: Date, offset: Int)?
    /// `MetadataEntry` children and, in legacy files, unknown attributes (metadata keys written as attributes).
    var metadata: [(key: String, value: String)] = []
    /// The first field that could not be read, and why.
    var problem: (field: String, reason: String)?

    mutating func fail(_ field: String, _ reason: String) {
        if problem == nil { problem = (field, reason) }
    }
}

/// A `Record` being read. A class, so that handing it from the reader to the batch and on to the saver's thread
/// moves one reference instead of copying its fields (and retaining each of them) at every step.
final class RecordDraft {
    /// Provenance and dates.
    var provenance = ProvenanceDraft()
    /// The type.
    var type: TypeEntry?
    /// The unit (quantity records).
    var unit: UnitEntry?
    /// The numeric value (quantity records).
    var value: Double?
    /// The category value (category records).
    var categoryValue: Int?
    /// Beats of an HRV record: (bpm, time of day as written).
    var beats: [(beatsPerMinute: Double, time: String)] = []
    /// Children kept as written.
    var keptChildren: [ExportElement] = []
    /// The identity from the tags as written.
    var rawIdentity = RawRecordIdentity()
}

/// Turns drafts into validated samples with content-derived identifiers, caching everything that repeats.
///
/// Threads: each builder has one thread that reads with it (the reader's, or the saver's for records kept as bytes).
/// The saver also calls `makeSample(_:uuid:)` on the reader's builder for drafts the reader read; that reads entries
/// made before the draft was handed over (their fields are constants) and the two locked caches.
final class ExportRecordBuilder {
    /// The XML file's name, for problems.
    let file: String
    private(set) var types = InternTable<TypeEntry>()
    private(set) var units = InternTable<UnitEntry>()
    private(set) var texts = InternTable<InternedText>()
    private(set) var devices = InternTable<DeviceEntry>()
    private(set) var sources = InternTable<SourceEntry>()
    /// Caches used both while reading and while saving (on the saver's thread), so they are locked.
    private let revisions = Mutex(RevisionCache())
    private let metadataUnits = Mutex<[String: HealthUnit?]>([:])

    private struct RevisionKey: Hashable {
        let source: ObjectIdentifier
        let version: ObjectIdentifier?
        let productType: String?
    }

    /// Source revisions by key, with the last one used in front: consecutive records nearly always share it, and
    /// comparing a key is cheaper than hashing its product type.
    private struct RevisionCache {
        var byKey: [RevisionKey: SourceRevision] = [:]
        var last: (key: RevisionKey, revision: SourceRevision)?
    }

    /// A tokenizer for records kept as bytes (each builder is used on one thread at a time).
    var scratchTokenizer = XMLTokenizer()

    init(file: String) {
        self.file = file
    }

    deinit { scratchTokenizer.deallocate() }

    // MARK: Reading attributes

    /// Reads the attributes shared by records, correlations and workouts; returns false for an attribute it does not know.
    func readProvenance(_ attribute: XMLAttribute, into draft: inout ProvenanceDraft) -> Bool {
        let name = attribute.name
        switch name.count {
        case 10 where XMLBytes.equal(name, "sourceName"):
            draft.source = sources.value(for: attribute.value) { _ in SourceEntry(name: attribute.decodedValue) }
        case 13 where XMLBytes.equal(name, "sourceVersion"):
            draft.version = texts.value(for: attribute.value) { _ in InternedText(attribute.decodedValue) }
        case 6 where XMLBytes.equal(name, "device"):
            draft.device = devices.value(for: ExportRecordBuilder.withoutAddress(attribute.value)) { _ in
                DeviceEntry(attribute.decodedValue)
            }
        case 12 where XMLBytes.equal(name, "creationDate"):
            draft.creation = DateReader.exportRecordDate(attribute.value)
            if draft.creation == nil { draft.fail("creationDate", "\"\(attribute.decodedValue)\" is not a date") }
        case 9 where XMLBytes.equal(name, "startDate"):
            draft.start = DateReader.exportRecordDate(attribute.value)
            if draft.start == nil { draft.fail("startDate", "\"\(attribute.decodedValue)\" is not a date") }
        case 7 where XMLBytes.equal(name, "endDate"):
            draft.end = DateReader.exportRecordDate(attribute.value)
            if draft.end == nil { draft.fail("endDate", "\"\(attribute.decodedValue)\" is not a date") }
        default:
            return false
        }
        return true
    }

    /// The device attribute's bytes after its `0x…` address (looked for near the start), so descriptions that differ
    /// only in the address share one cache entry.
    static func withoutAddress(_ bytes: UnsafeRawBufferPointer) -> UnsafeRawBufferPointer {
        var index = 0
        let limit = min(bytes.count - 1, 48)
        while index < limit {
            if bytes[index] == UInt8(ascii: "0"), bytes[index + 1] == UInt8(ascii: "x") {
                var end = index + 2
                while end < bytes.count,
                    (bytes[end] >= 0x30 && bytes[end] <= 0x39)
                        || (bytes[end] | 0x20 >= 0x61 && bytes[end] | 0x20 <= 0x66)
                {
                    end += 1
                }
                return UnsafeRawBufferPointer(rebasing: bytes[end...])
            }
            index += 1
        }
        return bytes
    }

    /// Reads a `Record` tag into a draft; unknown attributes become metadata (legacy files).
    func readRecord(_ tag: XMLTag) -> RecordDraft {
        let draft = RecordDraft()
        draft.rawIdentity.add(record: tag)
        // Read into locals and stored once: each access to the draft's (a class's) properties is checked for
        // exclusivity at run time, and per attribute that was a few percent of the reader's time.
        var provenance = ProvenanceDraft()
        provenance.line = tag.line
        var typeEntry: TypeEntry?
        var valueBytes: UnsafeRawBufferPointer?
        var valueAttribute: XMLAttribute?
        for attribute in tag.attributes {
            if readProvenance(attribute, into: &provenance) { continue }
            let name = attribute.name
            if XMLBytes.equal(name, "type") {
                typeEntry = types.value(for: attribute.value) { _ in TypeEntry(attribute.decodedValue) }
            } else if XMLBytes.equal(name, "unit") {
                draft.unit = units.value(for: attribute.value) { _ in UnitEntry(attribute.decodedValue) }
            } else if XMLBytes.equal(name, "value") {
                valueBytes = attribute.value
                valueAttribute = attribute
            } else {
                provenance.metadata.append((attribute.nameString, attribute.decodedValue))
            }
        }
        draft.type = typeEntry
        defer { draft.provenance = provenance }
        guard let type = typeEntry else {
            provenance.fail("type", "missing")
            return draft
        }
        guard let sampleType = type.sampleType else { return draft }
        if sampleType.kind == .quantity {
            if let valueBytes, let number = DecimalParser.parse(valueBytes) {
                draft.value = number
            } else {
                provenance.fail("value", valueAttribute.map { "\"\($0.decodedValue)\" is not a number" } ?? "missing")
            }
        } else if let valueAttribute {
            let resolved = type.categoryValues.value(for: valueAttribute.value) { _ in
                sampleType.categoryDescription?.value(named: valueAttribute.decodedValue)?.rawValue
            }
            if let resolved {
                draft.categoryValue = resolved
            } else {
                provenance.fail("value", "\"\(valueAttribute.decodedValue)\" is not a value of \(type.identifier)")
            }
        } else {
            draft.categoryValue = 0
        }
        return draft
    }

    /// A `MetadataEntry` tag's key and value.
    func readMetadataEntry(_ tag: XMLTag) -> (key: String, value: String)? {
        guard let key = tag.value("key") else { return nil }
        return (key, tag.value("value") ?? "")
    }

    // MARK: Building samples

    /// A problem found while building a sample.
    struct Problem: Error {
        let field: String
        let reason: String
    }

    /// The identifier of a record draft (from its tags as written), or the problem that keeps it from being a sample.
    func identity(of draft: RecordDraft) throws(Problem) -> UUID {
        let provenance = draft.provenance
        if let problem = provenance.problem { throw Problem(field: problem.field, reason: problem.reason) }
        guard let typeEntry = draft.type, let type = typeEntry.sampleType else {
            throw Problem(field: "type", reason: "unknown type")
        }
        guard provenance.start != nil else { throw Problem(field: "startDate", reason: "missing") }
        guard provenance.end != nil else { throw Problem(field: "endDate", reason: "missing") }
        guard provenance.source != nil else { throw Problem(field: "sourceName", reason: "missing") }
        if type.kind == .quantity {
            guard draft.unit != nil else { throw Problem(field: "unit", reason: "missing") }
            guard draft.value != nil else { throw Problem(field: "value", reason: "missing") }
        }
        return draft.rawIdentity.uuid
    }

    /// The type entry of a `type` attribute's bytes.
    func typeEntry(_ bytes: UnsafeRawBufferPointer, decoded: () -> String) -> TypeEntry {
        types.value(for: bytes) { _ in TypeEntry(decoded()) }
    }

    /// The quantity or category sample of a record draft, with the identifier `identity(of:)` gave it.
    func makeSample(_ draft: RecordDraft, uuid: UUID) throws(Problem) -> Sample {
        let provenance = draft.provenance
        if let problem = provenance.problem { throw Problem(field: problem.field, reason: problem.reason) }
        guard let typeEntry = draft.type, let type = typeEntry.sampleType else {
            throw Problem(field: "type", reason: "unknown type")
        }
        guard let start = provenance.start else { throw Problem(field: "startDate", reason: "missing") }
        guard let end = provenance.end else { throw Problem(field: "endDate", reason: "missing") }
        let content: SampleContent
        if type.kind == .quantity {
            guard let unitEntry = draft.unit else { throw Problem(field: "unit", reason: "missing") }
            guard let unit = unitEntry.unit else {
                throw Problem(field: "unit", reason: unitEntry.problem ?? "does not parse")
            }
            guard let value = draft.value else { throw Problem(field: "value", reason: "missing") }
            content = .quantity(QuantityContent(quantity: Quantity(value, unit)))
        } else {
            content = .category(value: draft.categoryValue ?? 0)
        }
        let (metadata, revision) = try metadataAndRevision(provenance, start: start)
        do {
            return try Sample(
                uuid: uuid, type: type, startDate: start.date, endDate: end.date, metadata: metadata,
                device: provenance.device?.device, sourceRevision: revision, content: content)
        } catch {
            throw Problem(field: ExportRecordBuilder.field(of: error), reason: error.description)
        }
    }

    /// The sample of a record draft (identity and build in one step; for records inside correlations).
    func makeSample(_ draft: RecordDraft) throws(Problem) -> Sample {
        try makeSample(draft, uuid: try identity(of: draft))
    }

    /// Mixes provenance, dates and metadata into the identity.
    func hashProvenance(
        _ provenance: ProvenanceDraft, start: (date: Date, offset: Int), end: (date: Date, offset: Int),
        hasher: inout ContentHasher
    ) throws(Problem) {
        guard let source = provenance.source else { throw Problem(field: "sourceName", reason: "missing") }
        hasher.combine(source.digest)
        hasher.combine(provenance.version?.digest ?? ContentDigest(high: 0, low: 0))
        hasher.combine(provenance.device?.digest ?? ContentDigest(high: 0, low: 0))
        hasher.combine(start.date.timeIntervalSince1970)
        hasher.combine(end.date.timeIntervalSince1970)
        hasher.combine(UInt64(bitPattern: Int64(start.offset)), UInt64(bitPattern: Int64(end.offset)))
        if let creation = provenance.creation { hasher.combine(creation.date.timeIntervalSince1970) }
        if provenance.metadata.count == 1 {
            hasher.combine(provenance.metadata[0].key)
            hasher.combine(provenance.metadata[0].value)
        } else if provenance.metadata.count > 1 {
            for entry in provenance.metadata.sorted(by: { $0.key < $1.key }) {
                hasher.combine(entry.key)
                hasher.combine(entry.value)
            }
        }
    }

    /// The sample's metadata (with the creation date and UTC offset added) and source revision.
    func metadataAndRevision(
        _ provenance: ProvenanceDraft, start: (date: Date, offset: Int)
    ) throws(Problem) -> ([String: MetadataValue], SourceRevision) {
        guard let source = provenance.source else { throw Problem(field: "sourceName", reason: "missing") }
        var metadata: [String: MetadataValue] = [:]
        metadata.reserveCapacity(provenance.metadata.count + 2)
        if let creation = provenance.creation { metadata[ExportMetadataKey.creationDate] = .date(creation.date) }
        metadata[ExportMetadataKey.utcOffset] = .number(Double(start.offset))
        for entry in provenance.metadata {
            guard !entry.key.isEmpty else { throw Problem(field: "MetadataEntry", reason: "a key is empty") }
            metadata[entry.key] = metadataValue(key: entry.key, text: entry.value)
        }
        let productType = provenance.device?.device?.hardwareVersion
        let key = RevisionKey(
            source: ObjectIdentifier(source), version: provenance.version.map(ObjectIdentifier.init),
            productType: productType)
        let version = provenance.version?.text
        let revision = revisions.withLock { cache in
            if let last = cache.last, last.key == key { return last.revision }
            let revision: SourceRevision
            if let known = cache.byKey[key] {
                revision = known
            } else {
                revision = SourceRevision(source: source.source, version: version, productType: productType)
                cache.byKey[key] = revision
            }
            cache.last = (key, revision)
            return revision
        }
        return (metadata, revision)
    }

    /// Identity and metadata in one step (correlations and workouts, which are few).
    func provenanceParts(
        _ provenance: ProvenanceDraft, start: (date: Date, offset: Int), end: (date: Date, offset: Int),
        hasher: inout ContentHasher
    ) throws(Problem) -> ([String: MetadataValue], SourceRevision) {
        try hashProvenance(provenance, start: start, end: end, hasher: &hasher)
        return try metadataAndRevision(provenance, start: start)
    }

    /// A metadata value from its text: a number, a date (`2019-12-29 08:47:08 +0200`), a quantity (`418 cm`, `66
    /// degF`), or else the text. Sync identifiers stay text.
    func metadataValue(key: String, text: String) -> MetadataValue {
        if key == MetadataKey.syncIdentifier { return .string(text) }
        var copy = text
        return copy.withUTF8 { buffer -> MetadataValue in
            let bytes = UnsafeRawBufferPointer(buffer)
            guard let first = bytes.first,
                first == UInt8(ascii: "-") || first == UInt8(ascii: ".") || (first >= 0x30 && first <= 0x39)
            else {
                return .string(text)
            }
            if let number = DecimalParser.parse(bytes) { return .number(number) }
            if let date = DateReader.exportRecordDate(bytes) { return .date(date.date) }
            guard let space = bytes.firstIndex(of: UInt8(ascii: " ")),
                let number = DecimalParser.parse(UnsafeRawBufferPointer(rebasing: bytes[..<space]))
            else { return .string(text) }
            let unitText = String(decoding: bytes[(space + 1)...], as: UTF8.self)
            let unit: HealthUnit? = metadataUnits.withLock { units in
                if let cached = units[unitText] { return cached }
                let parsed = try? HealthUnit(parsing: unitText)
                units[unitText] = parsed
                return parsed
            }
            guard let unit else { return .string(text) }
            return .quantity(Quantity(number, unit))
        }
    }

    /// The field a model error is about.
    static func field(of error: HealthModelError) -> String {
        switch error {
        case .invalidUnit, .unitNotCompatibleWithType, .incompatibleUnits: return "unit"
        case let .nonFiniteValue(field): return field
        case .endBeforeStart: return "endDate"
        case .unknownTypeIdentifier: return "type"
        case .invalidCategoryValue: return "value"
        case let .invalidField(field, _): return field
        case .invalidCorrelation: return "Record"
        case .readOnlyType: return "type"
        case .syncMetadataIncomplete: return "MetadataEntry"
        }
    }
}
