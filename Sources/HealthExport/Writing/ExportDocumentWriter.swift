import Foundation
import HealthEngine
import HealthModel
import HealthStore

/// Writes everything a store holds of one person as an Apple Health `export.xml` document, the format
/// `ExportImporter` (and `ohk import`) reads back: every sample (quantities, categories, correlations with their
/// members, workouts with their events, statistics and routes), heartbeat series of heart rate variability samples,
/// activity summaries, characteristics and the elements an import kept as written.
///
/// Streams: samples are read type by type in windows of time of about `windowSize` samples each, and the document
/// goes to `output` in chunks of about 256 KB, so memory stays bounded by one window (plus one type's workouts'
/// routes, read one workout at a time) whatever the size of the store.
///
/// What the format cannot carry (see `docs/security/lifecycle.md`): sample identifiers (the importer derives them
/// from the content), bundle identifiers (exports name sources only; the importer makes `export:NAME`), a source
/// revision's operating system version and a product type not given by a device, series entries of quantity series
/// samples (their total is written), samples' associations with workouts, source priority orders, background-delivery
/// subscriptions, the change log and clinical documents (CDA). Not one snapshot: each window is read on its own, so a
/// commit made while the export runs may be in it or not.
public struct ExportDocumentWriter {
    /// What was written.
    public struct Summary: Sendable, Equatable {
        /// Quantity and category records written at the top level.
        public var records = 0
        /// Correlations (their member records are inside them).
        public var correlations = 0
        /// Workouts.
        public var workouts = 0
        /// Workout routes and their points.
        public var routes = 0, routePoints = 0
        /// Heartbeat series and their beats.
        public var heartbeatSeries = 0, heartbeats = 0
        /// Activity summaries.
        public var activitySummaries = 0
        /// Elements kept as written by an import, at the top level or inside their sample.
        public var keptElements = 0
        /// Bytes written.
        public var bytes: Int64 = 0
    }

    /// The type whose samples carry heartbeat series (looked up sample by sample, so for this type alone).
    static let heartRateVariability = "HKQuantityTypeIdentifierHeartRateVariabilitySDNN"

    private let storage: any SampleStorage & RecordStorage
    private let timeZone: TimeZone
    private let exportDate: Date
    private let windowSize: Int

    /// A writer of the samples and records behind `storage` (the two roles an export reads). Dates are written with
    /// the UTC offset an import recorded (`ExportMetadataKey.utcOffset`), else that of the sample's `HKTimeZone`, else
    /// that of `timeZone`; `exportDate` is the document's `ExportDate` (pass the clock's now).
    public init(
        storage: any SampleStorage & RecordStorage, timeZone: TimeZone, exportDate: Date, windowSize: Int = 20_000
    ) {
        self.storage = storage
        self.timeZone = timeZone
        self.exportDate = exportDate
        self.windowSize = max(1, windowSize)
    }

    /// A writer of what `store` holds, as that store object sees it (a person's whole store for a full export).
    public init(store: HealthDataStore, timeZone: TimeZone, exportDate: Date, windowSize: Int = 20_000) {
        self.init(storage: store.storage, timeZone: timeZone, exportDate: exportDate, windowSize: windowSize)
    }

    /// Writes the document, handing it to `output` in chunks; returns what was written.
    @discardableResult
    public func write(to output: (Data) throws -> Void) throws -> Summary {
        try withoutActuallyEscaping(output) { output in try write(into: Sink(output: output)) }
    }

