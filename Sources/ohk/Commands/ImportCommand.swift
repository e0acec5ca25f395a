import ArgumentParser
import Foundation
import HealthExport
import HealthStore

/// `ohk import`: an Apple Health export into the store.
struct ImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Import an Apple Health export (export.zip, the apple_health_export folder, or the XML file).",
        discussion: """
            Records are identified by their content, so importing the same export again, or a newer export of the same \
            phone, adds only what is new. A record that cannot be read is reported with its line number and the rest \
            still imports. A progress bar is drawn on a terminal unless --quiet is given.

            Examples:
              ohk import ~/Downloads/export.zip
              ohk --store health.sqlite import apple_health_export/ --quiet
            """)

    @OptionGroup var storeOptions: StoreOptions

    @Argument(help: "export.zip, the unzipped folder, or the XML file.")
    var path: String

    @Flag(help: "No progress bar; only the summary.") var quiet = false

    func run() throws {
        let url = URL(fileURLWithPath: (path as NSString).expandingTildeInPath)
        guard FileManager.default.fileExists(atPath: url.path) else {
            throw ValidationError("\(path): no such file or folder")
        }
        let store = try storeOptions.openStore()
        let importer = ExportImporter(store: store, clock: ContinuousClock())
        let drawsProgress = !quiet && isatty(STDERR_FILENO) != 0
        let errorOutput = FileHandle.standardError
        let report = try importer.importExport(at: url) { progress in
            guard drawsProgress else { return }
            errorOutput.write(Data(("\r" + ImportCommand.progressLine(progress)).utf8))
        }
        if drawsProgress { errorOutput.write(Data("\n".utf8)) }
        print(report.summary)
    }

    /// `[#########-----------]  45%  312.4 MB of 690.1 MB  1,234,567 records  812,345/s  ETA 12s`
    static func progressLine(_ progress: ImportProgress) -> String {
        let fraction = progress.totalBytes > 0 ? min(1, Double(progress.bytesRead) / Double(progress.totalBytes)) : 0
        let width = 24
        let filled = Int(fraction * Double(width))
        let bar = String(repeating: "#", count: filled) + String(repeating: "-", count: width - filled)
        let megabytes = { (bytes: Int64) in String(format: "%.1f MB", Double(bytes) / 1_000_000) }
        let eta = progress.estimatedRemaining.map { "ETA \(Int($0.components.seconds))s" } ?? ""
        return
            "[\(bar)] \(String(format: "%3d", Int(fraction * 100)))%  \(megabytes(progress.bytesRead)) of \(megabytes(progress.totalBytes))"
            + "  \(progress.records) records  \(Int(progress.recordsPerSecond))/s  \(eta)   "
    }
}
