import Foundation
import HealthModel

/// A `Correlation` being read.
struct CorrelationDraft {
    /// Provenance and dates.
    var provenance = ProvenanceDraft()
    /// The correlation type identifier.
    var type: String?
    /// The records it contains.
    var members: [RecordDraft] = []
    /// Children kept as written.
    var keptChildren: [ExportElement] = []
}

/// A `WorkoutEvent` being read.
struct WorkoutEventDraft {
    /// The line of the tag.
    var line: Int
    /// The event type name (`HKWorkoutEventTypePause`).
    var type: String?
    /// The event date.
    var date: Date?
    /// The duration, if given.
    var duration: Double?
    /// The duration's unit (minutes when not given).
    var durationUnit: String?
    /// Metadata entries.
    var metadata: [(key: String, value: String)] = []
}

/// A `WorkoutRoute` being read.
struct WorkoutRouteDraft {
    /// The line of the tag.
    var line: Int
    /// The route's source name.
    var sourceName: String?
    /// The GPX path from `FileReference`.
    var filePath: String?
    /// Inline `Location` points (old exports).
    var locations: [WorkoutRouteLocation] = []
}

/// A `Workout` being read.
struct WorkoutDraft {
    /// Provenance and dates.
    var provenance = ProvenanceDraft()
    /// The activity name (`HKWorkoutActivityTypeRunning`).
    var activityName: String?
    /// Attributes with a number and its unit: duration and the old totals (`totalDistance` + `totalDistanceUnit`).
    var figures: [String: String] = [:]
    /// Events.
    var events: [WorkoutEventDraft] = []
    /// `WorkoutStatistics` children, as attributes.
    var statistics: [(line: Int, attributes: [String: String])] = []
    /// Routes.
    var routes: [WorkoutRouteDraft] = []
    /// Children kept as written (`WorkoutActivity` and unknown ones).
    var keptChildren: [ExportElement] = []
}

extension ExportRecordBuilder {
    private static let figureAttributes: Set<String> = [
        "duration", "durationUnit", "totalDistance", "totalDistanceUnit", "totalEnergyBurned", "totalEnergyBurnedUnit",
        "totalSwimmingStrokeCount", "totalSwimmingStrokeCountUnit", "totalFlightsClimbed", "totalFlightsClimbedUnit",
    ]

    /// Reads a `Workout` tag into a draft.
    func readWorkout(_ tag: XMLTag) -> WorkoutDraft {
        var draft = WorkoutDraft()
        draft.provenance.line = tag.line
        for attribute in tag.attributes {
            if readProvenance(attribute, into: &draft.provenance) { continue }
            let name = attribute.nameString
            if name == "workoutActivityType" {
                draft.activityName = attribute.decodedValue
            } else if ExportRecordBuilder.figureAttributes.contains(name) {
                draft.figures[name] = attribute.decodedValue
            } else {
                draft.provenance.metadata.append((name, attribute.decodedValue))
            }
        }
        return draft
    }

    /// Reads a `Correlation` tag into a draft.
    func readCorrelation(_ tag: XMLTag) -> CorrelationDraft {
        var draft = CorrelationDraft()
        draft.provenance.line = tag.line
        for attribute in tag.attributes {
            if readProvenance(attribute, into: &draft.provenance) { continue }
            if XMLBytes.equal(attribute.name, "type") {
                draft.type = attribute.decodedValue
            } else {
                draft.provenance.metadata.append((attribute.nameString, attribute.decodedValue))
            }
        }
        return draft
    }

