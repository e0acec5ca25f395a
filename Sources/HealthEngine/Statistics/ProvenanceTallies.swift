import Foundation
import HealthModel

/// What the merge counted from each source and what each source holds alone, per bucket, gathered by the evaluation
/// paths when provenance is asked for; `StatisticsEngine` makes `StatisticsProvenance` of them.
struct ProvenanceTallies {
    /// One source's tallies per bucket.
    struct Parts {
        /// Amount (cumulative) or samples (discrete) per bucket.
        var amount: [Double]
        /// Time in seconds per bucket (discrete types; zeros for cumulative ones).
        var time: [Double]
    }

    /// The source samples without a source revision are counted under (as the sample path names them).
    static let unknownSource = Source(name: "unknown", bundleIdentifier: "")

    /// What the merge counted from each source.
    var counted: [Source: Parts] = [:]
    /// Each source's own figures, from its samples alone.
    var own: [Source: Parts] = [:]

    /// The parts a sweep tallied, by source (slot i is `sources[i]`, the last slot the unknown source).
    static func parts(of tallies: SweepTallies, sources: [Source]) -> [Source: Parts] {
        var result: [Source: Parts] = [:]
        for slot in 0...tallies.sourceCount {
            let source = slot < sources.count ? sources[slot] : unknownSource
            let parts = Parts(amount: tallies.amount[slot], time: tallies.time[slot])
            if let known = result[source] {  // two slots of one source (not expected): added up
                result[source] = Parts(
                    amount: zip(known.amount, parts.amount).map(+), time: zip(known.time, parts.time).map(+))
            } else {
                result[source] = parts
            }
        }
        return result
    }

    /// Each source's own parts: the sweep over its measurements alone (as `separateBySource` counts them).
    static func ownParts(
        of measurements: [TimedValue], sources: [Source], calculator: StatisticsCalculator, unit: HealthUnit
    ) -> [Source: Parts] {
        var bySlot: [Int: [TimedValue]] = [:]
        for measurement in measurements {
            var own = measurement
            own.rank = 0
            bySlot[measurement.source < 0 ? sources.count : measurement.source, default: []].append(own)
        }
        var result: [Source: Parts] = [:]
        for (slot, own) in bySlot {
            var tallies: SweepTallies? = SweepTallies(
                sourceCount: sources.count, bucketCount: calculator.edges.count - 1)
            _ = calculator.figures(of: own, unit: unit, tallies: &tallies)
            let source = slot < sources.count ? sources[slot] : unknownSource
            result[source] = Parts(amount: tallies!.amount[slot], time: tallies!.time[slot])
        }
        return result
    }

    /// The provenance of the buckets at `offsets` (offsets into the calculator's buckets), given their coverage.
    func provenance(
        offsets: [Int], style: AggregationStyle, unit: HealthUnit,
        coverage: StatisticsProvenance.Coverage
    ) -> StatisticsProvenance {
        func total(_ values: [Double]?) -> Double {
            guard let values else { return 0 }
            return offsets.reduce(0) { $0 + values[$1] }
        }
        struct Row {
            let source: Source
            let counted, countedTime, own, ownTime: Double
        }
        var rows: [Row] = []
        for (source, ownParts) in own {
            let ownAmount = total(ownParts.amount)
            let ownTime = total(ownParts.time)
            let countedAmount = total(counted[source]?.amount)
            guard ownAmount != 0 || ownTime != 0 || countedAmount != 0 else { continue }
            rows.append(
                Row(
                    source: source, counted: countedAmount, countedTime: total(counted[source]?.time),
                    own: ownAmount, ownTime: ownTime))
        }
        let basis: StatisticsProvenance.ShareBasis
        switch style {
        case .cumulative: basis = .amount
        case .discreteArithmetic: basis = .samples
        case .discreteTimeWeighted, .discreteEquivalentContinuousLevel:
            basis = rows.contains { $0.countedTime > 0 } ? .time : .samples
        }
        func basisValue(_ row: Row) -> Double { basis == .time ? row.countedTime : row.counted }
        let whole = rows.reduce(0) { $0 + basisValue($1) }
        let discrete = style.isDiscrete
        let contributions = rows.map { row in
            StatisticsProvenance.Contribution(
                source: row.source, counted: row.counted, countedTime: discrete ? row.countedTime : nil,
                setAside: max(0, row.own - row.counted),
                setAsideTime: discrete ? max(0, row.ownTime - row.countedTime) : nil,
                share: whole != 0 ? 100 * basisValue(row) / whole : nil)
        }.sorted {
            let (left, right) = ($0.share ?? 0, $1.share ?? 0)
            return left != right
                ? left > right
                : ($0.source.name, $0.source.bundleIdentifier) < ($1.source.name, $1.source.bundleIdentifier)
        }
        return StatisticsProvenance(
            measure: discrete ? .samples : .amount, basis: basis, unit: discrete ? .count : unit,
            contributions: contributions, coverage: coverage)
    }
}