    private func write(into start: Sink) throws -> Summary {
        var sink = start
        var summary = Summary()
        let kept = try storage.keptElements(parent: nil)
        var keptByParent: [UUID: [ExportElement]] = [:]
        for element in kept {
            if let parent = element.parent { keptByParent[parent, default: []].append(element.element) }
        }

        sink.append("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n")
        sink.append("<HealthData")
        if let locale = try storage.exportInformation()?.locale { sink.attribute("locale", locale) }
        sink.append(">\n <ExportDate")
        sink.attribute(
            "value", ExportDocumentWriter.dateText(exportDate, offset: timeZone.secondsFromGMT(for: exportDate)))
        sink.append("/>\n")
        let characteristics = try storage.characteristics()
        if !characteristics.isEmpty {
            sink.append(" <Me")
            for key in characteristics.keys.sorted() { sink.attribute(key, characteristics[key]!) }
            sink.append("/>\n")
        }
        try sink.flushIfFull()

        let summaries = try storage.typeSummaries()
        let hasRoutes = summaries.contains { $0.type == .workoutRoute }
        let hasBeats = summaries.contains { $0.type == .heartbeatSeries }
        for kind in [SampleKind.quantity, .category, .correlation, .workout] {
            for typeSummary in summaries where typeSummary.type.kind == kind {
                for window in windows(of: typeSummary) {
                    let stored = try storage.candidates(of: typeSummary.type, within: window)
                        .filter {
                            window.contains(
                                start: $0.sample.startDate.timeIntervalSinceReferenceDate,
                                end: $0.sample.endDate.timeIntervalSinceReferenceDate)
                        }
                        .map(\.sample).sorted {
                            ($0.startDate, $0.uuid.uuidString) < ($1.startDate, $1.uuid.uuidString)
                        }
                    // Members of correlations are written inside them (an export's top-level copies would be one sample).
                    let members =
                        kind == .quantity || kind == .category
                        ? try storage.correlationMembers(among: stored.map(\.uuid)) : []
                    for sample in stored where !members.contains(sample.uuid) {
                        switch kind {
                        case .correlation:
                            writeCorrelation(sample, kept: keptByParent, into: &sink, summary: &summary)
                        case .workout:
                            let routes =
                                hasRoutes
                                ? try SampleQueryEngine(storage: storage).workoutRoutes(ofWorkout: sample.uuid) : []
                            writeWorkout(
                                sample, routes: routes, kept: keptByParent[sample.uuid] ?? [], into: &sink,
                                summary: &summary)
                        default:
                            let series =
                                hasBeats && sample.type.identifier == ExportDocumentWriter.heartRateVariability
                                ? try heartbeats(of: sample) : nil
                            writeRecord(
                                sample, indent: " ", series: series, kept: keptByParent[sample.uuid] ?? [], into: &sink,
                                summary: &summary)
                            summary.records += 1
                        }
                        try sink.flushIfFull()
                    }
                }
            }
        }

        let activity = try storage.activitySummaries(
            from: DateComponents(year: 1, month: 1, day: 1), through: DateComponents(year: 9999, month: 12, day: 31))
        for day in activity {
            writeActivitySummary(day, into: &sink)
            summary.activitySummaries += 1
            try sink.flushIfFull()
        }
        for element in kept where element.parent == nil {
            writeElement(element.element, indent: " ", into: &sink)
            summary.keptElements += 1
            try sink.flushIfFull()
        }
        sink.append("</HealthData>\n")
        try sink.flush()
        summary.bytes = sink.written
        return summary
    }

    /// Windows of start dates that hold about `windowSize` samples each if the type's samples were spread evenly,
    /// covering every start date (the first and last are open).
    private func windows(of summary: TypeSummary) -> [TimeBounds] {
        let first = summary.firstStart.timeIntervalSinceReferenceDate
        let last = summary.lastEnd.timeIntervalSinceReferenceDate
        let count = max(1, min(100_000, summary.count / windowSize + 1))
        guard count > 1, last > first else { return [.unbounded] }
        let step = (last - first) / Double(count)
        return (0..<count).map { index in
            TimeBounds(
                startLowerBound: index == 0 ? -.infinity : first + Double(index) * step,
                startUpperBound: index == count - 1 ? .infinity : first + Double(index + 1) * step)
        }
    }

    // MARK: Samples

