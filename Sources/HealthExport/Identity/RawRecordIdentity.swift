import Foundation
import HealthModel

/// The identity of a record computed from its tags as written: every attribute (name and value) of the `Record` tag
/// and of its `MetadataEntry` children, in any order, with the device description's `0x…` address skipped.
///
/// Computed while tokenizing, before any attribute is interpreted, so that a record the store already holds (a
/// re-import) costs no parsing at all. Each attribute is hashed on its own and the hashes are added, so the order of
/// attributes and of metadata entries does not matter.
struct RawRecordIdentity: Sendable {
    private var high: UInt64 = 0
    private var low: UInt64 = 0
    private var count: UInt64 = 0
    /// The record's start date, which leads its identifier (see `ContentDigest.uuid(startingAt:)`).
    private var start: Date?

    /// Adds every attribute of a `Record` tag.
    mutating func add(record tag: XMLTag) {
        for attribute in tag.attributes { add(attribute, seed: 31) }
        start = tag.rawValue("startDate").flatMap(DateReader.exportRecordDate)?.date
    }

    /// Adds the key and value of a `MetadataEntry` tag (as one pair, so that keys and values cannot trade places).
    mutating func add(metadataEntry tag: XMLTag) {
        var hasher = ContentHasher(seed: 32)
        for attribute in tag.attributes {
            hasher.combine(attribute.name)
            hasher.combine(attribute.value)
        }
        accumulate(hasher.finalize())
    }

    private mutating func add(_ attribute: XMLAttribute, seed: UInt64) {
        var hasher = ContentHasher(seed: seed)
        hasher.combine(attribute.name)
        if XMLBytes.equal(attribute.name, "device") {
            hasher.combine(ExportRecordBuilder.withoutAddress(attribute.value))
        } else {
            hasher.combine(attribute.value)
        }
        accumulate(hasher.finalize())
    }

    private mutating func accumulate(_ digest: ContentDigest) {
        high &+= digest.high
        low &+= digest.low
        count &+= 1
    }

    /// The identifier (a version 8 UUID led by the start time).
    var uuid: UUID {
        var hasher = ContentHasher(seed: 33)
        hasher.combine(high, low)
        hasher.combine(count)
        return hasher.finalize().uuid(startingAt: start)
    }
}

/// Reads the bytes of one record (its tag and its `MetadataEntry` tags, as the reader kept them) into a draft.
struct RecordBytesReader: XMLTokenHandler {
    /// The builder whose caches the draft's values come from.
    let builder: ExportRecordBuilder
    /// The draft, once the `Record` tag was read.
    private(set) var draft: RecordDraft?

    init(builder: ExportRecordBuilder) {
        self.builder = builder
    }

    var wantsText: Bool { false }

    mutating func text(_ bytes: UnsafeRawBufferPointer) {}

    mutating func startElement(_ tag: XMLTag) throws {
        if let draft {
            guard tag.isNamed("MetadataEntry") else { return }
            if let entry = builder.readMetadataEntry(tag) { draft.provenance.metadata.append(entry) }
            draft.rawIdentity.add(metadataEntry: tag)
        } else if tag.isNamed("Record") {
            draft = builder.readRecord(tag)
        }
    }

    mutating func endElement(name: UnsafeRawBufferPointer, line: Int) throws {}

    /// The draft of a record's bytes, with its line set.
    static func draft(of bytes: [UInt8], line: Int, builder: ExportRecordBuilder) -> RecordDraft? {
        var reader = RecordBytesReader(builder: builder)
        bytes.withUnsafeBytes { buffer in try? builder.scratchTokenizer.feed(buffer, into: &reader) }
        reader.draft?.provenance.line = line
        return reader.draft
    }
}
