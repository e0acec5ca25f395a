import Foundation
import HealthEngine
import HealthModel

/// Reads an electrocardiogram's voltages one measurement at a time, then `done`.
///
/// The electrocardiogram is read again through the app's view of the store, so an app that may not read
/// electrocardiograms (or one deleted since) gets an error rather than voltages.
open class HKElectrocardiogramQuery: HKQuery, @unchecked Sendable {
    /// What the data handler receives.
    public enum Result: @unchecked Sendable {
        /// One voltage measurement.
        case measurement(HKElectrocardiogram.VoltageMeasurement)
        /// Every measurement was delivered.
        case done
        /// The query failed.
        case error(any Error)
    }

    private let electrocardiogram: HKElectrocardiogram
    private let dataHandler: (HKElectrocardiogramQuery, Result) -> Void
    private let stopped = LockedFlag()

    /// A query over one electrocardiogram.
    public required init(
        _ electrocardiogram: HKElectrocardiogram,
        dataHandler: @escaping (HKElectrocardiogramQuery, HKElectrocardiogramQuery.Result) -> Void
    ) {
        self.electrocardiogram = electrocardiogram
        self.dataHandler = dataHandler
        super.init(objectType: HKObjectType.electrocardiogramType(), predicate: nil)
    }

    override func deliverFailure(_ error: HKError) { dataHandler(self, .error(error)) }

    override func stopRunning() { stopped.set() }

    override func run(in healthStore: HKHealthStore) {
        do {
            let measurements = try Self.measurements(of: electrocardiogram, in: healthStore)
            healthStore.deliver { [self] in
                for measurement in measurements {
                    if stopped.isSet { return }
                    dataHandler(self, .measurement(measurement))
                }
                dataHandler(self, .done)
            }
        } catch {
            healthStore.deliver { [self] in dataHandler(self, .error(HKError.from(error))) }
        }
    }

    /// The stored electrocardiogram's measurements, as the app may read them.
    static func measurements(
        of electrocardiogram: HKElectrocardiogram, in healthStore: HKHealthStore
    ) throws -> [HKElectrocardiogram.VoltageMeasurement] {
        let request = SampleQueryRequest(type: .electrocardiogram, predicate: .uuids([electrocardiogram.uuid]))
        guard let stored = try healthStore.dataStore.samples(request).first,
            let found = HKSample.wrap(stored) as? HKElectrocardiogram
        else {
            throw HKError(.errorNoData, "no electrocardiogram with uuid \(electrocardiogram.uuid) can be read")
        }
        return found.voltageMeasurements
    }
}

/// A flag set once, read from any thread.
final class LockedFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false

    func set() { lock.withLock { value = true } }
    var isSet: Bool { lock.withLock { value } }
}

/// The async form of `HKElectrocardiogramQuery`: `for try await measurement in descriptor.results(for: store)`.
public struct HKElectrocardiogramQueryDescriptor: @unchecked Sendable {
    /// The electrocardiogram whose voltages are read.
    public var electrocardiogram: HKElectrocardiogram

    /// A descriptor for one electrocardiogram.
    public init(_ electrocardiogram: HKElectrocardiogram) {
        self.electrocardiogram = electrocardiogram
    }

    /// The measurements, in order.
    public func results(for healthStore: HKHealthStore) -> Results {
        let electrocardiogram = UncheckedSendable(self.electrocardiogram)
        let store = UncheckedSendable(healthStore)
        let stream = AsyncThrowingStream<HKElectrocardiogram.VoltageMeasurement, any Error> { continuation in
            let task = Task {
                do {
                    try await store.value.admitDescriptor(
                        kind: "HKElectrocardiogramQueryDescriptor",
                        types: [TypeTable.electrocardiogramTypeIdentifier], predicate: nil)
                    let measurements = try await store.value.onStoreExecutor {
                        try HKElectrocardiogramQuery.measurements(of: electrocardiogram.value, in: store.value)
                    }
                    for measurement in measurements {
                        if Task.isCancelled { break }
                        continuation.yield(measurement)
                    }
                    continuation.finish()
                } catch {
                    continuation.finish(throwing: HKError.from(error))
                }
            }
            continuation.onTermination = { _ in task.cancel() }
        }
        return Results(stream: stream)
    }

    /// The measurements as an asynchronous sequence.
    public struct Results: AsyncSequence, Sendable {
        /// One voltage measurement.
        public typealias Element = HKElectrocardiogram.VoltageMeasurement
        let stream: AsyncThrowingStream<HKElectrocardiogram.VoltageMeasurement, any Error>

        /// Iterates over the measurements.
        public struct Iterator: AsyncIteratorProtocol {
            var base: AsyncThrowingStream<HKElectrocardiogram.VoltageMeasurement, any Error>.AsyncIterator

            /// The next measurement; nil after the last.
            public mutating func next() async throws -> HKElectrocardiogram.VoltageMeasurement? {
                try await base.next()
            }
        }

        /// An iterator from the first measurement.
        public func makeAsyncIterator() -> Iterator { Iterator(base: stream.makeAsyncIterator()) }
    }
}