    /// The UTC offset a sample's dates are written with, at `date`.
    private func offset(of sample: Sample, at date: Date) -> Int {
        if let recorded = sample.metadata?[ExportMetadataKey.utcOffset]?.numberValue, recorded.isFinite,
            abs(recorded) < 86_400
        {
            return Int(recorded)
        }
        if let name = sample.metadata?[MetadataKey.timeZone]?.stringValue, let zone = TimeZone(identifier: name) {
            return zone.secondsFromGMT(for: date)
        }
        return timeZone.secondsFromGMT(for: date)
    }

    /// Source, version, device, creation, start and end attributes, as exports write them.
    private func writeProvenance(_ sample: Sample, into sink: inout Sink) {
        let revision = sample.sourceRevision
        sink.attribute("sourceName", revision?.source.name ?? "")
        if let version = revision?.version { sink.attribute("sourceVersion", version) }
        if let device = sample.device { sink.attribute("device", ExportDocumentWriter.deviceText(device)) }
        let startOffset = offset(of: sample, at: sample.startDate)
        let recordsOffset = sample.metadata?[ExportMetadataKey.utcOffset] != nil
        if case let .date(created)? = sample.metadata?[ExportMetadataKey.creationDate] {
            sink.attribute("creationDate", ExportDocumentWriter.dateText(created, offset: startOffset))
        }
        sink.attribute("startDate", ExportDocumentWriter.dateText(sample.startDate, offset: startOffset))
        let endOffset = recordsOffset ? startOffset : offset(of: sample, at: sample.endDate)
        sink.attribute("endDate", ExportDocumentWriter.dateText(sample.endDate, offset: endOffset))
    }

    /// `MetadataEntry` children, without the keys the importer makes from attributes.
    private func writeMetadata(_ metadata: [String: MetadataValue]?, indent: String, into sink: inout Sink) {
        guard let metadata else { return }
        for key in metadata.keys.sorted()
        where key != ExportMetadataKey.utcOffset && key != ExportMetadataKey.creationDate {
            sink.append(indent + "<MetadataEntry")
            sink.attribute("key", key)
            sink.attribute("value", ExportDocumentWriter.metadataText(metadata[key]!))
            sink.append("/>\n")
        }
    }

    /// The beats of the heartbeat series imported with a heart rate variability sample (`Sample.heartbeatSeries(
    /// importedWith:beats:)`), as the export writes them.
    private func heartbeats(of sample: Sample) throws -> HeartbeatSeries? {
        let uuid = Sample.heartbeatSeriesUUID(of: sample.uuid)
        guard let series = try storage.storedSamples(withUUIDs: [uuid]).first?.sample else { return nil }
        return HeartbeatSeries(seriesSample: series, of: sample.uuid).flatMap { $0.beats.isEmpty ? nil : $0 }
    }

    private func writeRecord(
        _ sample: Sample, indent: String, series: HeartbeatSeries?, kept: [ExportElement], into sink: inout Sink,
        summary: inout Summary
    ) {
        sink.append(indent + "<Record")
        sink.attribute("type", sample.type.identifier)
        writeProvenance(sample, into: &sink)
        if let quantity = sample.quantity {
            sink.attribute("unit", quantity.unit.unitString)
            sink.attribute("value", ExportDocumentWriter.numberText(quantity.value))
        } else if let value = sample.categoryValue {
            sink.attribute("value", sample.type.categoryDescription?.value(raw: value)?.name ?? String(value))
        }
        let hasChildren = sample.metadata.map { !$0.isEmpty } ?? false || series != nil || !kept.isEmpty
        guard hasChildren else {
            sink.append("/>\n")
            return
        }
        sink.append(">\n")
        writeMetadata(sample.metadata, indent: indent + " ", into: &sink)
        if let series {
            // Times of day on the local day of the start (the importer moves a time more than twelve hours before the
            // start to the next day).
            let offset = offset(of: sample, at: sample.startDate)
            sink.append(indent + " <HeartRateVariabilityMetadataList>\n")
            for beat in series.beats {
                sink.append(indent + "  <InstantaneousBeatsPerMinute")
                sink.attribute("bpm", ExportDocumentWriter.numberText(beat.beatsPerMinute))
                sink.attribute("time", ExportDocumentWriter.timeOfDayText(beat.date, offset: offset))
                sink.append("/>\n")
            }
            sink.append(indent + " </HeartRateVariabilityMetadataList>\n")
            summary.heartbeatSeries += 1
            summary.heartbeats += series.beats.count
        }
        for element in kept { writeElement(element, indent: indent + " ", into: &sink) }
        summary.keptElements += kept.count
        sink.append(indent + "</Record>\n")
    }

