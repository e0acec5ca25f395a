import HealthModel

/// One entry of the change log with the object it concerns, as a storage hands it to the anchored-query engine.
public struct ChangedObject: Sendable, Hashable {
    /// The change-log entry.
    public let change: Change
    /// For an insertion, the sample as stored; for a deletion, the sample as it was when deleted, or nil when the
    /// storage no longer knows it (the predicate can then not be checked, and the deletion is reported).
    public let sample: Sample?

    /// A changed object.
    public init(change: Change, sample: Sample?) {
        self.change = change
        self.sample = sample
    }
}

/// A page of the change log: the changed objects in sequence order and how far the log was read.
public struct ChangePage: Sendable, Hashable {
    /// Insertions of objects still stored and deletions, oldest first.
    public let objects: [ChangedObject]
    /// The sequence number through which the log was read: the last object's when the page is full, otherwise the
    /// latest sequence of the snapshot read (so a client anchored there misses nothing and sees nothing twice).
    public let endSequence: Int64

    /// A page.
    public init(objects: [ChangedObject], endSequence: Int64) {
        self.objects = objects
        self.endSequence = endSequence
    }
}
