import Foundation
import HealthModel
import HealthReports
import HealthWire

/// The provenance of a statistics answer as a model reads it: which sources the merged figure took how much from
/// (each source's counted amount and share of the merged figure), what was set aside where sources overlapped, and how
/// much of the period has data. Computed by the statistics engine itself (`StatisticsReportRequest(provenance:)`,
/// `StatisticsReport.provenance`); written here once for the whole answer (`statistics`, `compare_periods`) and, on
/// request, per bucket, rounded as the figures are.
enum ProvenanceSummary {
    /// The summary of a report's provenance: `{"shareOf", "sources": [{"source", "counted", "share", "setAside"}],
    /// "coverage": {"percent", "bucketsWithData", "buckets"}}`, sources by their share, largest first; null when the
    /// report has none.
    static func summary(_ body: StatisticsProvenanceBody?, unit: HealthUnit) -> JSONValue {
        guard let body else { return .null }
        let sameUnit = body.unit == unit.unitString
        func amount(_ value: Double) -> JSONValue {
            .number(sameUnit ? FigureRounding.shown(value, in: unit) : FigureRounding.round(value, places: 2))
        }
        let sources = body.sources.sorted { ($0.share ?? 0, $0.counted) > ($1.share ?? 0, $1.counted) }
        return .object([
            ("shareOf", .string(body.shareOf)), ("unit", .string(body.unit)),
            (
                "sources",
                .array(
                    sources.map { source in
                        .object([
                            ("source", .string(source.name)), ("counted", amount(source.counted)),
                            ("share", .number(source.share.map { FigureRounding.round($0, places: 1) })),
                            ("setAside", amount(source.setAside)),
                        ])
                    })
            ),
            (
                "coverage",
                .object([
                    ("percent", .number(body.fraction.map { FigureRounding.round($0 * 100, places: 1) })),
                    ("bucketsWithData", .number(Double(body.bucketsWithData))),
                    ("buckets", .number(Double(body.buckets))),
                ])
            ),
        ])
    }

    /// The summary as a sentence for people: the sources and their shares, what was set aside, the coverage.
    static func sentence(_ summary: JSONValue) -> String {
        guard case let .object(members) = summary,
            case let .array(sources)? = members.first(where: { $0.0 == "sources" })?.1
        else { return "" }
        var shares: [String] = []
        var setAside: [String] = []
        for source in sources {
            guard case let .object(fields) = source, case let .string(name)? = fields.first?.1 else { continue }
            let value = { (key: String) -> Double? in
                if case let .number(number)? = fields.first(where: { $0.0 == key })?.1 { return number }
                return nil
            }
            shares.append(name + (value("share").map { " \(JSONValueText.number($0)) %" } ?? ""))
            if let aside = value("setAside"), aside > 0 { setAside.append(name) }
        }
        guard !shares.isEmpty else { return "No source has data in this period." }
        var text =
            "Sources of the merged figure (merged by priority, overlapping time counted once): "
            + shares.joined(separator: ", ") + "."
        if !setAside.isEmpty {
            text += " Set aside where a higher-priority source overlapped: " + setAside.joined(separator: ", ") + "."
        }
        if case let .object(coverage)? = members.first(where: { $0.0 == "coverage" })?.1,
            case let .number(percent)? = coverage.first(where: { $0.0 == "percent" })?.1
        {
            text += " Data covers \(JSONValueText.number(percent)) % of the period."
        }
        return text
    }
}