    private func writeCorrelation(
        _ sample: Sample, kept: [UUID: [ExportElement]], into sink: inout Sink, summary: inout Summary
    ) {
        sink.append(" <Correlation")
        sink.attribute("type", sample.type.identifier)
        writeProvenance(sample, into: &sink)
        sink.append(">\n")
        writeMetadata(sample.metadata, indent: "  ", into: &sink)
        for member in (sample.correlatedObjects ?? []).sorted(by: {
            ($0.startDate, $0.uuid.uuidString) < ($1.startDate, $1.uuid.uuidString)
        }) {
            writeRecord(member, indent: "  ", series: nil, kept: [], into: &sink, summary: &summary)
        }
        let children = kept[sample.uuid] ?? []
        for element in children { writeElement(element, indent: "  ", into: &sink) }
        summary.keptElements += children.count
        summary.correlations += 1
        sink.append(" </Correlation>\n")
    }

    private func writeWorkout(
        _ sample: Sample, routes: [WorkoutRoute], kept: [ExportElement], into sink: inout Sink, summary: inout Summary
    ) {
        guard let workout = sample.workoutContent else { return }
        sink.append(" <Workout")
        sink.attribute("workoutActivityType", workout.activityType?.name ?? "HKWorkoutActivityTypeOther")
        sink.attribute("duration", ExportDocumentWriter.numberText(workout.duration))
        sink.attribute("durationUnit", "s")
        writeProvenance(sample, into: &sink)
        sink.append(">\n")
        writeMetadata(sample.metadata, indent: "  ", into: &sink)
        let offset = offset(of: sample, at: sample.startDate)
        for event in workout.events {
            sink.append("  <WorkoutEvent")
            sink.attribute("type", event.type.exportName)
            sink.attribute("date", ExportDocumentWriter.dateText(event.startDate, offset: offset))
            if event.endDate > event.startDate {
                sink.attribute(
                    "duration", ExportDocumentWriter.numberText(event.endDate.timeIntervalSince(event.startDate)))
                sink.attribute("durationUnit", "s")
            }
            if let metadata = event.metadata, !metadata.isEmpty {
                sink.append(">\n")
                writeMetadata(metadata, indent: "   ", into: &sink)
                sink.append("  </WorkoutEvent>\n")
            } else {
                sink.append("/>\n")
            }
        }
        for identifier in workout.statistics.keys.sorted() {
            let statistic = workout.statistics[identifier]!
            let figures = [
                ("sum", statistic.sum), ("average", statistic.average), ("minimum", statistic.minimum),
                ("maximum", statistic.maximum),
            ]
            guard let unit = figures.lazy.compactMap({ $0.1?.unit }).first else { continue }
            sink.append("  <WorkoutStatistics")
            sink.attribute("type", identifier)
            sink.attribute("startDate", ExportDocumentWriter.dateText(sample.startDate, offset: offset))
            sink.attribute("endDate", ExportDocumentWriter.dateText(sample.endDate, offset: offset))
            for (name, quantity) in figures {
                guard let quantity, let value = try? quantity.value(in: unit) else { continue }
                sink.attribute(name, ExportDocumentWriter.numberText(value))
            }
            sink.attribute("unit", unit.unitString)
            sink.append("/>\n")
        }
        for route in routes {
            sink.append("  <WorkoutRoute")
            if let name = route.sourceName { sink.attribute("sourceName", name) }
            sink.append(">\n")
            for location in route.locations {
                sink.append("   <Location")
                sink.attribute("date", ExportDocumentWriter.dateText(location.date, offset: offset))
                sink.attribute("latitude", ExportDocumentWriter.numberText(location.latitude))
                sink.attribute("longitude", ExportDocumentWriter.numberText(location.longitude))
                let optional = [
                    ("altitude", location.altitude), ("speed", location.speed), ("course", location.course),
                    ("horizontalAccuracy", location.horizontalAccuracy),
                    ("verticalAccuracy", location.verticalAccuracy),
                ]
                for (name, value) in optional {
                    if let value { sink.attribute(name, ExportDocumentWriter.numberText(value)) }
                }
                sink.append("/>\n")
            }
            sink.append("  </WorkoutRoute>\n")
            summary.routes += 1
            summary.routePoints += route.locations.count
        }
        for element in kept { writeElement(element, indent: "  ", into: &sink) }
        summary.keptElements += kept.count
        summary.workouts += 1
        sink.append(" </Workout>\n")
    }

