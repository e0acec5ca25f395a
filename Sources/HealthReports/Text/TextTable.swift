import Foundation
import HealthWire

/// Rows of text written as a table (aligned columns), as CSV, or as JSON objects.
///
/// CSV quoting is the few lines RFC 4180 needs (quote fields holding a comma, quote or line break; double the quotes),
/// simpler than adapting a CSV package's writer to this row model.
public struct TextTable: Sendable {
    /// Column names.
    public let columns: [String]
    /// Cells, row by row; nil is an empty cell (null in JSON).
    public private(set) var rows: [[String?]] = []
    /// Columns whose values are numbers: right-aligned in tables, numbers in JSON.
    public let numericColumns: Set<String>

    /// An empty table with these columns.
    public init(columns: [String], numericColumns: Set<String> = []) {
        self.columns = columns
        self.numericColumns = numericColumns
    }

    /// Adds a row (as many cells as columns).
    public mutating func append(_ row: [String?]) {
        precondition(row.count == columns.count, "a row needs \(columns.count) cells")
        rows.append(row)
    }

    /// The table in a format; JSON is an array of objects, NDJSON one object per line.
    public func rendered(as format: OutputFormat) -> String {
        switch format {
        case .table: return aligned()
        case .csv:
            return ([columns] + rows.map { $0.map { $0 ?? "" } }).map {
                $0.map(TextTable.csvField).joined(separator: ",")
            }.joined(separator: "\n") + "\n"
        case .json: return jsonValue.text + "\n"
        case .ndjson: return rows.map { object($0).text + "\n" }.joined()
        }
    }

    /// The rows alone, without a header or enclosing brackets: CSV lines, JSON objects separated by commas (for an
    /// array written in parts), or NDJSON lines; tables are not written in parts.
    public func renderedRows(as format: OutputFormat) -> String {
        switch format {
        case .table: return aligned()
        case .csv: return rows.map { $0.map { TextTable.csvField($0 ?? "") }.joined(separator: ",") + "\n" }.joined()
        case .json: return rows.map { object($0).text }.joined(separator: ",\n")
        case .ndjson: return rows.map { object($0).text + "\n" }.joined()
        }
    }

    /// The rows as a JSON array of objects (what `rendered(as: .json)` writes), for a document that holds them.
    public var jsonValue: JSONValue { .array(rows.map(object)) }

    private func object(_ row: [String?]) -> JSONValue {
        .object(
            zip(columns, row).map { column, cell in
                guard let cell else { return (column, .null) }
                if numericColumns.contains(column), let number = Double(cell) { return (column, .number(number)) }
                return (column, .string(cell))
            })
    }

    private func aligned() -> String {
        var widths = columns.map(\.count)
        for row in rows {
            for (index, cell) in row.enumerated() { widths[index] = max(widths[index], (cell ?? "").count) }
        }
        func line(_ cells: [String]) -> String {
            cells.enumerated().map { index, cell in
                let padding = String(repeating: " ", count: widths[index] - cell.count)
                return numericColumns.contains(columns[index]) ? padding + cell : cell + padding
            }.joined(separator: "  ").replacing(/\s+$/, with: "")
        }
        var output = line(columns) + "\n"
        output += line(widths.map { String(repeating: "-", count: $0) }) + "\n"
        for row in rows { output += line(row.map { $0 ?? "" }) + "\n" }
        return output
    }

    /// A CSV field, quoted when it must be.
    static func csvField(_ value: String) -> String {
        guard value.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return value }
        return "\"" + value.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
