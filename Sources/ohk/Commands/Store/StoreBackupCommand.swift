import ArgumentParser
import Foundation
import HealthStore
import HealthStoreSQLite

/// `ohk store backup DEST`: an online copy of the store.
struct StoreBackupCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "backup",
        abstract: "Copy the store into a new file, consistently, while it is in use.",
        discussion: """
            Uses SQLite's online backup: the copy holds exactly the commits made before it started, each one whole, \
            while a server or an import goes on writing. The copy is checked (PRAGMA integrity_check) and appears at \
            DEST only once complete. A person of a server directory: --store DIR/people/NAME.sqlite.

            Examples:
              ohk store backup ~/backups/health-2024-03-10.sqlite
              ohk --store server/people/alex.sqlite store backup alex.sqlite
            """)

    @OptionGroup var storeOptions: StoreOptions
    @Argument(help: "The file to write the copy to.") var destination: String
    @Flag(help: "Replace an existing DEST.") var force = false

    func run() throws {
        let path = try storeOptions.resolvedPath()
        guard FileManager.default.fileExists(atPath: path) else { throw ValidationError("no store at \(path)") }
        let target = (destination as NSString).expandingTildeInPath
        guard URL(fileURLWithPath: target).standardizedFileURL != URL(fileURLWithPath: path).standardizedFileURL else {
            throw ValidationError("DEST is the store itself")
        }
        if FileManager.default.fileExists(atPath: target), !force {
            throw ValidationError("\(destination) exists already: choose another file, or pass --force")
        }
        let size = try HealthDataStore.sqlite(path: path).backend.backup(to: target, replacing: force)
        print("backed up \(path) to \(destination) (\(size) bytes)")
    }
}
