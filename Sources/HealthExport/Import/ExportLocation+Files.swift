import Foundation
import ZIPFoundation

extension ExportLocation {
    /// The paths (relative to the export's folder, `electrocardiograms/ecg_2020-02-05.csv`) of the files in one of its
    /// subfolders whose names end with `suffix`, sorted.
    func referencedFiles(under subfolder: String, suffix: String) -> [String] {
        switch container {
        case let .file(_, folder):
            let directory = folder.appendingPathComponent(subfolder)
            let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
            return names.filter { $0.lowercased().hasSuffix(suffix) }.sorted().map { subfolder + $0 }
        case let .zip(archive, _, folder):
            let prefix = folder + subfolder
            return archive.filter {
                $0.type == .file && $0.path.hasPrefix(prefix) && $0.path.lowercased().hasSuffix(suffix)
            }
            .map { String($0.path.dropFirst(folder.count)) }.sorted()
        }
    }
}
