import Foundation
import HealthModel

extension HealthAutoExportPayload {
    /// What the request, not the body, says about a payload's points (decisions/pushed-data.md): how long each
    /// aggregated bucket is (the `automation-aggregation` header), the sync version every point gets (from the time
    /// the request arrived, so a later re-send of a bucket replaces an earlier one), and a time zone that may give
    /// day buckets their length across a DST change. The reader gets it from `WireDecoder.healthAutoExport`; it
    /// knows nothing of HTTP.
    public struct Framing: Sendable {
        /// The length of each point's bucket; nil: points are instants.
        public var bucket: BucketLength?
        /// The sync version of every sample the payload gives.
        public var version: Double
        /// The zone whose rules a day (week, month, year) bucket follows when its offset at the bucket's start is the
        /// payload's; otherwise the payload's fixed offset.
        public var timeZone: TimeZone?

        /// A framing; the default (no bucket, version 1) is what a payload read on its own gets.
        public init(bucket: BucketLength? = nil, version: Double = 1, timeZone: TimeZone? = nil) {
            self.bucket = bucket
            self.version = version
            self.timeZone = timeZone
        }

        /// The framing of a request that arrived at `receivedAt` with an `automation-aggregation` header (nil when
        /// absent): the version is the arrival time in milliseconds since 1970. Throws naming the header for a value
        /// that is no bucket length.
        public init(aggregation: String?, receivedAt: Date, timeZone: TimeZone?) throws(WireError) {
            var bucket: BucketLength?
            if let aggregation, !aggregation.trimmingCharacters(in: .whitespaces).isEmpty {
                guard let length = BucketLength(header: aggregation) else {
                    throw .invalidField(
                        field: "automation-aggregation",
                        reason:
                            "'\(aggregation)' is not a bucket length (\(BucketLength.allCases.map(\.header).joined(separator: ", ")))"
                    )
                }
                bucket = length
            }
            self.init(
                bucket: bucket, version: (receivedAt.timeIntervalSince1970 * 1000).rounded(), timeZone: timeZone)
        }
    }

    /// The bucket lengths Health Auto Export offers for aggregated data ("seconds to years").
    public enum BucketLength: String, Sendable, CaseIterable {
        case seconds, minutes, hours, days, weeks, months, years

        /// The header's spelling (`Minutes`).
        public var header: String { rawValue.prefix(1).uppercased() + rawValue.dropFirst() }

        /// The length a header value names: `Minutes`, `minute`, `HOURS`… (case ignored, singular or plural).
        public init?(header: String) {
            var text = header.trimmingCharacters(in: .whitespaces).lowercased()
            if !text.hasSuffix("s") { text += "s" }
            self.init(rawValue: text)
        }

        /// The bucket's part of a sync identifier (ISO 8601 durations).
        var identifierPart: String {
            switch self {
            case .seconds: "PT1S"
            case .minutes: "PT1M"
            case .hours: "PT1H"
            case .days: "P1D"
            case .weeks: "P1W"
            case .months: "P1M"
            case .years: "P1Y"
            }
        }

        /// The end of the bucket that starts at `start`, a date written with the UTC offset `offset` (seconds):
        /// seconds, minutes and hours are absolute time; days, weeks, months and years are calendar steps in
        /// `timeZone` when its offset at `start` is `offset` (so a day bucket on a DST day lasts 23 or 25 hours),
        /// else in the fixed offset.
        public func end(of start: Date, offset: Int, timeZone: TimeZone?) -> Date {
            let component: Calendar.Component
            switch self {
            case .seconds: return start + 1
            case .minutes: return start + 60
            case .hours: return start + 3600
            case .days: component = .day
            case .weeks: component = .weekOfYear
            case .months: component = .month
            case .years: component = .year
            }
            var calendar = Calendar(identifier: .gregorian)
            if let timeZone, timeZone.secondsFromGMT(for: start) == offset {
                calendar.timeZone = timeZone
            } else {
                calendar.timeZone = TimeZone(secondsFromGMT: offset) ?? TimeZone(identifier: "UTC")!
            }
            return calendar.date(byAdding: component, value: 1, to: start) ?? start
        }
    }

