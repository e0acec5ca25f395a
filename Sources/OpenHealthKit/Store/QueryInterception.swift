import Foundation

/// What a test asked to happen to a query about to run (OpenHealthKit addition, for the testing product).
@_spi(Testing) public enum QueryFault: Sendable {
    /// The query fails with this error instead of running.
    case fail(HKError)
    /// The query runs after this many seconds.
    case delay(TimeInterval)
}

/// Sees every query an `HKHealthStore` runs, before it runs, and may make it fail or wait (OpenHealthKit addition:
/// the testing product sets it; apps never do).
@_spi(Testing) public protocol QueryInterceptor: Sendable {
    /// Called with the query's class name (`HKSampleQuery`, `HKSampleQueryDescriptor`…), its types' identifiers and
    /// its predicate's description; returns a fault to apply, or nil to run the query normally.
    func queryWillRun(kind: String, types: [String], predicate: String?) -> QueryFault?
}

extension HKHealthStore {
    /// Asks the interceptor, if any, about a query about to run on the callback queue; true when it may run.
    func admit(_ query: HKQuery) -> Bool {
        guard let interceptor = queryInterceptor else { return true }
        let types = (query.queryTypes).map(\.identifier)
        switch interceptor.queryWillRun(
            kind: String(describing: type(of: query)), types: types, predicate: query.predicate?.description)
        {
        case nil:
            return true
        case let .delay(seconds)?:
            Thread.sleep(forTimeInterval: seconds)
            return true
        case let .fail(error)?:
            query.deliverFailure(error)
            return false
        }
    }

    /// The same for the async descriptors: waits or throws as the interceptor says.
    func admitDescriptor(kind: String, types: [String], predicate: String?) async throws {
        guard let interceptor = queryInterceptor else { return }
        switch interceptor.queryWillRun(kind: kind, types: types, predicate: predicate) {
        case nil: return
        case let .delay(seconds)?: try await Task.sleep(nanoseconds: UInt64(max(0, seconds) * 1e9))
        case let .fail(error)?: throw error
        }
    }
}