    /// The correlation sample of a draft whose contained samples are already built.
    func makeCorrelation(_ draft: CorrelationDraft, members: [Sample]) throws(Problem) -> Sample {
        let provenance = draft.provenance
        if let problem = provenance.problem { throw Problem(field: problem.field, reason: problem.reason) }
        guard let identifier = draft.type else { throw Problem(field: "type", reason: "missing") }
        let type: SampleType
        do { type = try SampleType.correlation(identifier) } catch {
            throw Problem(field: "type", reason: error.description)
        }
        guard let start = provenance.start else { throw Problem(field: "startDate", reason: "missing") }
        guard let end = provenance.end else { throw Problem(field: "endDate", reason: "missing") }
        guard !members.isEmpty else {
            throw Problem(field: "Record", reason: "the correlation contains no readable record")
        }
        var hasher = ContentHasher(seed: 14)
        hasher.combine(identifier)
        for uuid in members.map(\.uuid).sorted(by: { $0.uuidString < $1.uuidString }) {
            withUnsafeBytes(of: uuid.uuid) { hasher.combine($0) }
        }
        let (metadata, revision) = try provenanceParts(provenance, start: start, end: end, hasher: &hasher)
        do {
            return try Sample(
                uuid: hasher.finalize().uuid(startingAt: start.date), type: type, startDate: start.date,
                endDate: end.date, metadata: metadata,
                device: provenance.device?.device, sourceRevision: revision, content: .correlation(objects: members))
        } catch {
            throw Problem(field: ExportRecordBuilder.field(of: error), reason: error.description)
        }
    }

    /// The workout sample of a draft, and the problems of parts that were left out (an unknown event type, a
    /// statistic in an impossible unit) while the workout itself was kept.
    func makeWorkout(
        _ draft: WorkoutDraft
    ) throws(Problem) -> (sample: Sample, problems: [(line: Int, field: String, reason: String)]) {
        let provenance = draft.provenance
        if let problem = provenance.problem { throw Problem(field: problem.field, reason: problem.reason) }
        guard let start = provenance.start else { throw Problem(field: "startDate", reason: "missing") }
        guard let end = provenance.end else { throw Problem(field: "endDate", reason: "missing") }
        guard end.date >= start.date else { throw Problem(field: "endDate", reason: "is before startDate") }
        var problems: [(line: Int, field: String, reason: String)] = []
        var hasher = ContentHasher(seed: 13)
        let activityName = draft.activityName ?? "HKWorkoutActivityTypeOther"
        hasher.combine(activityName)
        var extraMetadata: [(key: String, value: String)] = []
        let activity = TypeTable.workoutActivityType(activityName)
        if activity == nil { extraMetadata.append((ExportMetadataKey.activityTypeName, activityName)) }
        let rawActivity = activity?.rawValue ?? 3000

        for (name, value) in draft.figures.sorted(by: { $0.key < $1.key }) {
            hasher.combine(name)
            hasher.combine(value)
        }
        func quantity(_ valueName: String, defaultUnit: String) -> Quantity? {
            guard let text = draft.figures[valueName], let value = Double(text.trimmingCharacters(in: .whitespaces))
            else { return nil }
            let unitText = draft.figures[valueName + "Unit"] ?? defaultUnit
            guard let unit = try? HealthUnit(parsing: unitText) else {
                problems.append((provenance.line, valueName + "Unit", "\"\(unitText)\" is not a unit"))
                return nil
            }
            return Quantity(value, unit)
        }
        var duration: TimeInterval?
        if let durationQuantity = quantity("duration", defaultUnit: "min") {
            duration = try? durationQuantity.value(in: .second())
            if duration == nil || duration! < 0 || !duration!.isFinite {
                problems.append((provenance.line, "duration", "\(durationQuantity) is not a duration"))
                duration = nil
            }
        }

        // Events, clamped into the workout (real exports have segments ending a fraction of a second after it).
        var events: [WorkoutEvent] = []
        for eventDraft in draft.events {
            guard let typeName = eventDraft.type, let type = WorkoutEventType(exportName: typeName) else {
                problems.append(
                    (eventDraft.line, "WorkoutEvent.type", "\"\(eventDraft.type ?? "")\" is not a workout event type"))
                continue
            }
            guard let date = eventDraft.date else {
                problems.append((eventDraft.line, "WorkoutEvent.date", "missing or not a date"))
                continue
            }
            var length: TimeInterval = 0
            if let value = eventDraft.duration {
                let unit = (try? HealthUnit(parsing: eventDraft.durationUnit ?? "min")) ?? .minute
                length = (try? unit.convert(value, to: .second())) ?? 0
            }
            let eventStart = min(max(date, start.date), end.date)
            let eventEnd = min(max(eventStart.addingTimeInterval(max(0, length)), eventStart), end.date)
            var metadata: [String: MetadataValue]?
            if !eventDraft.metadata.isEmpty {
                metadata = [:]
                for entry in eventDraft.metadata where !entry.key.isEmpty {
                    metadata?[entry.key] = metadataValue(key: entry.key, text: entry.value)
                }
            }
            hasher.combine(typeName)
            hasher.combine(date.timeIntervalSince1970)
            hasher.combine(length)
            do {
                events.append(
                    try WorkoutEvent(type: type, startDate: eventStart, endDate: eventEnd, metadata: metadata))
            } catch {
                problems.append((eventDraft.line, "WorkoutEvent", error.description))
            }
        }

        // Statistics: WorkoutStatistics children (modern), then the old total attributes for types not given there.
        var statistics: [String: WorkoutStatistic] = [:]
        for (line, attributes) in draft.statistics {
            guard let identifier = attributes["type"] else {
                problems.append((line, "WorkoutStatistics.type", "missing"))
                continue
            }
            for key in attributes.keys.sorted() {
                hasher.combine(key)
                hasher.combine(attributes[key]!)
            }
            let unit = attributes["unit"].flatMap { try? HealthUnit(parsing: $0) }
            func figure(_ name: String) -> Quantity? {
                guard let unit, let text = attributes[name], let value = Double(text) else { return nil }
                return Quantity(value, unit)
            }
            do {
                statistics[identifier] = try WorkoutStatistic(
                    quantityTypeIdentifier: identifier, sum: figure("sum"), average: figure("average"),
                    minimum: figure("minimum"), maximum: figure("maximum"))
            } catch {
                problems.append((line, "WorkoutStatistics", error.description))
            }
        }
        let totals: [(attribute: String, type: String, unit: String)] = [
            ("totalDistance", ExportRecordBuilder.distanceType(forActivity: rawActivity), "km"),
            ("totalEnergyBurned", "HKQuantityTypeIdentifierActiveEnergyBurned", "kcal"),
            ("totalSwimmingStrokeCount", "HKQuantityTypeIdentifierSwimmingStrokeCount", "count"),
            ("totalFlightsClimbed", "HKQuantityTypeIdentifierFlightsClimbed", "count"),
        ]
        for total in totals where statistics[total.type] == nil {
            guard let sum = quantity(total.attribute, defaultUnit: total.unit) else { continue }
            do {
                statistics[total.type] = try WorkoutStatistic(quantityTypeIdentifier: total.type, sum: sum)
            } catch {
                problems.append((provenance.line, total.attribute, error.description))
            }
        }

        var withExtras = provenance
        withExtras.metadata += extraMetadata
        let (metadata, revision) = try provenanceParts(withExtras, start: start, end: end, hasher: &hasher)
        do {
            let sample = try Sample.workout(
                activityTypeRawValue: rawActivity, start: start.date, end: end.date, duration: duration, events: events,
                statistics: Array(statistics.values), metadata: metadata, device: provenance.device?.device,
                uuid: hasher.finalize().uuid(startingAt: start.date))
            return (sample.with(sourceRevision: revision), problems)
        } catch {
            throw Problem(field: ExportRecordBuilder.field(of: error), reason: error.description)
        }
    }

