import Foundation

/// The figures of a benchmark run, printed as an aligned table with targets and whether each was met.
public struct ResultTable {
    /// One line of the table.
    public struct Row {
        /// The section the row belongs to (`save`, `query`, `units`).
        public let section: String
        /// What was measured.
        public let name: String
        /// The figure, formatted.
        public let figure: String
        /// The target, if the figure has one.
        public let target: String
        /// Whether the target was met (nil when there is no target).
        public let met: Bool?
    }

    /// The rows in the order they were added.
    public private(set) var rows: [Row] = []

    /// An empty table.
    public init() {}

    /// Adds a row and echoes it to standard error as progress.
    public mutating func add(_ section: String, _ name: String, _ figure: String, target: String = "", met: Bool? = nil)
    {
        rows.append(Row(section: section, name: name, figure: figure, target: target, met: met))
        FileHandle.standardError.write(Data("  \(name): \(figure)\n".utf8))
    }

    /// Whether every row with a target met it.
    public var allTargetsMet: Bool { rows.allSatisfy { $0.met ?? true } }

    /// The table as text.
    public func rendered() -> String {
        let headers = ["benchmark", "figure", "target", ""]
        let cells = rows.map { row in
            [row.section + ": " + row.name, row.figure, row.target, row.met.map { $0 ? "met" : "MISSED" } ?? ""]
        }
        var widths = headers.map(\.count)
        for line in cells {
            for (column, cell) in line.enumerated() { widths[column] = max(widths[column], cell.count) }
        }
        func format(_ line: [String]) -> String {
            line.enumerated().map { column, cell in
                column == line.count - 1 ? cell : cell.padding(toLength: widths[column], withPad: " ", startingAt: 0)
            }.joined(separator: "  ").trimmingCharacters(in: .whitespaces)
        }
        var output = [format(headers), widths.map { String(repeating: "-", count: $0) }.joined(separator: "  ")]
        output += cells.map(format)
        return output.joined(separator: "\n")
    }
}

/// Number formatting for the table.
public enum Figures {
    /// `1234567.8` as `1,234,568`.
    public static func grouped(_ value: Double) -> String {
        let rounded = Int(value.rounded())
        var digits = String(abs(rounded))
        var groups: [Substring] = []
        while digits.count > 3 {
            groups.insert(Substring(digits.suffix(3)), at: 0)
            digits.removeLast(3)
        }
        groups.insert(Substring(digits), at: 0)
        return (rounded < 0 ? "-" : "") + groups.joined(separator: ",")
    }

    /// A rate such as `1.23 M/s` or `845 k/s`.
    public static func rate(_ perSecond: Double, unit: String = "") -> String {
        let suffix = unit.isEmpty ? "/s" : " \(unit)/s"
        if perSecond >= 1e9 { return String(format: "%.2f G", perSecond / 1e9) + suffix }
        if perSecond >= 1e6 { return String(format: "%.2f M", perSecond / 1e6) + suffix }
        if perSecond >= 1e3 { return String(format: "%.1f k", perSecond / 1e3) + suffix }
        return String(format: "%.1f", perSecond) + suffix
    }

    /// A duration in the most readable unit: `412 µs`, `1.84 ms`, `3.21 s`.
    public static func duration(_ seconds: Double) -> String {
        if seconds < 1e-3 { return String(format: "%.1f µs", seconds * 1e6) }
        if seconds < 1 { return String(format: "%.2f ms", seconds * 1e3) }
        return String(format: "%.2f s", seconds)
    }

    /// A size such as `3.42 GiB`.
    public static func bytes(_ count: Int) -> String {
        let value = Double(count)
        if value >= 1_073_741_824 { return String(format: "%.2f GiB", value / 1_073_741_824) }
        if value >= 1_048_576 { return String(format: "%.1f MiB", value / 1_048_576) }
        return String(format: "%.1f KiB", value / 1024)
    }
}
