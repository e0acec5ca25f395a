import Foundation
import HealthEngine
import HealthModel

/// Reads the entries of quantity series samples (many measurements in one sample, such as a Watch's steps), one call
/// of the handler per entry with `done` on the last. A sample saved without series entries counts as one entry: its
/// own quantity over its own interval.
open class HKQuantitySeriesSampleQuery: HKQuery, @unchecked Sendable {
    /// The handler of the older form: quantity, the entry's date, done.
    public typealias SampleHandler = (HKQuantitySeriesSampleQuery, HKQuantity?, Date?, Bool, (any Error)?) -> Void
    /// The handler of the newer form: quantity, the entry's interval, the sample it belongs to (with `includeSample`), done.
    public typealias QuantityHandler = (
        HKQuantitySeriesSampleQuery, HKQuantity?, DateInterval?, HKQuantitySample?, Bool, (any Error)?
    ) -> Void

    /// Whether the newer handler receives the sample each entry belongs to.
    open var includeSample = false
    /// Whether entries come ordered by their sample's start date (otherwise by sample insertion), then by entry start.
    open var orderByQuantitySampleStartDate = false

    private enum Handler {
        case sample(UUID, SampleHandler)
        case quantity(QuantityHandler)
    }

    private let handler: Handler

    /// The entries of one sample (the older form).
    public required init(sample: HKQuantitySample, quantityHandler: @escaping SampleHandler) {
        handler = .sample(sample.uuid, quantityHandler)
        super.init(objectType: sample.sampleType, predicate: HKQuery.predicateForObject(with: sample.uuid))
    }

    /// The entries of every sample of a type matching a predicate.
    public required init(
        quantityType: HKQuantityType, predicate: NSPredicate?, quantityHandler: @escaping QuantityHandler
    ) {
        handler = .quantity(quantityHandler)
        super.init(objectType: quantityType, predicate: predicate)
    }

    override func deliverFailure(_ error: HKError) {
        switch handler {
        case let .sample(_, report): report(self, nil, nil, true, error)
        case let .quantity(report): report(self, nil, nil, nil, true, error)
        }
    }

    override func run(in healthStore: HKHealthStore) {
        do {
            guard let sampleType else {
                throw HKError(.errorInvalidArgument, "a quantity series query needs a quantity type")
            }
            let entries = try Self.entries(
                of: sampleType, matching: predicate, orderedBySampleStart: orderByQuantitySampleStartDate,
                in: healthStore)
            if case let .sample(uuid, _) = handler, entries.isEmpty {
                throw HKError(.errorInvalidArgument, "no stored quantity sample has uuid \(uuid)")
            }
            healthStore.deliver { [self] in
                switch handler {
                case let .sample(_, report):
                    for (index, entry) in entries.enumerated() {
                        report(self, HKQuantity(entry.0), entry.1.start, index == entries.count - 1, nil)
                    }
                case let .quantity(report):
                    if entries.isEmpty { report(self, nil, nil, nil, true, nil) }
                    for (index, entry) in entries.enumerated() {
                        let sample = includeSample ? HKSample.wrap(entry.2) as? HKQuantitySample : nil
                        report(self, HKQuantity(entry.0), entry.1, sample, index == entries.count - 1, nil)
                    }
                }
            }
        } catch {
            healthStore.deliver { [self] in
                switch handler {
                case let .sample(_, report): report(self, nil, nil, true, HKError.from(error))
                case let .quantity(report): report(self, nil, nil, nil, true, HKError.from(error))
                }
            }
        }
    }

    /// The series entries of the matching samples, in delivery order (shared with
    /// `HKQuantitySeriesSampleQueryDescriptor`): a sample saved without entries counts as one entry.
    static func entries(
        of sampleType: HKSampleType, matching predicate: NSPredicate?, orderedBySampleStart: Bool,
        in healthStore: HKHealthStore
    ) throws -> [(quantity: Quantity, interval: DateInterval, sample: Sample)] {
        var samples = try healthStore.dataStore.samples(
            SampleQueryRequest(type: sampleType.sampleType, predicate: try PredicateBridge.samplePredicate(predicate)))
        if orderedBySampleStart {
            samples = samples.enumerated().sorted {
                ($0.element.startDate, $0.offset) < ($1.element.startDate, $1.offset)
            }.map(\.element)
        }
        var entries: [(quantity: Quantity, interval: DateInterval, sample: Sample)] = []
        for sample in samples {
            guard let content = sample.quantityContent else { continue }
            if content.seriesEntries.isEmpty {
                entries.append((content.quantity, DateInterval(start: sample.startDate, end: sample.endDate), sample))
            } else {
                for entry in content.seriesEntries.sorted(by: { $0.startDate < $1.startDate }) {
                    entries.append((entry.quantity, DateInterval(start: entry.startDate, end: entry.endDate), sample))
                }
            }
        }
        return entries
    }
}
