import Foundation
import HealthModel

/// Follows the structure of an export document token by token and hands what it reads to the batcher (samples) and
/// the receiver (everything else). An element it cannot read is reported with its line and skipped.
///
/// A struct, passed `inout` to the tokenizer, so that its state is checked for exclusive access at compile time
/// rather than on every access.
struct ExportDocumentReader: XMLTokenHandler {
    /// What an open element is, for the elements below it.
    private enum Frame {
        case healthData, lazyRecord, record, heartbeatList, correlation, workout, workoutEvent, workoutRoute, capture,
            skip
    }

    /// Where a captured element goes once it is complete.
    private enum CaptureTarget {
        case topLevel, record, correlation, workout
    }

    private struct CapturedElement {
        var name: String
        var attributes: [(name: String, value: String)]
        var children: [ExportElement]
        var line: Int

        var element: ExportElement { ExportElement(name: name, attributes: attributes, children: children, line: line) }
    }

    private let file: String
    private let builder: ExportRecordBuilder
    /// The batcher that saves samples; its report collects every count.
    let batcher: SampleBatcher
    private let receiver: ImportedDataReceiver

    private var frames: [Frame] = []
    private var frameNames: [String] = []
    private var record: RecordDraft?
    /// A top-level record kept as its bytes (its tag and metadata tags) until the store says whether it is new.
    private var lazyRecord: (bytes: [UInt8], identity: RawRecordIdentity, line: Int)?
    private var correlation: CorrelationDraft?
    private var workout: WorkoutDraft?
    private var captures: [CapturedElement] = []
    private var captureTarget: CaptureTarget = .topLevel
    /// Routes whose GPX file is read after the document (the zip cannot be read twice at once).
    private(set) var routeReferences: [(workout: UUID, route: WorkoutRouteDraft)] = []
    /// Clinical records, whose FHIR resource files are read after the document (`ClinicalRecordImporter`).
    private(set) var clinicalRecordReferences: [ClinicalRecordReference] = []
    /// Whether `</HealthData>` was read.
    private(set) var finished = false
    private var exportDate: Date?
    private var locale: String?

    init(file: String, builder: ExportRecordBuilder, batcher: SampleBatcher, receiver: ImportedDataReceiver) {
        self.file = file
        self.builder = builder
        self.batcher = batcher
        self.receiver = receiver
    }

    /// The element open at the end of the input, if any (the file ended early inside it).
    var openElement: String? { frameNames.last }

    /// Whether the reader is inside `<HealthData>` with no element of it open (between top-level elements).
    var isAtTopLevel: Bool {
        frames.count == 1 && frames[0] == .healthData && captures.isEmpty && record == nil && lazyRecord == nil
            && correlation == nil && workout == nil
    }

    var wantsText: Bool { false }

    mutating func text(_ bytes: UnsafeRawBufferPointer) {}

    private func problem(line: Int, element: String, field: String, reason: String) {
        batcher.report.skipped += 1
        batcher.report.issues.append(
            .invalidElement(file: file, line: line, element: element, field: field, reason: reason))
    }

    private func warning(line: Int, element: String, field: String, reason: String) {
        batcher.report.issues.append(
            .invalidElement(file: file, line: line, element: element, field: field, reason: reason))
    }

    private mutating func push(_ frame: Frame, _ tag: XMLTag) {
        frames.append(frame)
        frameNames.append(frame == .skip || frame == .capture ? "" : String(decoding: tag.name, as: UTF8.self))
    }

    // MARK: Opening tags

