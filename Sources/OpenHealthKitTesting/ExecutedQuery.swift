import Foundation

/// One query an `HKHealthStore` of the bench ran (or was made to fail), as recorded for the test to check.
public struct ExecutedQuery: Sendable, Hashable {
    /// The query's class or descriptor name (`HKSampleQuery`, `HKStatisticsQueryDescriptor`…).
    public let kind: String
    /// The identifiers of the types it searched.
    public let types: [String]
    /// Its predicate's description, if it had one.
    public let predicate: String?
    /// When it ran, on the bench's clock.
    public let date: Date
    /// What the bench did to it: nil when it ran normally, else "failed with …" or "delayed …".
    public let fault: String?
}
