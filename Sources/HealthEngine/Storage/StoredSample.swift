import HealthModel

/// A sample as a storage returns it: the sample plus its position in the store's change sequence.
public struct StoredSample: Sendable, Hashable {
    /// The change-sequence number of the insertion; increasing in insertion order.
    public let sequence: Int64
    /// The sample, with its source revision.
    public let sample: Sample

    /// A stored sample.
    public init(sequence: Int64, sample: Sample) {
        self.sequence = sequence
        self.sample = sample
    }
}
