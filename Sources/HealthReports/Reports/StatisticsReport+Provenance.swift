import Foundation
import HealthEngine
import HealthModel
import HealthWire

/// Provenance in the statistics report: the engine's `StatisticsProvenance` as the wire body, in the report's unit,
/// and as text under the table.
extension StatisticsReport {
    /// The accepted names of `provenance` (`ohk stats --provenance`, `GET /statistics?provenance=`), and what each asks.
    public static let provenanceNames: [(name: String, detail: StatisticsProvenance.Detail)] = [
        ("none", .none), ("summary", .summary), ("buckets", .perBucket),
    ]

    /// The detail a name asks for; throws `notAccepted` naming `field` for a name not in `provenanceNames`.
    public static func provenance(
        named name: String, field: String = "provenance"
    ) throws(HealthReportsError) -> StatisticsProvenance.Detail {
        guard let detail = provenanceNames.first(where: { $0.name == name })?.detail else {
            throw .notAccepted(field: field, value: name, accepted: provenanceNames.map(\.name))
        }
        return detail
    }

    /// The wire body of the engine's provenance: amounts in the request's unit.
    static func provenanceBody(
        _ provenance: StatisticsProvenance, _ request: StatisticsReportRequest
    ) -> StatisticsProvenanceBody {
        let amounts = provenance.measure == .amount
        func value(_ amount: Double) -> Double { amounts ? request.converter.convert(amount) : amount }
        return StatisticsProvenanceBody(
            measure: provenance.measure.rawValue, shareOf: provenance.basis.rawValue,
            unit: amounts ? request.unit.description : HealthUnit.count.description,
            sources: provenance.contributions.map {
                StatisticsProvenanceBody.SourceShare(
                    name: $0.source.name, bundleIdentifier: $0.source.bundleIdentifier, counted: value($0.counted),
                    countedSeconds: $0.countedTime, setAside: value($0.setAside), setAsideSeconds: $0.setAsideTime,
                    share: $0.share)
            },
            coveredSeconds: provenance.coverage.coveredSeconds, windowSeconds: provenance.coverage.windowSeconds,
            bucketsWithData: provenance.coverage.bucketsWithData, buckets: provenance.coverage.buckets)
    }

    /// The provenance of an answer without data: no sources, nothing covered, over the rows' window.
    static func emptyProvenance(_ request: StatisticsReportRequest, rows: [Row]) -> StatisticsProvenanceBody {
        let cumulative = request.query.style.isCumulative
        let window = rows.reduce(0) { $0 + $1.end.timeIntervalSince($1.start) }
        return StatisticsProvenanceBody(
            measure: cumulative ? "amount" : "samples",
            shareOf: cumulative ? "amount" : (request.query.style == .discreteArithmetic ? "samples" : "time"),
            unit: cumulative ? request.unit.description : HealthUnit.count.description, sources: [],
            coveredSeconds: 0, windowSeconds: window, bucketsWithData: 0, buckets: rows.count)
    }

    /// The provenance under the table: the whole answer's sources and coverage, then each bucket's sources.
    var provenanceText: String {
        guard let provenance else { return "" }
        var text = "\nsources (\(provenance.measure == "amount" ? "in \(provenance.unit)" : "samples"), "
        text += "shares of the merged \(provenance.shareOf))\n"
        text += sourceTable(provenance, start: nil).rendered(as: .table)
        let covered = provenance.fraction.map { " (" + Self.number(($0 * 1000).rounded() / 10) + " %)" } ?? ""
        text += "coverage: " + Self.hours(provenance.coveredSeconds) + " of " + Self.hours(provenance.windowSeconds)
        text += covered + "; \(provenance.bucketsWithData) of \(provenance.buckets) buckets with data\n"
        let perBucket = rows.compactMap { row in row.provenance.map { (row.start, $0) } }
        if !perBucket.isEmpty {
            var table = sourceTable(perBucket[0].1, start: perBucket[0].0)
            for (start, bucket) in perBucket.dropFirst() {
                for row in sourceTable(bucket, start: start).rows { table.append(row) }
            }
            text += "\nsources per bucket\n" + table.rendered(as: .table)
        }
        return text
    }

    private func sourceTable(_ provenance: StatisticsProvenanceBody, start: Date?) -> TextTable {
        let timed = provenance.sources.contains { $0.countedSeconds != nil }
        let numeric = ["counted", "share %", "set aside", "counted s", "set aside s"]
        var table = TextTable(
            columns: (start == nil ? [] : ["start"]) + ["source", "counted", "share %", "set aside"]
                + (timed ? ["counted s", "set aside s"] : []),
            numericColumns: Set(numeric))
        for source in provenance.sources {
            let share = source.share.map { Self.number(($0 * 10).rounded() / 10) }
            var cells: [String?] = start.map { [DateWriter.format($0, in: timeZone)] } ?? []
            cells += [source.name, Self.number(source.counted), share, Self.number(source.setAside)]
            if timed { cells += [source.countedSeconds.map(Self.number), source.setAsideSeconds.map(Self.number)] }
            table.append(cells)
        }
        return table
    }

    private static func hours(_ seconds: Double) -> String { number((seconds / 360).rounded() / 10) + " h" }
}