    private func writeActivitySummary(_ day: ActivitySummary, into sink: inout Sink) {
        sink.append(" <ActivitySummary")
        sink.attribute(
            "dateComponents", DateWriter.day(year: day.day.year ?? 0, month: day.day.month ?? 0, day: day.day.day ?? 0))
        let energyUnit = day.activeEnergyBurned.unit
        let figures: [(String, Quantity, HealthUnit)] = [
            ("activeEnergyBurned", day.activeEnergyBurned, energyUnit),
            ("activeEnergyBurnedGoal", day.activeEnergyBurnedGoal, energyUnit),
            ("appleMoveTime", day.appleMoveTime, .minute), ("appleMoveTimeGoal", day.appleMoveTimeGoal, .minute),
            ("appleExerciseTime", day.appleExerciseTime, .minute),
            ("appleExerciseTimeGoal", day.appleExerciseTimeGoal, .minute),
            ("appleStandHours", day.appleStandHours, .count), ("appleStandHoursGoal", day.appleStandHoursGoal, .count),
        ]
        for (name, quantity, unit) in figures {
            sink.attribute(name, ExportDocumentWriter.numberText((try? quantity.value(in: unit)) ?? quantity.value))
            if name == "activeEnergyBurned" { sink.attribute("activeEnergyBurnedUnit", energyUnit.unitString) }
        }
        if day.isPaused { sink.attribute("paused", "1") }
        sink.append("/>\n")
    }

    private func writeElement(_ element: ExportElement, indent: String, into sink: inout Sink) {
        sink.append(indent + "<" + element.name)
        for attribute in element.attributes { sink.attribute(attribute.name, attribute.value) }
        guard !element.children.isEmpty else {
            sink.append("/>\n")
            return
        }
        sink.append(">\n")
        for child in element.children { writeElement(child, indent: indent + " ", into: &sink) }
        sink.append(indent + "</" + element.name + ">\n")
    }

    // MARK: Text forms

    /// `2019-12-29 08:47:08 +0200`, with up to six digits of fraction when the date has one.
    static func dateText(_ date: Date, offset: Int) -> String {
        let micros = ((date.timeIntervalSince1970 + Double(offset)) * 1_000_000).rounded()
        guard micros.isFinite, abs(micros) < 9e18 else { return "0001-01-01 00:00:00 +0000" }
        let total = Int64(micros)
        let seconds = total >= 0 ? total / 1_000_000 : (total - 999_999) / 1_000_000
        let fraction = total - seconds * 1_000_000
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let secondOfDay = Int(seconds - days * 86_400)
        let (year, month, day) = ProlepticGregorian.date(daysSince1970: Int(days))
        var text = String(
            format: "%04d-%02d-%02d %02d:%02d:%02d", year, month, day, secondOfDay / 3600, secondOfDay % 3600 / 60,
            secondOfDay % 60)
        if fraction != 0 { text += fractionText(fraction) }
        let sign = offset < 0 ? "-" : "+"
        text += String(format: " %@%02d%02d", sign, abs(offset) / 3600, abs(offset) % 3600 / 60)
        return text
    }

