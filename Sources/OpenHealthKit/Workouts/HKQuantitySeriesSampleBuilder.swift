import Foundation
import HealthEngine
import HealthModel
import Synchronization

/// Builds one quantity sample from many measurements (a series), as in HealthKit: insert quantities at dates or over
/// intervals, then finish to save a sample whose value is their sum (cumulative types) or mean (discrete types),
/// with the measurements kept as its series (read with `HKQuantitySeriesSampleQuery`).
open class HKQuantitySeriesSampleBuilder: NSObject, @unchecked Sendable {
    private struct State: @unchecked Sendable {
        var entries: [QuantitySeriesEntry] = []
        var finished = false
        var discarded = false
    }

    private let healthStore: HKHealthStore
    private let state = Mutex(State())
    private let seriesType: HKQuantityType
    private let seriesStart: Date
    private let seriesDevice: HKDevice?

    /// A builder for a series of `quantityType` starting at `startDate`, measured by `device`.
    public init(healthStore: HKHealthStore, quantityType: HKQuantityType, startDate: Date, device: HKDevice?) {
        self.healthStore = healthStore
        seriesType = quantityType
        seriesStart = startDate
        seriesDevice = device
        super.init()
    }

    /// The series' quantity type.
    open var quantityType: HKQuantityType { seriesType }
    /// When the series starts.
    open var startDate: Date { seriesStart }
    /// The device that measured the series.
    open var device: HKDevice? { seriesDevice }

    /// Adds a measurement over an interval; throws when the quantity does not fit the type or the builder is done.
    open func insert(_ quantity: HKQuantity, for dateInterval: DateInterval) throws {
        let entry = QuantitySeriesEntry(
            quantity: quantity.quantity, startDate: dateInterval.start, endDate: dateInterval.end)
        do {
            try Validation.check(quantity.quantity, for: seriesType.sampleType, field: "quantity")
        } catch {
            throw HKError(.errorInvalidArgument, "insert: \(error)")
        }
        guard dateInterval.start >= seriesStart else {
            throw HKError(.errorInvalidArgument, "insert: the interval starts before the series' startDate")
        }
        try state.withLock { state in
            try Self.checkOpen(state, "insert")
            state.entries.append(entry)
        }
    }

    /// Adds a measurement at one instant.
    open func insert(_ quantity: HKQuantity, at date: Date) throws {
        try insert(quantity, for: DateInterval(start: date, duration: 0))
    }

    /// Saves the series as one sample (ending at `endDate`, or at its last measurement) and reports it.
    open func finishSeries(
        metadata: [String: Any]?, endDate: Date?, completion: @escaping ([HKQuantitySample]?, (any Error)?) -> Void
    ) {
        let box = UncheckedSendable(metadata)
        healthStore.answerInBackground(to: completion) { try self.finishNow(metadata: box.value, endDate: endDate) }
    }

    /// Saves the series as one sample ending at its last measurement and reports it.
    open func finishSeries(
        metadata: [String: Any]?, completion: @escaping ([HKQuantitySample]?, (any Error)?) -> Void
    ) {
        finishSeries(metadata: metadata, endDate: nil, completion: completion)
    }

    /// Saves the series as one sample (ending at `endDate`, or at its last measurement).
    open func finishSeries(metadata: [String: Any]?, endDate: Date?) async throws -> [HKQuantitySample] {
        let box = UncheckedSendable(metadata)
        return try await healthStore.onStoreExecutor { try self.finishNow(metadata: box.value, endDate: endDate) }
    }

    /// Saves the series as one sample ending at its last measurement.
    open func finishSeries(metadata: [String: Any]?) async throws -> [HKQuantitySample] {
        try await finishSeries(metadata: metadata, endDate: nil)
    }

    /// Drops the measurements; the builder saves nothing afterwards.
    open func discard() {
        state.withLock { state in
            state.discarded = true
            state.entries = []
        }
    }

    private static func checkOpen(_ state: State, _ what: String) throws {
        if state.discarded { throw HKError(.errorInvalidArgument, "\(what): the series builder was discarded") }
        if state.finished { throw HKError(.errorInvalidArgument, "\(what): the series is already finished") }
    }

    private func finishNow(metadata: [String: Any]?, endDate: Date?) throws -> [HKQuantitySample] {
        let entries = try state.withLock { state throws -> [QuantitySeriesEntry] in
            try Self.checkOpen(state, "finishSeries")
            return state.entries.sorted { $0.startDate < $1.startDate }
        }
        guard !entries.isEmpty else { throw HKError(.errorInvalidArgument, "finishSeries: no quantity was inserted") }
        let type = seriesType.sampleType
        do {
            let unit = entries[0].quantity.unit
            var total = 0.0
            for entry in entries { total += try entry.quantity.value(in: unit) }
            let value =
                (type.aggregationStyle ?? .discreteArithmetic).isCumulative ? total : total / Double(entries.count)
            let end = max(endDate ?? .distantPast, entries.map(\.endDate).max()!)
            let sample = try Sample.quantity(
                type: type, quantity: Quantity(value, unit), start: seriesStart, end: end, count: entries.count,
                seriesEntries: entries, metadata: try MetadataBridge.model(metadata), device: seriesDevice?.device)
            _ = try healthStore.dataStore.save([sample], as: healthStore.clientRevision)
            state.withLock { $0.finished = true }
            let saved =
                try healthStore.dataStore.samples(SampleQueryRequest(type: type, predicate: .uuids([sample.uuid])))
                .first ?? sample
            return [HKSample.wrap(saved, quantityType: seriesType)].compactMap { $0 as? HKQuantitySample }
        } catch {
            throw HKError.from(error)
        }
    }
}
