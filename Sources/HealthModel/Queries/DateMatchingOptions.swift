/// How a date-range predicate treats samples at its edges (HealthKit's `HKQueryOptions`).
public struct DateMatchingOptions: OptionSet, Sendable, Hashable {
    /// The options' bits, in HealthKit's layout.
    public let rawValue: Int
    /// Options from HealthKit's raw value.
    public init(rawValue: Int) { self.rawValue = rawValue }
    /// The sample must start at or after the window's start.
    public static let strictStartDate = DateMatchingOptions(rawValue: 1 << 0)
    /// The sample must end before the window's end.
    public static let strictEndDate = DateMatchingOptions(rawValue: 1 << 1)
}
