import HealthModel

/// One (type, predicate) pair of a sample query.
public struct SampleQueryDescriptor: Sendable, Hashable {
    /// The sample type to search.
    public let type: SampleType
    /// The condition; `.all` for every sample of the type.
    public let predicate: SamplePredicate

    /// A descriptor for one type.
    public init(type: SampleType, predicate: SamplePredicate = .all) {
        self.type = type
        self.predicate = predicate
    }
}

/// A sample query: descriptors (any of which may match), a limit and a sort order.
public struct SampleQueryRequest: Sendable, Hashable {
    /// The (type, predicate) pairs; a sample matching any of them is returned once.
    public let descriptors: [SampleQueryDescriptor]
    /// The most samples to return; 0 means no limit.
    public let limit: Int
    /// Sort keys, most significant first; empty means insertion order.
    public let sort: [SampleSort]

    /// A request over several descriptors.
    public init(descriptors: [SampleQueryDescriptor], limit: Int = 0, sort: [SampleSort] = []) {
        self.descriptors = descriptors
        self.limit = limit
        self.sort = sort
    }

    /// A request over one type.
    public init(type: SampleType, predicate: SamplePredicate = .all, limit: Int = 0, sort: [SampleSort] = []) {
        self.init(descriptors: [SampleQueryDescriptor(type: type, predicate: predicate)], limit: limit, sort: sort)
    }
}
