/// How a command writes its answer.
public enum OutputFormat: String, Sendable, CaseIterable {
    /// Aligned columns for a person at a terminal.
    case table
    /// Comma-separated values with a header row (RFC 4180 quoting).
    case csv
    /// One JSON document.
    case json
    /// One JSON object per line.
    case ndjson

    /// The format when none is asked for: a table on a terminal, otherwise JSON (for pipes and programs).
    public static func automatic(standardOutputIsTerminal: Bool) -> OutputFormat {
        standardOutputIsTerminal ? .table : .json
    }
}