    mutating func startElement(_ tag: XMLTag) throws {
        if !captures.isEmpty {
            startCapture(tag)
            return
        }
        guard let current = frames.last else {
            if tag.isNamed("HealthData") {
                locale = tag.value("locale")
                push(.healthData, tag)
            } else {
                push(.skip, tag)
            }
            return
        }
        switch current {
        case .healthData:
            startTopLevel(tag)
        case .lazyRecord:
            if tag.isNamed("MetadataEntry") {
                lazyRecord?.bytes.append(contentsOf: tag.bytes)
                lazyRecord?.identity.add(metadataEntry: tag)
                push(.skip, tag)
            } else if let lazy = lazyRecord.take() {
                // A heartbeat list or another child: read the record now and go on as with any record.
                record = RecordBytesReader.draft(of: lazy.bytes, line: lazy.line, builder: builder)
                frames[frames.count - 1] = .record
                try startElement(tag)
            } else {
                push(.skip, tag)
            }
        case .record:
            if tag.isNamed("MetadataEntry") {
                if let entry = builder.readMetadataEntry(tag) { record?.provenance.metadata.append(entry) }
                record?.rawIdentity.add(metadataEntry: tag)
                push(.skip, tag)
            } else if tag.isNamed("HeartRateVariabilityMetadataList") {
                push(.heartbeatList, tag)
            } else {
                captureTarget = .record
                startCapture(tag)
            }
        case .heartbeatList:
            if tag.isNamed("InstantaneousBeatsPerMinute") {
                if let bpm = tag.rawValue("bpm").flatMap(DecimalParser.parse), let time = tag.value("time") {
                    record?.beats.append((bpm, time))
                } else {
                    warning(
                        line: tag.line, element: "InstantaneousBeatsPerMinute", field: "bpm",
                        reason: "missing or not a number")
                }
                push(.skip, tag)
            } else {
                captureTarget = .record
                startCapture(tag)
            }
        case .correlation:
            if tag.isNamed("MetadataEntry") {
                if let entry = builder.readMetadataEntry(tag) { correlation?.provenance.metadata.append(entry) }
                push(.skip, tag)
            } else if tag.isNamed("Record") {
                record = builder.readRecord(tag)
                push(.record, tag)
            } else {
                captureTarget = .correlation
                startCapture(tag)
            }
        case .workout:
            startWorkoutChild(tag)
        case .workoutEvent:
            if tag.isNamed("MetadataEntry"), let entry = builder.readMetadataEntry(tag) {
                if var event = workout?.events.popLast() {
                    event.metadata.append(entry)
                    workout?.events.append(event)
                }
            }
            push(.skip, tag)
        case .workoutRoute:
            startRouteChild(tag)
            push(.skip, tag)
        case .capture, .skip:
            push(.skip, tag)
        }
    }

    private mutating func startTopLevel(_ tag: XMLTag) {
        if tag.isNamed("Record") {
            if let typeBytes = tag.rawValue("type") {
                let type = builder.typeEntry(typeBytes) { tag.value("type") ?? "" }
                if type.sampleType == nil {
                    // A type the table does not know: kept as written, not dropped.
                    captureTarget = .topLevel
                    startCapture(tag)
                    return
                }
                if batcher.storeWasEmpty || batcher.saverIsBehind {
                    // The saver has more to do than the reader, or will store nearly every record anyway (a store
                    // that was empty has none of them): read the record here.
                    record = builder.readRecord(tag)
                    push(.record, tag)
                    return
                }
                // Kept as bytes; read only if the store does not have it yet.
                var identity = RawRecordIdentity()
                identity.add(record: tag)
                lazyRecord = (Array(tag.bytes), identity, tag.line)
                push(.lazyRecord, tag)
                return
            }
            record = builder.readRecord(tag)
            push(.record, tag)
        } else if tag.isNamed("Correlation") {
            correlation = builder.readCorrelation(tag)
            push(.correlation, tag)
        } else if tag.isNamed("Workout") {
            workout = builder.readWorkout(tag)
            push(.workout, tag)
        } else if tag.isNamed("ActivitySummary") {
            do {
                receiver.receive(activitySummary: try builder.makeActivitySummary(tag))
                batcher.report.activitySummaries += 1
            } catch {
                problem(line: tag.line, element: "ActivitySummary", field: error.field, reason: error.reason)
            }
            push(.skip, tag)
        } else if tag.isNamed("Me") {
            var characteristics: [String: String] = [:]
            for attribute in tag.attributes { characteristics[attribute.nameString] = attribute.decodedValue }
            receiver.receive(characteristics: characteristics)
            batcher.report.characteristics += characteristics.count
            push(.skip, tag)
        } else if tag.isNamed("ClinicalRecord") {
            var attributes: [String: String] = [:]
            for attribute in tag.attributes { attributes[attribute.nameString] = attribute.decodedValue }
            clinicalRecordReferences.append(ClinicalRecordReference(line: tag.line, attributes: attributes))
            push(.skip, tag)
        } else if tag.isNamed("ExportDate") {
            if let bytes = tag.rawValue("value"), let date = DateReader.exportRecordDate(bytes) {
                exportDate = date.date
            } else {
                warning(line: tag.line, element: "ExportDate", field: "value", reason: "missing or not a date")
            }
            push(.skip, tag)
        } else {
            captureTarget = .topLevel
            startCapture(tag)
        }
    }

