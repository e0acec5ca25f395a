import Foundation
import HealthModel
import HealthReports
import HealthWire

/// The provenance summary of a statistics answer, for the whole period: where the merged figure came from.
///
/// This is the one place the provenance reaches the tools (`statistics` and `compare_periods` call it). Today it
/// gives each source's own figure over the period (`separateBySource`, which counts a source's samples alone) and says
/// that the merged figure counts overlapping time once by source priority: what the engine computes today.
///
/// Wiring the engine's provenance (branch `provenance`: `StatisticsReportRequest(provenance:)` with
/// `StatisticsProvenance.Detail`, `StatisticsReport.provenance` and `Row.provenance` as `StatisticsProvenanceBody`):
/// `HealthAssistant.bucketedRequest` passes `provenance: bySource ? .perBucket : .summary`; `statistics` writes
/// `report.provenance?.json` under `provenance` instead of `summary(whole)` (and each bucket's `row.provenance?.json`
/// with `bySource`); `compare_periods` asks each period's report with `.summary` and writes its `provenance?.json`;
/// `sentence(_:)` reads the shares from it. The whole-period `separateBySource` report then only gives the discrete
/// figures of the period.
enum ProvenanceSummary {
    /// The summary of a whole-period report made with `separateBySource`: `{"merge", "sources": [{"source",
    /// "ownFigure"}]}`, sources by their own figure, largest first.
    static func summary(_ whole: StatisticsReport) -> JSONValue {
        let key = whole.keys.first ?? "sum"
        let sources = (whole.rows.first?.sources ?? []).map { source in
            (name: source.name, value: source.figures[key] ?? nil)
        }.sorted { ($0.value ?? -.infinity) > ($1.value ?? -.infinity) }
        return .object([
            ("merge", .string("sources merged by priority; where they overlap, the higher-priority source counts")),
            ("figure", .string(key)),
            (
                "sources",
                .array(
                    sources.map { source in
                        .object([
                            ("source", .string(source.name)),
                            (
                                "ownFigure",
                                source.value.map { .number(FigureRounding.shown($0, in: whole.unit)) } ?? .null
                            ),
                        ])
                    })
            ),
        ])
    }

    /// The summary as a sentence for people.
    static func sentence(_ summary: JSONValue) -> String {
        guard case let .object(members) = summary,
            case let .array(sources)? = members.first(where: { $0.0 == "sources" })?.1
        else { return "" }
        let names = sources.compactMap { source -> String? in
            guard case let .object(fields) = source, case let .string(name)? = fields.first?.1 else { return nil }
            return name
        }
        switch names.count {
        case 0: return "No source has data in this period."
        case 1: return "One source: \(names[0])."
        default:
            return "\(names.count) sources (\(names.joined(separator: ", "))), merged by priority: overlapping time"
                + " counts once, so the merged figure is not their sum."
        }
    }
}
