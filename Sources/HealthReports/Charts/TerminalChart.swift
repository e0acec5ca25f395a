import Foundation

/// A statistics report drawn with Unicode block characters for a terminal (`ohk stats --chart`): horizontal bars,
/// one per bucket, or sparklines, one per series. Plain text without colour, so it reads the same in a pipe or a file.
///
/// An empty bucket (no samples) is drawn empty and says `no data`; a zero is a bucket with a value of zero and shows
/// `0`. Values are written with thousands separators and the unit as people read it (`steps`, `bpm`, `%` of 0–100).
public struct TerminalChart: Sendable {
    /// How the report is drawn.
    public enum Style: String, Sendable, CaseIterable {
        /// One horizontal bar per bucket, scaled to the largest value and the width.
        case bars
        /// One line of ▁▂▃▄▅▆▇█ per series (figure, and source with `--by-source`), with its minimum and maximum.
        case sparkline
    }

    /// The eighths of a block, from one eighth to seven (a full block is █).
    static let eighths = ["▏", "▎", "▍", "▌", "▋", "▊", "▉"]
    /// The sparkline levels, lowest first.
    static let levels = ["▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"]

    /// The report drawn.
    public let report: StatisticsReport
    /// The style.
    public let style: Style
    /// The width of the terminal in columns (at least 40 are used).
    public let width: Int

    /// A chart of a report in a style, for a terminal `width` columns wide.
    public init(_ report: StatisticsReport, style: Style, width: Int) {
        self.report = report
        self.style = style
        self.width = max(40, width)
    }

    /// The chart as lines of text, each ending in a newline.
    public var rendered: String {
        switch style {
        case .bars: return bars()
        case .sparkline: return sparklines()
        }
    }

    /// The unit next to a value, as people read it (`steps`, `bpm`).
    private var unitLabel: String { UnitLabel.label(report.unit, for: report.type) }

    /// A value as people read it (percentages as 0–100).
    private func shown(_ value: Double) -> Double { UnitLabel.shown(value, in: report.unit) }

    /// The first line: the type, the figure drawn, the unit and the time zone.
    private func title(_ figures: String) -> String {
        "\(report.type.identifier), \(figures) in \(report.unit), \(report.timeZoneName)\n"
    }

    /// One bar per bucket of the first figure (sum for cumulative types, average for discrete ones).
    private func bars() -> String {
        guard let key = report.keys.first else { return title("no figures") }
        let values = report.rows.map { $0.figures[key].flatMap { $0 }.map(shown) }
        let labels = TerminalChart.labels(report.rows.map(\.start), in: report.timeZone)
        let texts = values.map { $0.map { "\(TerminalChart.number($0)) \(unitLabel)" } ?? "no data" }
        let labelWidth = labels.map(\.count).max() ?? 0
        let textWidth = texts.map(\.count).max() ?? 0
        let barWidth = max(10, width - labelWidth - textWidth - 4)
        let largest = values.compactMap { $0 }.max() ?? 0
        var lines = title(key)
        for (index, value) in values.enumerated() {
            let bar = value.map { TerminalChart.bar($0, largest: largest, width: barWidth) } ?? ""
            let label = labels[index].padding(toLength: labelWidth, withPad: " ", startingAt: 0)
            let drawn = bar.padding(toLength: barWidth, withPad: " ", startingAt: 0)
            let text = String(repeating: " ", count: textWidth - texts[index].count) + texts[index]
            lines += [label, drawn, text].joined(separator: "  ") + "\n"
        }
        return lines
    }

    /// A bar of `width` columns for the largest value, in full blocks and an eighth block for the rest; a value above
    /// zero gets at least an eighth, so it is never mistaken for zero.
    static func bar(_ value: Double, largest: Double, width: Int) -> String {
        guard value > 0, largest > 0 else { return "" }
        let eighthsCount = max(1, Int((value / largest * Double(width * 8)).rounded()))
        let full = String(repeating: "█", count: eighthsCount / 8)
        return eighthsCount % 8 == 0 ? full : full + eighths[eighthsCount % 8 - 1]
    }

    /// One sparkline per series: each figure, and each source's with `--by-source`.
    private func sparklines() -> String {
        var series: [(name: String, values: [Double?])] = []
        for key in report.keys {
            series.append((key, report.rows.map { $0.figures[key].flatMap { $0 }.map(shown) }))
            guard report.bySource else { continue }
            let names = report.rows.flatMap { $0.sources.map(\.name) }.reduce(into: [String]()) { names, name in
                if !names.contains(name) { names.append(name) }
            }
            for name in names {
                series.append(
                    (
                        "\(key) \(name)",
                        report.rows.map { row in
                            row.sources.first { $0.name == name }?.figures[key].flatMap { $0 }.map(shown)
                        }
                    ))
            }
        }
        let labels = TerminalChart.labels(report.rows.map(\.start), in: report.timeZone)
        let nameWidth = series.map(\.name.count).max() ?? 0
        var lines = title(report.keys.joined(separator: ", "))
        if let first = labels.first, let last = labels.last {
            lines += "\(report.rows.count) buckets from \(first) to \(last); a blank is a bucket without data\n"
        }
        for (name, values) in series {
            let present = values.compactMap { $0 }
            let line =
                values.map { value in value.map { TerminalChart.level($0, in: present) } ?? " " }.joined()
            let range =
                present.isEmpty
                ? "no data"
                : "min \(TerminalChart.number(present.min()!)) max \(TerminalChart.number(present.max()!)) \(unitLabel)"
            let label = name.padding(toLength: nameWidth, withPad: " ", startingAt: 0)
            lines += [label, line, range].joined(separator: "  ") + "\n"
        }
        return lines
    }

    /// The level of a value between the series' minimum (▁) and maximum (█); ▄ when they are equal.
    static func level(_ value: Double, in values: [Double]) -> String {
        guard let low = values.min(), let high = values.max(), high > low else { return levels[3] }
        let index = Int(((value - low) / (high - low) * Double(levels.count - 1)).rounded())
        return levels[min(levels.count - 1, max(0, index))]
    }

    /// Bucket labels: the date alone when every bucket starts at midnight, else date and time to the minute.
    static func labels(_ starts: [Date], in timeZone: TimeZone) -> [String] {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let days = starts.allSatisfy { calendar.startOfDay(for: $0) == $0 }
        return starts.map { start in
            let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: start)
            let day = String(
                format: "%04d-%02d-%02d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0)
            return days ? day : day + String(format: " %02d:%02d", parts.hour ?? 0, parts.minute ?? 0)
        }
    }

    /// A value for people: thousands separators, no decimals from 100 on, one below 100, two below 10 (trailing
    /// zeros dropped); exponent notation from 10^15 on.
    static func number(_ value: Double) -> String {
        guard value.isFinite else { return String(value) }
        let magnitude = abs(value)
        if magnitude >= 1e15 { return String(format: "%.3e", value) }
        let decimals = magnitude >= 100 ? 0 : (magnitude >= 10 ? 1 : 2)
        var text = NumberText.grouped(value, places: decimals)
        if decimals > 0 {
            while text.hasSuffix("0") { text.removeLast() }
            if text.hasSuffix(".") { text.removeLast() }
        }
        return text == "-0" ? "0" : text
    }
}