    /// The distance type an old export's `totalDistance` means for an activity.
    static func distanceType(forActivity rawValue: UInt) -> String {
        switch rawValue {
        case 13: return "HKQuantityTypeIdentifierDistanceCycling"
        case 46: return "HKQuantityTypeIdentifierDistanceSwimming"
        case 70, 71: return "HKQuantityTypeIdentifierDistanceWheelchair"
        case 61, 67: return "HKQuantityTypeIdentifierDistanceDownhillSnowSports"
        case 60: return "HKQuantityTypeIdentifierDistanceCrossCountrySkiing"
        default: return "HKQuantityTypeIdentifierDistanceWalkingRunning"
        }
    }

    /// An `ActivitySummary` tag as a summary (old and new attribute names).
    func makeActivitySummary(_ tag: XMLTag) throws(Problem) -> ActivitySummary {
        guard let dayText = tag.value("dateComponents") else {
            throw Problem(field: "dateComponents", reason: "missing")
        }
        guard let read = DateReader.day(dayText) else {
            throw Problem(field: "dateComponents", reason: "\"\(dayText)\" is not a day")
        }
        // A stored summary is keyed by its day in the years 0 through 9999 (`ActivitySummaryRecord.key(of:)`): a day
        // outside is reported here, with its line, rather than failing the whole write of the summaries around it.
        guard (0...9_999).contains(read.year) else {
            throw Problem(field: "dateComponents", reason: "\"\(dayText)\" is not in the years 0 through 9999")
        }
        let day = DateComponents(year: read.year, month: read.month, day: read.day)
        var values: [String: String] = [:]
        for attribute in tag.attributes { values[attribute.nameString] = attribute.decodedValue }
        func number(_ names: String...) throws(Problem) -> Double {
            for name in names {
                guard let text = values[name] else { continue }
                guard let value = Double(text) else {
                    throw Problem(field: name, reason: "\"\(text)\" is not a number")
                }
                return value
            }
            return 0
        }
        let energyUnit = (values["activeEnergyBurnedUnit"]).flatMap { try? HealthUnit(parsing: $0) } ?? .kilocalorie
        let moveTimeGoal = try number("appleMoveTimeGoal", "appleMoveMinutesGoal")
        let energyGoal = try number("activeEnergyBurnedGoal")
        let energy = try number("activeEnergyBurned")
        let moveTime = try number("appleMoveTime", "appleMoveMinutes")
        let exercise = try number("appleExerciseTime", "appleExerciseMinutes")
        let exerciseGoal = try number("appleExerciseTimeGoal", "appleExerciseMinutesGoal")
        let stand = try number("appleStandHours")
        let standGoal = try number("appleStandHoursGoal")
        do {
            return try ActivitySummary(
                day: day,
                activeEnergyBurned: Quantity(energy, energyUnit),
                activeEnergyBurnedGoal: Quantity(energyGoal, energyUnit),
                appleMoveTime: Quantity(moveTime, .minute), appleMoveTimeGoal: Quantity(moveTimeGoal, .minute),
                appleExerciseTime: Quantity(exercise, .minute), appleExerciseTimeGoal: Quantity(exerciseGoal, .minute),
                appleStandHours: Quantity(stand, .count), appleStandHoursGoal: Quantity(standGoal, .count),
                moveMode: moveTimeGoal > 0 && energyGoal == 0 ? .appleMoveTime : .activeEnergy,
                isPaused: values["paused"] == "1" || values["paused"] == "true")
        } catch {
            throw Problem(field: ExportRecordBuilder.field(of: error), reason: error.description)
        }
    }

