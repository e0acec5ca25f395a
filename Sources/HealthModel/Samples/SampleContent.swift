/// The kind-specific part of a sample.
public indirect enum SampleContent: Sendable, Hashable {
    /// A quantity sample's value.
    case quantity(QuantityContent)
    /// A category sample's integer value (0 for valueless types).
    case category(value: Int)
    /// The samples a correlation contains; each is also stored as an ordinary sample of its own type.
    case correlation(objects: [Sample])
    /// A workout's activity, duration, events and statistics.
    case workout(WorkoutContent)
    /// The whole content of an electrocardiogram, audiogram, state of mind, assessment or prescription.
    case payload(SamplePayload)
}