    private mutating func startWorkoutChild(_ tag: XMLTag) {
        if tag.isNamed("MetadataEntry") {
            if let entry = builder.readMetadataEntry(tag) { workout?.provenance.metadata.append(entry) }
            push(.skip, tag)
        } else if tag.isNamed("WorkoutEvent") {
            var event = WorkoutEventDraft(line: tag.line)
            event.type = tag.value("type")
            event.date = tag.rawValue("date").flatMap(DateReader.exportRecordDate)?.date
            event.duration = tag.rawValue("duration").flatMap(DecimalParser.parse)
            event.durationUnit = tag.value("durationUnit")
            workout?.events.append(event)
            push(.workoutEvent, tag)
        } else if tag.isNamed("WorkoutStatistics") {
            var attributes: [String: String] = [:]
            for attribute in tag.attributes { attributes[attribute.nameString] = attribute.decodedValue }
            workout?.statistics.append((tag.line, attributes))
            push(.skip, tag)
        } else if tag.isNamed("WorkoutRoute") {
            var route = WorkoutRouteDraft(line: tag.line)
            route.sourceName = tag.value("sourceName")
            workout?.routes.append(route)
            push(.workoutRoute, tag)
        } else {
            // WorkoutActivity (iOS 16+) and anything unknown: kept as written, linked to the workout.
            captureTarget = .workout
            startCapture(tag)
        }
    }

    private mutating func startRouteChild(_ tag: XMLTag) {
        guard var route = workout?.routes.popLast() else { return }
        if tag.isNamed("FileReference") {
            route.filePath = tag.value("path")
        } else if tag.isNamed("Location") {
            if let date = tag.rawValue("date").flatMap(DateReader.exportRecordDate)?.date,
                let latitude = tag.rawValue("latitude").flatMap(DecimalParser.parse),
                let longitude = tag.rawValue("longitude").flatMap(DecimalParser.parse)
            {
                func number(_ name: StaticString) -> Double? { tag.rawValue(name).flatMap(DecimalParser.parse) }
                route.locations.append(
                    WorkoutRouteLocation(
                        date: date, latitude: latitude, longitude: longitude, altitude: number("altitude"),
                        speed: number("speed"),
                        course: number("course"), horizontalAccuracy: number("horizontalAccuracy"),
                        verticalAccuracy: number("verticalAccuracy")))
            } else {
                warning(
                    line: tag.line, element: "Location", field: "date/latitude/longitude",
                    reason: "missing or unreadable")
            }
        }
        workout?.routes.append(route)
    }

    private mutating func startCapture(_ tag: XMLTag) {
        captures.append(
            CapturedElement(
                name: String(decoding: tag.name, as: UTF8.self),
                attributes: tag.attributes.map { ($0.nameString, $0.decodedValue) }, children: [], line: tag.line))
        push(.capture, tag)
    }

    // MARK: Closing tags

    mutating func endElement(name: UnsafeRawBufferPointer, line: Int) throws {
        guard let frame = frames.popLast() else { return }
        frameNames.removeLast()
        switch frame {
        case .capture:
            guard let captured = captures.popLast() else { return }
            if captures.isEmpty {
                deliver(captured.element)
            } else {
                captures[captures.count - 1].children.append(captured.element)
            }
        case .lazyRecord:
            guard let lazy = lazyRecord.take() else { return }
            try batcher.add(recordBytes: lazy.bytes, uuid: lazy.identity.uuid, line: lazy.line)
        case .record:
            guard let draft = record.take() else { return }
            if correlation != nil {
                correlation?.members.append(draft)
            } else {
                try finishRecord(draft)
            }
        case .correlation:
            guard let draft = correlation else { return }
            correlation = nil
            try finishCorrelation(draft)
        case .workout:
            guard let draft = workout else { return }
            workout = nil
            try finishWorkout(draft)
        case .healthData:
            finished = true
            receiver.receive(exportDate: exportDate, locale: locale)
            batcher.report.exportDate = exportDate
            batcher.report.locale = locale
        case .heartbeatList, .workoutEvent, .workoutRoute, .skip:
            break
        }
    }

