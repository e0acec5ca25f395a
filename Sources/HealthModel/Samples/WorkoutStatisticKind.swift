/// Which figure of a workout's statistics a predicate compares.
public enum WorkoutStatisticKind: String, Sendable, Hashable, CaseIterable {
    case sum, average, minimum, maximum
}
