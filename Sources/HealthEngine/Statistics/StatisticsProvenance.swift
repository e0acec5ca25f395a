import Foundation
import HealthModel

/// Where a merged statistics figure came from (decisions/statistics.md, "Provenance"): per source, what the merge
/// counted from it, its share of the merged figure and what of its own data a better-ranked source's data set aside;
/// and how much of the window has data. Computed by the merge that computes the figures, from the same slices, so
/// the sources' counted parts add up to the merged figure.
///
/// What is counted depends on the type's aggregation style (`measure`): for a cumulative type, the amount (in the
/// type's canonical unit) taken from each source; for a discrete type, the samples counted from it (each once per
/// bucket where it wins some of its time, as the average counts them) and the time it weighs (its presence where it
/// wins). Shares follow what the figure is made of (`basis`): the amount for a sum, the time for a time-weighted
/// average or an equivalent continuous level, the samples for an arithmetic average (and for a time-weighted one
/// whose samples weigh no time at all).
public struct StatisticsProvenance: Sendable, Hashable {
    /// How much provenance a statistics request asks for.
    public enum Detail: String, Sendable, Hashable, CaseIterable {
        /// None: no extra work.
        case none
        /// For the whole answer (the window of a collection, or the single query).
        case summary
        /// For the whole answer and for each bucket with data.
        case perBucket
    }

    /// What `counted` and `setAside` measure.
    public enum Measure: String, Sendable, Hashable {
        /// An amount in the type's canonical unit (cumulative types).
        case amount
        /// A number of samples (discrete types).
        case samples
    }

    /// What shares are shares of.
    public enum ShareBasis: String, Sendable, Hashable {
        /// The amount counted (a sum).
        case amount
        /// The samples counted (an arithmetic average, minimum and maximum).
        case samples
        /// The time counted (a time-weighted average or an equivalent continuous level).
        case time
    }

    /// One source's part.
    public struct Contribution: Sendable, Hashable {
        /// The source.
        public let source: Source
        /// What the merged figure counted from it (`measure`).
        public let counted: Double
        /// The time counted from it, in seconds (discrete types; nil for cumulative ones).
        public let countedTime: Double?
        /// What of its own data was not counted because a better-ranked source had data at that time (`measure`):
        /// its own figure (as `separateBySource` gives it) less `counted`.
        public let setAside: Double
        /// The time of its own data set aside, in seconds (discrete types; nil for cumulative ones).
        public let setAsideTime: Double?
        /// Its share of the merged figure in percent (by `basis`); nil when the merged basis is zero.
        public let share: Double?

        /// A contribution from its parts.
        public init(
            source: Source, counted: Double, countedTime: Double?, setAside: Double, setAsideTime: Double?,
            share: Double?
        ) {
            self.source = source
            self.counted = counted
            self.countedTime = countedTime
            self.setAside = setAside
            self.setAsideTime = setAsideTime
            self.share = share
        }
    }

    /// How much of a window has data after the merge.
    public struct Coverage: Sendable, Hashable {
        /// The time covered by the union of the counted samples' intervals inside the window, in seconds (as the
        /// `duration` figure counts it: instantaneous samples cover no time).
        public let coveredSeconds: Double
        /// The window's length in seconds.
        public let windowSeconds: Double
        /// The buckets with data.
        public let bucketsWithData: Int
        /// The buckets of the window (1 for a single statistics query).
        public let buckets: Int

        /// A coverage from its parts.
        public init(coveredSeconds: Double, windowSeconds: Double, bucketsWithData: Int, buckets: Int) {
            self.coveredSeconds = coveredSeconds
            self.windowSeconds = windowSeconds
            self.bucketsWithData = bucketsWithData
            self.buckets = buckets
        }

        /// The covered fraction of the window (0…1), nil for an empty window.
        public var fraction: Double? { windowSeconds > 0 ? min(1, coveredSeconds / windowSeconds) : nil }
    }

    /// What `counted` and `setAside` measure.
    public let measure: Measure
    /// What shares are shares of.
    public let basis: ShareBasis
    /// The unit of amounts (the type's canonical unit; `.count()` for samples).
    public let unit: HealthUnit
    /// Every source with data in the window, largest share first (ties: by name), sources fully set aside included.
    public let contributions: [Contribution]
    /// How much of the window has data.
    public let coverage: Coverage

    /// Provenance from its parts.
    public init(
        measure: Measure, basis: ShareBasis, unit: HealthUnit, contributions: [Contribution], coverage: Coverage
    ) {
        self.measure = measure
        self.basis = basis
        self.unit = unit
        self.contributions = contributions
        self.coverage = coverage
    }

    /// The sum of the counted parts (for a cumulative type: the merged sum).
    public var totalCounted: Double { contributions.reduce(0) { $0 + $1.counted } }
}
