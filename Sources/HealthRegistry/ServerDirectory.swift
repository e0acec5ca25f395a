import Foundation

/// Where a server keeps its data: one directory holding `server.sqlite` (people, clients, token hashes) and
/// `people/NAME.sqlite`, one store per person, so one person's data never shares a file with another's.
///
/// The directory given explicitly (`--store DIR`), else `OHK_SERVER_STORE`, else
/// `$XDG_DATA_HOME/openhealthkit/server`, else `~/.local/share/openhealthkit/server`. The environment is passed in.
public struct ServerDirectory: Sendable, Hashable {
    /// The directory.
    public let path: String

    /// A server directory at a path (created when the registry is first opened).
    public init(path: String) {
        self.path = path
    }

    /// The registry of people, clients and token hashes.
    public var registryPath: String { path + "/server.sqlite" }

    /// The directory of the people's stores.
    public var peoplePath: String { path + "/people" }

    /// The store file of one person (the name is checked by `PersonName`).
    public func storePath(of person: String) -> String { peoplePath + "/" + person + ".sqlite" }

    /// The folder of one person's uploads in flight (`POST /import` bodies being received or imported).
    public func uploadsPath(of person: String) -> String { path + "/uploads/" + person }

    /// The directory named explicitly or by `OHK_SERVER_STORE`, else the default in the user's data directory.
    public static func resolve(option: String?, environment: [String: String]) throws(RegistryError) -> ServerDirectory
    {
        func expanded(_ path: String) -> String {
            guard path == "~" || path.hasPrefix("~/"), let home = environment["HOME"], !home.isEmpty else {
                return path
            }
            return home + path.dropFirst()
        }
        if let option, !option.isEmpty { return ServerDirectory(path: expanded(option)) }
        if let variable = environment["OHK_SERVER_STORE"], !variable.isEmpty {
            return ServerDirectory(path: expanded(variable))
        }
        if let data = environment["XDG_DATA_HOME"], data.hasPrefix("/") {
            return ServerDirectory(path: data + "/openhealthkit/server")
        }
        if let home = environment["HOME"], !home.isEmpty {
            return ServerDirectory(path: home + "/.local/share/openhealthkit/server")
        }
        throw .noServerDirectory
    }
}
