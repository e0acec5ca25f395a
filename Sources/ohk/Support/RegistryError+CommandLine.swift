import HealthRegistry

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