    /// `HH:mm:ss.ffffff` in the offset's local time, for beats.
    static func timeOfDayText(_ date: Date, offset: Int) -> String {
        let text = dateText(date, offset: offset)
        let time = text.dropFirst(11)
        return String(time[..<(time.lastIndex(of: " ") ?? time.endIndex)])
    }

    private static func fractionText(_ micros: Int64) -> String {
        var digits = String(format: "%06lld", micros)
        while digits.hasSuffix("0") { digits.removeLast() }
        return "." + digits
    }

    /// The shortest text that reads back as the same number (`72`, `0.1`, `1e-07`).
    static func numberText(_ value: Double) -> String {
        if value.rounded() == value, abs(value) < 1e15 { return String(Int64(value)) }
        return String(value)
    }

    /// A metadata value as the importer reads it back: numbers, dates and quantities in their export forms.
    static func metadataText(_ value: MetadataValue) -> String {
        switch value {
        case let .string(text): return text
        case let .number(number): return numberText(number)
        case let .date(date): return dateText(date, offset: 0)
        case let .quantity(quantity): return numberText(quantity.value) + " " + quantity.unit.unitString
        }
    }

    /// A device as exports describe it (`<<HKDevice: 0x0>, name:Apple Watch, manufacturer:Apple Inc., …>`).
    static func deviceText(_ device: Device) -> String {
        let fields: [(String, String?)] = [
            ("name", device.name), ("manufacturer", device.manufacturer), ("model", device.model),
            ("hardware", device.hardwareVersion),
            ("firmware", device.firmwareVersion), ("software", device.softwareVersion),
            ("localIdentifier", device.localIdentifier),
            ("UDIDeviceIdentifier", device.udiDeviceIdentifier),
        ]
        return "<<HKDevice: 0x0>, "
            + fields.compactMap { key, value in value.map { "\(key):\($0)" } }.joined(separator: ", ") + ">"
    }
}

/// The document's bytes on their way to the output, handed over in chunks.
private struct Sink {
    let output: (Data) throws -> Void
    var buffer: [UInt8] = []
    var written: Int64 = 0
    static let chunk = 256 * 1024

    init(output: @escaping (Data) throws -> Void) {
        self.output = output
        buffer.reserveCapacity(Sink.chunk + 4096)
    }

    mutating func append(_ text: String) { buffer.append(contentsOf: text.utf8) }

    /// ` name="value"` with the value escaped (quotes, markup characters and line breaks as references).
    mutating func attribute(_ name: String, _ value: String) {
        buffer.append(0x20)
        buffer.append(contentsOf: name.utf8)
        buffer.append(contentsOf: "=\"".utf8)
        for byte in value.utf8 {
            switch byte {
            case UInt8(ascii: "&"): buffer.append(contentsOf: "&amp;".utf8)
            case UInt8(ascii: "<"): buffer.append(contentsOf: "&lt;".utf8)
            case UInt8(ascii: ">"): buffer.append(contentsOf: "&gt;".utf8)
            case UInt8(ascii: "\""): buffer.append(contentsOf: "&quot;".utf8)
            case 0x00..<0x20: buffer.append(contentsOf: "&#\(byte);".utf8)
            default: buffer.append(byte)
            }
        }
        buffer.append(UInt8(ascii: "\""))
    }

    mutating func flushIfFull() throws {
        if buffer.count >= Sink.chunk { try flush() }
    }

    mutating func flush() throws {
        guard !buffer.isEmpty else { return }
        try output(Data(buffer))
        written += Int64(buffer.count)
        buffer.removeAll(keepingCapacity: true)
    }
}