    private mutating func deliver(_ element: ExportElement) {
        switch captureTarget {
        case .topLevel:
            receiver.receive(keptElement: element, parent: nil)
            batcher.report.keptElements += 1
        case .record:
            record?.keptChildren.append(element)
        case .correlation:
            correlation?.keptChildren.append(element)
        case .workout:
            workout?.keptChildren.append(element)
        }
    }

    private mutating func finishRecord(_ draft: RecordDraft) throws {
        let uuid: UUID
        do {
            uuid = try builder.identity(of: draft)
        } catch {
            problem(line: draft.provenance.line, element: "Record", field: error.field, reason: error.reason)
            return
        }
        try batcher.add(record: draft, uuid: uuid, line: draft.provenance.line)
        if !draft.beats.isEmpty, let start = draft.provenance.start {
            var beats: [HeartbeatSeries.Beat] = []
            beats.reserveCapacity(draft.beats.count)
            for beat in draft.beats {
                guard let date = ExportRecordBuilder.beatDate(time: beat.time, start: start) else {
                    warning(
                        line: draft.provenance.line, element: "InstantaneousBeatsPerMinute", field: "time",
                        reason: "\"\(beat.time)\" is not a time of day")
                    continue
                }
                beats.append(HeartbeatSeries.Beat(date: date, beatsPerMinute: beat.beatsPerMinute))
            }
            receiver.receive(heartbeatSeries: HeartbeatSeries(sample: uuid, beats: beats))
            batcher.report.heartbeatSeries += 1
            batcher.report.heartbeats += beats.count
        }
        for child in draft.keptChildren {
            receiver.receive(keptElement: child, parent: uuid)
            batcher.report.keptElements += 1
        }
    }

    private mutating func finishCorrelation(_ draft: CorrelationDraft) throws {
        var members: [Sample] = []
        var seen = Set<UUID>()
        for member in draft.members {
            do {
                let sample = try builder.makeSample(member)
                // A record given twice inside one correlation is one sample.
                if seen.insert(sample.uuid).inserted { members.append(sample) }
            } catch {
                problem(line: member.provenance.line, element: "Record", field: error.field, reason: error.reason)
            }
        }
        let sample: Sample
        do {
            sample = try builder.makeCorrelation(draft, members: members)
        } catch {
            problem(line: draft.provenance.line, element: "Correlation", field: error.field, reason: error.reason)
            return
        }
        try batcher.add(sample, line: draft.provenance.line)
        for child in draft.keptChildren {
            receiver.receive(keptElement: child, parent: sample.uuid)
            batcher.report.keptElements += 1
        }
    }

    private mutating func finishWorkout(_ draft: WorkoutDraft) throws {
        let built: (sample: Sample, problems: [(line: Int, field: String, reason: String)])
        do {
            built = try builder.makeWorkout(draft)
        } catch {
            problem(line: draft.provenance.line, element: "Workout", field: error.field, reason: error.reason)
            return
        }
        for part in built.problems {
            warning(line: part.line, element: "Workout", field: part.field, reason: part.reason)
        }
        let sample = built.sample
        try batcher.add(sample, line: draft.provenance.line)
        batcher.report.workoutEvents += sample.workoutContent?.events.count ?? 0
        for child in draft.keptChildren {
            receiver.receive(keptElement: child, parent: sample.uuid)
            batcher.report.keptElements += 1
        }
        for route in draft.routes {
            if route.filePath != nil {
                routeReferences.append((sample.uuid, route))
            } else {
                deliverRoute(route, workout: sample.uuid, locations: route.locations)
            }
        }
    }

    /// Hands a route to the receiver with an identifier derived from its workout and points.
    func deliverRoute(_ route: WorkoutRouteDraft, workout: UUID, locations: [WorkoutRouteLocation]) {
        var hasher = ContentHasher(seed: 15)
        withUnsafeBytes(of: workout.uuid) { hasher.combine($0) }
        hasher.combine(route.filePath ?? "")
        hasher.combine(UInt64(locations.count))
        if let first = locations.first { hasher.combine(first.date.timeIntervalSince1970) }
        receiver.receive(
            route: WorkoutRoute(
                uuid: hasher.finalize().uuid(startingAt: locations.first?.date), workout: workout,
                sourceName: route.sourceName, filePath: route.filePath,
                locations: locations))
        batcher.report.workoutRoutes += 1
        batcher.report.routePoints += locations.count
    }
}
