import Foundation

extension HKAnchoredObjectQuery {
    /// HealthKit's first anchored query, with an integer anchor (`HKAnchoredObjectQueryNoAnchor` for none): the handler
    /// receives the samples saved after the anchor and the integer anchor to ask from next time; deletions are not
    /// reported in this form.
    @available(*, deprecated, message: "Use init(type:predicate:anchor:limit:resultsHandler:)")
    public convenience init(
        type: HKSampleType, predicate: NSPredicate?, anchor: Int, limit: Int,
        completionHandler handler: @escaping (HKAnchoredObjectQuery, [HKSample]?, Int, (any Error)?) -> Void
    ) {
        self.init(
            type: type, predicate: predicate, anchor: HKQueryAnchor(fromValue: anchor), limit: limit
        ) { query, samples, _, newAnchor, error in
            handler(query, samples, newAnchor.map { Int($0.sequence) } ?? anchor, error)
        }
    }
}
