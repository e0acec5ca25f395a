import Foundation
import HealthModel

/// Ranks samples by source priority (SEMANTICS §5.1): lower rank wins. The one place the default source order is
/// decided, for every sample type and every path (import, Swift API, HTTP) and every consumer (statistics over samples
/// or columns, sleep nights, workouts' heart rate, activity summaries, `sourcesInPriorityOrder`).
///
/// With no order set for the type, the default is (docs/decisions/source-order.md):
/// 1. samples a person entered by hand (`HKWasUserEntered`), whatever their source;
/// 2. Apple Watch sources, then other Apple devices (iPhone), then third parties: a source's class is the best
///    `SourceClass` of its samples in the ranked set (a source with Watch and iPhone samples ranks as a Watch), and
///    devices decide it (a third-party app whose samples carry an iPhone as their device ranks as an iPhone);
/// 3. within a class, the more recently active first: the source whose latest sample end in the ranked set is later;
///    ties by bundle identifier, then name. This depends only on the ranked samples, not on when or in which order
///    they were saved, so an export's round trip (written out and imported again) keeps merged figures.
///
/// With an order set (bundle identifiers, highest first), listed sources rank in that order and unlisted ones after
/// them, in the default order among themselves; hand entry then ranks no higher than its source.
public struct SourcePriority: Sendable {
    /// The bundle identifiers in priority order, or nil for the default order.
    public let order: [String]?

    /// A priority: explicit, or nil for the default order.
    public init(order: [String]?) {
        self.order = order
    }

    /// The rank of each sample (same order as the input).
    func ranks(of samples: [StoredSample]) -> [Int] {
        var tally = SightingTally()
        for stored in samples { tally.note(stored) }
        let sightings = tally.sightings
        let rankList = ranks(of: sightings)
        var sourceRank: [Source: Int] = [:]
        for (index, sighting) in sightings.enumerated() { sourceRank[sighting.source] = rankList[index] }
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
        var tally = SightingTally()
        for stored in samples { tally.note(stored) }
        let sightings = tally.sightings
        let rankList = ranks(of: sightings)
        return sightings.indices.sorted { (rankList[$0], sightings[$0].source) < (rankList[$1], sightings[$1].source) }
            .map { sightings[$0].source }
    }

    /// The rank of samples entered by hand in the default order.
    static let manualRank = 0
    /// The rank of samples without a source revision: last.
    static let sourcelessRank = Int.max / 2

    /// A source as a ranking sees it: the best class of its samples there and their latest end.
    struct SourceSighting {
        let source: Source
        let sourceClass: SourceClass
        /// The latest end date among the source's samples there, in seconds since the reference date.
        let latestEnd: Double
    }

    /// Whether `left` comes before `right` in the default order of sources: the one rule (see the type's summary).
    /// Class first, then the later latest sample end, then bundle identifier and name: only the data decides, never
    /// the save order.
    static func precedes(_ left: SourceSighting, _ right: SourceSighting) -> Bool {
        if left.sourceClass != right.sourceClass { return left.sourceClass < right.sourceClass }
        if left.latestEnd != right.latestEnd { return left.latestEnd > right.latestEnd }
        return left.source < right.source
    }

    /// The rank of each distinct source (same order as the input); hand entry is decided per sample by the caller.
    func ranks(of sightings: [SourceSighting]) -> [Int] {
        let ordered = sightings.indices.sorted { SourcePriority.precedes(sightings[$0], sightings[$1]) }
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
}

/// Each source's sighting over a set of samples: the latest end and the best class among its samples.
struct SightingTally {
    private var seen: [Source: (latestEnd: Double, sourceClass: SourceClass)] = [:]
    private var sources: [Source] = []
    private var classes = SourceClassCache()

    /// Notes one sample (one without a source revision changes nothing).
    mutating func note(_ stored: StoredSample) {
        guard let source = stored.sample.sourceRevision?.source else { return }
        let sourceClass = classes.sourceClass(of: stored.sample)
        let end = stored.sample.endDate.timeIntervalSinceReferenceDate
        if let known = seen[source] {
            if known.latestEnd >= end, known.sourceClass <= sourceClass { return }
            seen[source] = (max(known.latestEnd, end), min(known.sourceClass, sourceClass))
        } else {
            seen[source] = (end, sourceClass)
            sources.append(source)
        }
    }

    /// The sightings, in the order their sources were first met.
    var sightings: [SourcePriority.SourceSighting] {
        sources.map {
            SourcePriority.SourceSighting(
                source: $0, sourceClass: seen[$0]!.sourceClass, latestEnd: seen[$0]!.latestEnd)
        }
    }
}
