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

    /// The rank of each sample (same order as the input), and the distinct sources seen.
    func ranks(of samples: [StoredSample]) -> [Int] {
        var firstSeen: [Source: Int64] = [:]
        var revisions: [Source: SourceRevision] = [:]
        for stored in samples {
            guard let revision = stored.sample.sourceRevision else { continue }
            if let seen = firstSeen[revision.source], seen <= stored.sequence { continue }
            firstSeen[revision.source] = stored.sequence
            revisions[revision.source] = revision
        }
        // Default order among sources: Watch, other Apple devices, then third party newest first.
        let ordered = firstSeen.keys.sorted { left, right in
            let leftClass = SourcePriority.deviceClass(revisions[left]!), rightClass = SourcePriority.deviceClass(revisions[right]!)
            if leftClass != rightClass { return leftClass < rightClass }
            if leftClass == 2 { return firstSeen[left]! > firstSeen[right]! }
            return firstSeen[left]! < firstSeen[right]!
        }
        var sourceRank: [Source: Int] = [:]
        if let order {
            var position: [String: Int] = [:]
            for (index, bundle) in order.enumerated() where position[bundle] == nil { position[bundle] = index }
            var next = order.count
            for source in ordered {
                if let index = position[source.bundleIdentifier] {
                    sourceRank[source] = index
                } else {
                    sourceRank[source] = next
                    next += 1
                }
            }
        } else {
            for (index, source) in ordered.enumerated() { sourceRank[source] = index + 1 }
        }
        let manualFirst = order == nil
        return samples.map { stored in
            if manualFirst, stored.sample.wasUserEntered { return 0 }
            guard let source = stored.sample.sourceRevision?.source else { return Int.max / 2 }
            return sourceRank[source] ?? Int.max / 2
        }
    }

    /// 0 for Apple Watch, 1 for other Apple devices, 2 for third-party sources.
    static func deviceClass(_ revision: SourceRevision) -> Int {
        let product = revision.productType ?? ""
        let isApple = revision.source.bundleIdentifier.hasPrefix("com.apple.")
        if isApple, product.hasPrefix("Watch") { return 0 }
        if isApple { return 1 }
        return 2
    }
}
