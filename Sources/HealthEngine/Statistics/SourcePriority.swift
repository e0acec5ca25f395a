import Foundation
import HealthModel

/// Ranks the samples of a statistics query by source priority (SEMANTICS §5.1): lower rank wins.
///
/// With no order set for the type, the default is: samples a person entered by hand (`HKWasUserEntered`), then Apple
/// Watch sources, then other Apple devices (iPhone), then third-party apps and devices, a newly seen one above older
/// ones (newly seen: its first sample in this query was saved later). With an order set (bundle identifiers, highest
/// first), listed sources rank in that order and unlisted ones after them, in the default order among themselves.
public struct SourcePriority: Sendable {
    /// The bundle identifiers in priority order, or nil for the default order.
    public let order: [String]?

    /// A priority: explicit, or nil for the default order.
    public init(order: [String]?) {
        self.order = order
    }

    /// The rank of each sample (same order as the input).
    func ranks(of samples: [StoredSample]) -> [Int] {
        var firstSeen: [Source: Int64] = [:]
        var revisions: [Source: SourceRevision] = [:]
        for stored in samples {
            guard let revision = stored.sample.sourceRevision else { continue }
            if let seen = firstSeen[revision.source], seen <= stored.sequence { continue }
            firstSeen[revision.source] = stored.sequence
            revisions[revision.source] = revision
        }
        let sources = Array(firstSeen.keys)
        let rankList = ranks(
            of: sources.map {
                SourceSighting(source: $0, productType: revisions[$0]!.productType, firstSequence: firstSeen[$0]!)
            })
        var sourceRank: [Source: Int] = [:]
        for (index, source) in sources.enumerated() { sourceRank[source] = rankList[index] }
        let manualFirst = order == nil
        return samples.map { stored in
            if manualFirst, stored.sample.wasUserEntered { return SourcePriority.manualRank }
            guard let source = stored.sample.sourceRevision?.source else { return SourcePriority.sourcelessRank }
            return sourceRank[source] ?? SourcePriority.sourcelessRank
        }
    }

    /// The distinct sources of these samples, highest priority first (hand-entered samples rank first whatever their
    /// source; that is a property of samples, not of sources, so it does not show here).
    public func orderedSources(of samples: [StoredSample]) -> [Source] {
        var firstSeen: [Source: (sequence: Int64, productType: String?)] = [:]
        for stored in samples {
            guard let revision = stored.sample.sourceRevision else { continue }
            if let seen = firstSeen[revision.source], seen.sequence <= stored.sequence { continue }
            firstSeen[revision.source] = (stored.sequence, revision.productType)
        }
        let sources = firstSeen.keys.sorted()
        let rankList = ranks(
            of: sources.map {
                SourceSighting(
                    source: $0, productType: firstSeen[$0]!.productType, firstSequence: firstSeen[$0]!.sequence)
            })
        return sources.indices.sorted { (rankList[$0], sources[$0]) < (rankList[$1], sources[$1]) }.map { sources[$0] }
    }

    /// The rank of samples entered by hand in the default order.
    static let manualRank = 0
    /// The rank of samples without a source revision: last.
    static let sourcelessRank = Int.max / 2

    /// A source as a query sees it: the product type of its first-seen sample and that sample's sequence number.
    struct SourceSighting {
        let source: Source
        let productType: String?
        let firstSequence: Int64
    }

    /// The rank of each distinct source (same order as the input); hand entry is decided per sample by the caller.
    func ranks(of sightings: [SourceSighting]) -> [Int] {
        // Default order among sources: Watch, other Apple devices, then third party newest first.
        let ordered = sightings.indices.sorted { leftIndex, rightIndex in
            let left = sightings[leftIndex]
            let right = sightings[rightIndex]
            let leftClass = SourcePriority.deviceClass(left.source, productType: left.productType)
            let rightClass = SourcePriority.deviceClass(right.source, productType: right.productType)
            if leftClass != rightClass { return leftClass < rightClass }
            if leftClass == 2 { return left.firstSequence > right.firstSequence }
            return left.firstSequence < right.firstSequence
        }
        var result = [Int](repeating: 0, count: sightings.count)
        if let order {
            var position: [String: Int] = [:]
            for (index, bundle) in order.enumerated() where position[bundle] == nil { position[bundle] = index }
            var next = order.count
            for index in ordered {
                if let listed = position[sightings[index].source.bundleIdentifier] {
                    result[index] = listed
                } else {
                    result[index] = next
                    next += 1
                }
            }
        } else {
            for (rank, index) in ordered.enumerated() { result[index] = rank + 1 }
        }
        return result
    }

    /// 0 for Apple Watch, 1 for other Apple devices, 2 for third-party sources.
    static func deviceClass(_ source: Source, productType: String?) -> Int {
        let product = productType ?? ""
        let isApple = source.bundleIdentifier.hasPrefix("com.apple.")
        if isApple, product.hasPrefix("Watch") { return 0 }
        if isApple { return 1 }
        return 2
    }
}