    /// The span of a point whose bucket starts at member `key` (`date` is the bucket's start, as the app dates its
    /// aggregated buckets): [date, end of the bucket) with an aggregation, the instant without.
    func bucket(_ point: KeyedDecodingContainer<WireKey>, _ key: String) throws -> (start: Date, end: Date) {
        let start = try Self.date(point, key)
        guard let length = framing.bucket else { return (start, start) }
        var text = try point.required(String.self, key)
        // The app's form (`2024-03-10 00:00:00 -0800`) gives its offset; another form follows the zone.
        let written = text.withUTF8 { DateReader.exportRecordDate(UnsafeRawBufferPointer($0)) }
        let offset = written?.offset ?? framing.timeZone?.secondsFromGMT(for: start) ?? 0
        return (start, length.end(of: start, offset: offset, timeZone: framing.timeZone))
    }

    /// The sync identifier of a bucket: the metric's type, the start, the original source and, for an aggregated
    /// point, the bucket's length (a minute and a day bucket starting together are different points).
    func bucketIdentifier(_ type: SampleType, start: Date, origin: String) -> String {
        let base = "\(type.identifier):\(start.timeIntervalSince1970):\(origin)"
        return framing.bucket.map { base + ":" + $0.identifierPart } ?? base
    }

    /// The content of a point that gives its value as `qty`, or as `Min`/`Avg`/`Max` (heart rate, and any metric sent
    /// that way, workouts' `heartRateData` included): a plain value, or for a discrete type with distinct extremes a
    /// summarized series (`QuantitySummary`, count 3) whose statistics' minimum, average and maximum are the point's
    /// Min, Avg and Max. Throws naming the member for a missing value or extremes around the wrong way.
    static func minAvgMaxContent(
        _ point: KeyedDecodingContainer<WireKey>, unit: HealthUnit, type: SampleType
    ) throws -> QuantityContent {
        if let value = try point.number("qty") { return QuantityContent(quantity: Quantity(value, unit)) }
        guard let average = try point.number("Avg") else {
            throw WireError.invalidField(field: point.field("qty"), reason: "is required (or Avg)")
        }
        let minimum = try point.number("Min") ?? average
        let maximum = try point.number("Max") ?? average
        guard minimum <= average else {
            throw WireError.invalidField(field: point.field("Min"), reason: "\(minimum) is above Avg \(average)")
        }
        guard maximum >= average else {
            throw WireError.invalidField(field: point.field("Max"), reason: "\(maximum) is below Avg \(average)")
        }
        guard minimum < maximum, type.aggregationStyle?.isCumulative == false else {
            return QuantityContent(quantity: Quantity(average, unit))
        }
        return QuantityContent(
            quantity: Quantity(average, unit), count: 3,
            summary: QuantitySummary(minimum: Quantity(minimum, unit), maximum: Quantity(maximum, unit)))
    }

    /// A sample with the framing's sync version (its contained samples too), when it carries a sync identifier; a
    /// workout also marked as pushed (`pushedFrom`, empty when the payload names no source), so that listings count
    /// it once beside the device's own copy (`PushedWorkouts`).
    func versioned(_ sample: Sample) -> Sample {
        let marksWorkout = sample.type.kind == .workout && sample.pushedFrom == nil
        guard framing.version != 1 || marksWorkout, var metadata = sample.metadata,
            metadata[MetadataKey.syncIdentifier] != nil
        else { return sample }
        if marksWorkout { metadata[MetadataKey.pushedFrom] = .string("") }
        metadata[MetadataKey.syncVersion] = .number(framing.version)
        var result = sample
        if let objects = sample.correlatedObjects { result = sample.with(visibleObjects: objects.map(versioned)) }
        return result.with(sourceRevision: result.sourceRevision, metadata: metadata)
    }
}
