import HealthReports

extension HealthReportsError {
    /// The command line's names for the report module's neutral field names.
    static let commandLineNames = [
        "type": "TYPE", "unit": "--unit", "interval": "--interval", "from": "--from", "to": "--to",
        "anchor": "--anchor",
    ]

    /// The error as the command line says it: fields named by its arguments and flags (`--unit: …`, `TYPE: …`).
    var commandLineMessage: String {
        func name(_ field: String) -> String { Self.commandLineNames[field] ?? field }
        switch self {
        case let .invalidDate(field, value, reason):
            return HealthReportsError.invalidDate(field: name(field), value: value, reason: reason).description
        case let .invalidInterval(field, value, reason):
            return HealthReportsError.invalidInterval(field: name(field), value: value, reason: reason).description
        case let .unknownTimeZone(field, value):
            return HealthReportsError.unknownTimeZone(field: name(field), value: value).description
        case let .emptyWindow(from, to): return "--to (\(to)) must be after --from (\(from))"
        case let .invalidOptions(field, reason): return "\(name(field)): \(reason)"
        case .tooManyBuckets, .outputNotWritten, .notFound: return description
        }
    }
}

/// An error's one-line message on the command line: report errors with the command line's names, others as they say.
func commandLineMessage(_ error: any Error) -> String {
    (error as? HealthReportsError)?.commandLineMessage ?? "\(error)"
}
