import Foundation
import HealthModel

/// Sleep (`sleep_analysis`, doc §4): unaggregated stage segments, or aggregated nights whose stage totals are placed in
/// time (docs/decisions/pushed-sleep.md).
extension HealthAutoExportPayload {
    /// The app's stage names and the sleep analysis values they are. `Asleep` and `Unspecified` are both sleep of no
    /// known stage (a source without stage tracking).
    static let sleepStages = [
        "Core": "asleepCore", "REM": "asleepREM", "Deep": "asleepDeep", "Awake": "awake", "In Bed": "inBed",
        "Asleep": "asleepUnspecified", "Unspecified": "asleepUnspecified",
    ]

    /// The totals of an aggregated night, in the order they are placed from the night's start, and their stages.
    static let sleepTotals = [
        ("core", "asleepCore"), ("deep", "asleepDeep"), ("rem", "asleepREM"), ("asleep", "asleepUnspecified"),
        ("awake", "awake"),
    ]

    mutating func readSleep(_ point: KeyedDecodingContainer<WireKey>) throws {
        let sleep = try SampleType.category("sleepAnalysis")
        let origin = try source(point) ?? ""
        func save(_ stage: String, _ start: Date, _ end: Date, key: String, placed: String? = nil) throws {
            guard let value = sleep.categoryDescription?.value(named: stage)?.rawValue else { return }
            var metadata = Self.syncMetadata("\(sleep.identifier):\(key):\(origin)")
            if let placed { metadata[MetadataKey.placedFromTotal] = .string(placed) }
            try append(point, type: sleep, content: .category(value: value), start: start, end: end, metadata: metadata)
        }
        if let stage = try point.optional(String.self, "value") {
            // Unaggregated: one stage from startDate to endDate.
            guard let caseName = Self.sleepStages[stage] else {
                throw WireError.invalidField(
                    field: point.field("value"),
                    reason:
                        "'\(stage)' is not a sleep stage (\(Self.sleepStages.keys.sorted().joined(separator: ", ")))"
                )
            }
            let start = try Self.date(point, "startDate")
            try save(
                caseName, start, try Self.date(point, "endDate"), key: "\(caseName):\(start.timeIntervalSince1970)")
            return
        }
        // Aggregated: time in bed as sent; the stage totals placed one after another from the night's start.
        var bedStart: Date?
        if try point.optional(Nested.self, "inBedStart") != nil, try point.optional(Nested.self, "inBedEnd") != nil {
            let start = try Self.date(point, "inBedStart")
            bedStart = start
            try save("inBed", start, try Self.date(point, "inBedEnd"), key: "inBed:\(start.timeIntervalSince1970)")
        }
        var sleepStart: Date?
        if try point.optional(Nested.self, "sleepStart") != nil { sleepStart = try Self.date(point, "sleepStart") }
        guard let nightStart = sleepStart ?? bedStart else {
            skipped.append(
                Skipped(
                    field: point.field("sleepStart"),
                    reason: "an aggregated night without sleepStart or inBedStart cannot be placed in time"))
            return
        }
        let night = "night:\(nightStart.timeIntervalSince1970)"
        var totals: [(field: String, stage: String, hours: Double)] = []
        for (field, stage) in Self.sleepTotals {
            guard let hours = try point.number(field), hours > 0 else { continue }
            guard hours.isFinite, hours <= 24 else {
                throw WireError.invalidField(field: point.field(field), reason: "is not a number of hours (0…24)")
            }
            totals.append((field, stage, hours))
        }
        if !totals.contains(where: { $0.stage != "awake" }) {
            // No stage totals: the night's sleep is `totalSleep` hours of unknown stage, or its start to its end.
            if let hours = try point.number("totalSleep"), hours > 0, hours.isFinite, hours <= 24 {
                totals.insert(("totalSleep", "asleepUnspecified", hours), at: 0)
            } else if sleepStart != nil, try point.optional(Nested.self, "sleepEnd") != nil {
                let end = try Self.date(point, "sleepEnd")
                try save("asleepUnspecified", nightStart, end, key: "\(night):asleepUnspecified")
            }
        }
        var start = nightStart
        for total in totals {
            let end = start.addingTimeInterval(total.hours * 3600)
            try save(total.stage, start, end, key: "\(night):\(total.stage)", placed: total.field)
            start = end
        }
    }
}
