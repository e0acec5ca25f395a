/// The concrete kind of object that a sample type holds.
public enum SampleKind: UInt8, Sendable, Hashable, CaseIterable, Comparable {
    /// Numeric measurements with a unit (steps, heart rate).
    case quantity
    /// Enumerated values over a time span (sleep stages, stand hours).
    case category
    /// Containers of other samples (blood pressure, food).
    case correlation
    /// Workouts with events and statistics.
    case workout

    public static func < (lhs: SampleKind, rhs: SampleKind) -> Bool { lhs.rawValue < rhs.rawValue }
}