    /// The date of a beat written as a time of day (`23:47:49,20`, `7:43:27.49 PM`) on the local day of the record's
    /// start; a time before the start by more than twelve hours is on the next day.
    static func beatDate(time: String, start: (date: Date, offset: Int)) -> Date? {
        // Hand-parsed: h, m, s with "." or "," before the fraction, then an optional AM/PM.
        var fields: [Double] = [0, 0, 0]
        var field = 0
        var scale = 0.0
        var addHours = 0
        var sawDigit = false
        for byte in time.utf8 {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                let digit = Double(byte - UInt8(ascii: "0"))
                if scale > 0 {
                    fields[field] += digit * scale
                    scale /= 10
                } else {
                    fields[field] = fields[field] * 10 + digit
                }
                sawDigit = true
            case UInt8(ascii: ":"):
                guard field < 2, scale == 0 else { return nil }
                field += 1
            case UInt8(ascii: "."), UInt8(ascii: ","):
                guard field == 2, scale == 0 else { return nil }
                scale = 0.1
            case UInt8(ascii: "P"), UInt8(ascii: "p"):
                addHours = 12
            case UInt8(ascii: "A"), UInt8(ascii: "a"), UInt8(ascii: "M"), UInt8(ascii: "m"), UInt8(ascii: " "):
                continue
            default:
                return nil
            }
        }
        guard sawDigit, field == 2, fields[0] < 24, fields[1] < 60, fields[2] < 61 else { return nil }
        var hours = fields[0]
        if addHours == 12, hours < 12 { hours += 12 }
        if addHours == 0, hours == 12, time.uppercased().hasSuffix("AM") { hours = 0 }
        let timeOfDay = hours * 3600 + fields[1] * 60 + fields[2]
        let localStart = start.date.timeIntervalSince1970 + Double(start.offset)
        let dayStart = (localStart / 86_400).rounded(.down) * 86_400
        var local = dayStart + timeOfDay
        if local < localStart - 43_200 { local += 86_400 }
        return Date(timeIntervalSince1970: local - Double(start.offset))
    }
}
