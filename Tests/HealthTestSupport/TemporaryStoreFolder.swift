import Foundation

/// One temporary folder per test process for store files and other throwaway files, removed when the process exits.
public enum TemporaryStoreFolder {
    /// The folder (created on first use).
    public static let path: String = {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent(
                "ohk-tests-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString.prefix(8))"
            ).path
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            fatalError("cannot create the tests' temporary folder \(folder): \(error)")
        }
        atexit { try? FileManager.default.removeItem(atPath: TemporaryStoreFolder.path) }
        return folder
    }()

    /// A path for a new store file that does not exist yet.
    public static func newPath(_ name: String = "store") -> String {
        path + "/\(name)-\(UUID().uuidString).sqlite"
    }

    /// A new, empty folder inside the temporary folder (removed with it when the process exits).
    public static func newFolder(_ name: String = "folder") throws -> URL {
        let url = URL(fileURLWithPath: path).appendingPathComponent("\(name)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}
