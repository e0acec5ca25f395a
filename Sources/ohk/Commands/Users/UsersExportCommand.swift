import ArgumentParser
import Foundation
import HealthEngine
import HealthExport
import HealthRegistry
import HealthStore
import HealthStorePostgres

/// `ohk people export NAME`: everything of a person as an Apple Health export.xml that `ohk import` reads back.
struct UsersExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write everything of a person as an Apple Health export.xml (what `ohk import` reads).",
        discussion: """
            Every sample of every app (quantities, categories, correlations, workouts with events, statistics and \
            routes), heartbeat series, activity summaries, characteristics and elements kept by earlier imports. \
            Sources are named but keep no bundle identifier, and sample identifiers are made again from the content \
            on import (see docs/security/lifecycle.md). The store may be in use by a running server.

            Examples:
              ohk people export alex --output alex-export.xml
              ohk people export alex | gzip > alex-export.xml.gz
            """)

    @OptionGroup var serverOptions: ServerOptions
    @Argument(help: "The person's name.") var name: String

    @Option(
        name: .customLong("output"),
        help: ArgumentHelp("The file to write (default: standard output).", valueName: "file"))
    var output: String?

    @Flag(help: "Replace an existing --output file.") var force = false

    @Option(
        name: .customLong("tz"),
        help: "The time zone of dates that no import recorded an offset for (default: this machine's).")
    var timeZone: String?

    func validate() throws {
        if let timeZone, TimeZone(identifier: timeZone) == nil {
            throw ValidationError("--tz \"\(timeZone)\" is not a known time zone")
        }
    }

    func run() throws {
        let zone = timeZone.flatMap(TimeZone.init(identifier:)) ?? TimeZone.current
        try serverOptions.withPersonStore(name) { store in
            let writer = ExportDocumentWriter(store: store, timeZone: zone, exportDate: Date())
            guard let output else {
                let handle = FileHandle.standardOutput
                let summary = try writer.write { try handle.write(contentsOf: $0) }
                FileHandle.standardError.write(Data((UsersExportCommand.describe(summary, of: name) + "\n").utf8))
                return
            }
            let path = (output as NSString).expandingTildeInPath
            if FileManager.default.fileExists(atPath: path), !force {
                throw ValidationError("\(output) exists already: choose another file, or pass --force")
            }
            let partial = path + ".partial"
            guard
                FileManager.default.createFile(atPath: partial, contents: nil, attributes: [.posixPermissions: 0o600]),
                let handle = FileHandle(forWritingAtPath: partial)
            else { throw ValidationError("cannot write \(output)") }
            do {
                let summary = try writer.write { try handle.write(contentsOf: $0) }
                try handle.close()
                if force { try? FileManager.default.removeItem(atPath: path) }
                try FileManager.default.moveItem(atPath: partial, toPath: path)
                print(UsersExportCommand.describe(summary, of: name) + " to \(output)")
            } catch {
                try? handle.close()
                try? FileManager.default.removeItem(atPath: partial)
                throw error
            }
        }
    }

    static func describe(_ summary: ExportDocumentWriter.Summary, of name: String) -> String {
        "exported \(name): \(summary.records) records, \(summary.correlations) correlations, \(summary.workouts) workouts "
            + "(\(summary.routes) routes, \(summary.routePoints) points), \(summary.heartbeatSeries) heartbeat series, "
            + "\(summary.activitySummaries) activity summaries, \(summary.keptElements) kept elements, \(summary.bytes) bytes"
    }
}
