import Foundation
import HealthStore

/// Where a persistent store lives when a program does not say: the rule the command line follows.
///
/// In order: an explicit path (`ohk --store PATH`), the `OHK_STORE` environment variable,
/// `$XDG_DATA_HOME/openhealthkit/health.sqlite`, `~/.local/share/openhealthkit/health.sqlite`. The environment is
/// passed in; nothing here reads the process's own.
enum StoreLocation {
    /// The file name of the store in the data directory.
    static let fileName = "health.sqlite"

    /// The path given explicitly or by `OHK_STORE`, or nil when neither says (a leading `~/` is expanded).
    static func explicitPath(option: String?, environment: [String: String]) -> String? {
        if let option, !option.isEmpty { return expanded(option, environment) }
        if let variable = environment["OHK_STORE"], !variable.isEmpty { return expanded(variable, environment) }
        return nil
    }

    /// The store path: explicit, else the default in the user's data directory.
    static func resolve(option: String?, environment: [String: String]) throws -> String {
        if let path = explicitPath(option: option, environment: environment) { return path }
        if let data = environment["XDG_DATA_HOME"], data.hasPrefix("/") {
            return data + "/openhealthkit/" + fileName
        }
        if let home = environment["HOME"], !home.isEmpty {
            return home + "/.local/share/openhealthkit/" + fileName
        }
        throw HealthStoreError.storeUnavailable(
            path: "(none)", reason: "no --store given and none of OHK_STORE, XDG_DATA_HOME and HOME is set")
    }

    private static func expanded(_ path: String, _ environment: [String: String]) -> String {
        guard path == "~" || path.hasPrefix("~/"), let home = environment["HOME"], !home.isEmpty else { return path }
        return home + path.dropFirst()
    }
}
