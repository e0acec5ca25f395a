import Foundation
import HealthModel
import HealthStore

/// Imports the `electrocardiograms/*.csv` files beside an export's XML as electrocardiogram samples. A file that
/// cannot be read is reported (file, line, header) and skipped; the others import. Each electrocardiogram's identifier
/// comes from its file's bytes, so importing the same export again adds nothing.
enum ElectrocardiogramImporter {
    /// The folder of an export holding the files.
    static let folder = "electrocardiograms/"

    /// Reads and saves every file, counting in `report`.
    static func importFiles(
        from location: ExportLocation, into store: HealthDataStore, report: inout ImportReport
    ) throws {
        var samples: [Sample] = []
        for path in location.referencedFiles(under: folder, suffix: ".csv") {
            var data = Data()
            do {
                guard try location.readReferencedFile(path, { data.append(contentsOf: $0) }) else { continue }
                samples.append(try ElectrocardiogramFileReader.sample(from: data, file: path))
            } catch let error as HealthExportError {
                report.issues.append(error)
                report.skipped += 1
            } catch {
                report.issues.append(.unreadable(file: path, reason: "\(error)"))
                report.skipped += 1
            }
        }
        guard !samples.isEmpty else { return }
        let stored = try store.samples.storedSequences(withUUIDs: Set(samples.map(\.uuid)))
        let new = samples.filter { stored[$0.uuid] == nil }
        report.alreadyStored += samples.count - new.count
        guard !new.isEmpty else { return }
        report.electrocardiograms += try store.saveImported(new).inserted.count
    }
}
