import Foundation
import HealthTestSupport
import Testing

@Suite("ohk --store: before or after the subcommand; files that are not stores refused untouched, in one line")
struct StoreOptionTests {
    @Test("store info creates a new store, with --store after or before the subcommand")
    func storeBeforeOrAfter() throws {
        let path = TemporaryStoreFolder.newPath("new")
        try expectOHK(["store", "info", "--store", path])
        let info = try expectOHK(["--store", path, "store", "info"])
        let text = info.stdout + info.stderr
        #expect(
            text.contains("store: \(path)") && text.contains("samples: 0") && text.contains("schema: v1 "), "\(info)")
    }

    @Test(
        "A file that is not a store is refused (exit 1, one line) and left byte-identical, by store info, demo and stats"
    )
    func notAStore() throws {
        let folder = try TemporaryStoreFolder.newFolder("not-a-store")
        let csv = folder.appendingPathComponent("steps.csv")
        let content = Data("date,steps\n2024-03-10,8042\n".utf8)
        try content.write(to: csv)
        let refusal = try expectOHK(
            ["store", "info", "--store", csv.path], exit: .failure, stdout: "",
            stderrContains: "is not an OpenHealthKit store (it is not an SQLite database); it was left untouched")
        #expect(refusal.stderr.split(separator: "\n").count == 1, "\(refusal)")
        try expectOHK(
            ["demo", "--store", csv.path], exit: .failure, stdout: "", stderrContains: "is not an OpenHealthKit store")
        try expectOHK(
            ["stats", "stepCount", "--store", csv.path], exit: .failure, stderrContains: "is not an OpenHealthKit store"
        )
        #expect(try Data(contentsOf: csv) == content)
        #expect(!FileManager.default.fileExists(atPath: csv.path + "-wal"))
    }

    @Test("A folder is not a store")
    func folderIsNotAStore() throws {
        let folder = try TemporaryStoreFolder.newFolder("folder-store")
        try expectOHK(
            ["store", "info", "--store", folder.path], exit: .failure, stdout: "",
            stderrContains: "cannot open the store at \(folder.path): it is a folder")
    }
}
