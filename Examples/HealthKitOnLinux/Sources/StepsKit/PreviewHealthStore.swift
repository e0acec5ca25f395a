import HealthKit

/// The app's stand-in store for previews and tests, as iOS apps write one: it answers authorization itself and keeps
/// its own `dataStore` and `client`, names HealthKit's class does not have.
public final class PreviewHealthStore: HKHealthStore, @unchecked Sendable {
    /// The preview's canned samples.
    public var dataStore: [HKSample] = []
    /// Who the preview acts for.
    public var client = "preview"

    override public func authorizationStatus(for type: HKObjectType) -> HKAuthorizationStatus { .sharingAuthorized }

    override public func requestAuthorization(
        toShare typesToShare: Set<HKSampleType>, read typesToRead: Set<HKObjectType>
    ) async throws {}
}

/// An anchored query that remembers which page it asked for under its own `anchor`.
public final class PagedStepQuery: HKAnchoredObjectQuery, @unchecked Sendable {
    /// The app's page marker.
    public let anchor: Int

    /// A query for one page of step samples.
    public init(page: Int, handler: @escaping Handler) {
        anchor = page
        super.init(
            type: HKQuantityType(.stepCount), predicate: nil, anchor: nil, limit: 100, resultsHandler: handler)
    }

    /// HealthKit's initializer, `required` so that code can build queries through a metatype; page 0.
    public required init(
        type: HKSampleType, predicate: NSPredicate?, anchor: HKQueryAnchor?, limit: Int,
        resultsHandler handler: @escaping Handler
    ) {
        self.anchor = 0
        super.init(type: type, predicate: predicate, anchor: anchor, limit: limit, resultsHandler: handler)
    }

    /// HealthKit's initializer for several types, `required` like the other; page 0.
    public required init(
        queryDescriptors: [HKQueryDescriptor], anchor: HKQueryAnchor?, limit: Int,
        resultsHandler handler: @escaping Handler
    ) {
        self.anchor = 0
        super.init(queryDescriptors: queryDescriptors, anchor: anchor, limit: limit, resultsHandler: handler)
    }
}
