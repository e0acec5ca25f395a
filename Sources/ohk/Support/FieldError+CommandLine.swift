import HealthModel
import HealthRegistry

/// The command line's names for the neutral field names the modules' errors use (`FieldError.field`).
let commandLineFieldNames = [
    "type": "TYPE", "unit": "--unit", "interval": "--interval", "from": "--from", "to": "--to",
    "anchor": "--anchor", "options": "the statistic flags",
]

/// An error's one-line message on the command line: an invalid value (`FieldError` of kind `invalid`) with its field
/// named by the command's arguments and flags (`--unit: …`, `TYPE: …`); anything else (nothing found, a failure) as
/// it says.
func commandLineMessage(_ error: any Error) -> String {
    guard let error = error as? any FieldError, error.kind == .invalid else { return "\(error)" }
    return error.message(naming: { commandLineFieldNames[$0] ?? $0 })
}

extension RegistryError {
    /// The command line's names for the registry's field names (`person` is the command's own: `NAME` or `PERSON`).
    static let commandLineNames = ["bundleIdentifier": "BUNDLE-ID", "share": "--share", "read": "--read"]

    /// The error as `ohk people` and `ohk clients` say it: fields named by their arguments and flags (`NAME: …`,
    /// `--share: …`); `person` is how the command names its person argument (`PERSON` unless it says otherwise).
    func commandLineMessage(person: String = "PERSON") -> String {
        switch self {
        case let .invalidField(field, reason):
            let name = field == "person" ? person : Self.commandLineNames[field] ?? field
            return "\(name): \(reason)"
        case .noServerDirectory:
            return "no --store given and none of OHK_SERVER_STORE, XDG_DATA_HOME and HOME is set"
        default: return description
        }
    }
}
