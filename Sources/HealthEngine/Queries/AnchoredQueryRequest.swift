import HealthModel

/// An anchored object query (SEMANTICS §6): the changes after an anchor to objects matching any descriptor.
public struct AnchoredQueryRequest: Sendable, Hashable {
    /// The (type, predicate) pairs; the predicate filters insertions and deletions alike.
    public let descriptors: [SampleQueryDescriptor]
    /// The change sequence already seen; 0 for none (everything stored plus the deletions still remembered).
    public let anchor: Int64
    /// The most samples and deleted objects returned, counted together; 0 means no limit.
    public let limit: Int

    /// A request.
    public init(descriptors: [SampleQueryDescriptor], anchor: Int64 = 0, limit: Int = 0) {
        self.descriptors = descriptors
        self.anchor = anchor
        self.limit = limit
    }
}

/// What an anchored object query found.
public struct AnchoredQueryResult: Sendable, Hashable {
    /// Matching samples saved after the anchor and still stored, in the order they were saved.
    public let samples: [Sample]
    /// Matching deletions after the anchor, in the order they were committed.
    public let deletions: [Change]
    /// The anchor to ask from next time: every change up to it has been considered.
    public let anchor: Int64
    /// The samples and deletions in one list, in change order (what a change feed delivers).
    public let changes: [ChangedObject]

    /// A result.
    public init(changes: [ChangedObject], anchor: Int64) {
        self.changes = changes
        self.samples = changes.compactMap { $0.change.kind == .inserted ? $0.sample : nil }
        self.deletions = changes.compactMap { $0.change.kind == .deleted ? $0.change : nil }
        self.anchor = anchor
    }

    /// Whether nothing matched.
    public var isEmpty: Bool { changes.isEmpty }
}
