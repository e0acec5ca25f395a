import Foundation
import HealthTestSupport
import Testing

/// `ohk people`, `ohk clients` and `ohk serve`'s refusals on a server folder; the running server (HTTP, signals,
/// HTTPS with curl) stays in scripts/ci/check-cli.sh.
@Suite("ohk people, clients and serve: names, tokens, refusals, removal and backups on a server folder")
struct ServerAdminCommandTests {
    @Test(
        "people add, refusals of a taken or bad name; clients add prints a token and refuses an unknown person or a correlation type"
    )
    func peopleAndClients() throws {
        let server = try TemporaryStoreFolder.newFolder("server").path
        try expectOHK(["people", "add", "alice", "--store", server], stdout: "added alice")
        try expectOHK(["people", "add", "alice", "--store", server], exit: .usage, stderrContains: "exists already")
        try expectOHK(
            ["--store", server, "users", "add", "../alice"], exit: .usage,
            stderrContains: "NAME: '../alice' is not a person's name")
        try expectOHK(
            ["clients", "add", "alice", "com example", "--store", server], exit: .usage,
            stderrContains: "BUNDLE-ID: 'com example' is not a bundle identifier")
        try expectOHK(
            ["clients", "add", "alice", "com.example.app", "--share", "stepsTaken", "--store", server], exit: .usage,
            stderrContains: "--share: 'stepsTaken' is not a HealthKit type identifier")
        try expectOHK(
            ["clients", "add", "zoe", "com.example.app", "--store", server], exit: .usage,
            stderrContains: "no person named zoe")
        try expectOHK(
            ["clients", "add", "alice", "com.example.app", "--read", "bloodPressure", "--store", server], exit: .usage,
            stderrContains: "correlation type")
        let token = try expectOHK([
            "clients", "add", "alice", "com.example.app", "--share", "stepCount", "--read", "stepCount", "--store",
            server,
        ]).stdout
        #expect(token.wholeMatch(of: /ohk_[0-9a-f]{16}_[0-9a-f]{64}/) != nil, "a token: \(token)")
        try expectOHK(
            ["clients", "revoke", "alice", "com.example.app", "--store", server],
            stdout: "revoked com.example.app for alice")
        try expectOHK(
            ["serve", "--time-zone", "Mars/Olympus", "--store", server], exit: .usage,
            stderrContains: "is not a known time zone")
        try expectOHK(
            ["serve", "--store", server, "--tls-key", server + "/key.pem"], exit: .usage,
            stderrContains: "--tls-key needs --tls-certificate")
        try expectOHK(
            [
                "serve", "--store", server, "--port", "0", "--tls-certificate", server + "/missing.pem", "--tls-key",
                server + "/key.pem",
            ],
            exit: .usage, stderrContains: "\(server)/missing.pem does not exist")
    }

    @Test("ohk people lists the people; help names people, and the old spelling users still works unlisted")
    func peopleIsTheName() throws {
        let server = try TemporaryStoreFolder.newFolder("people").path
        try expectOHK(["people", "add", "bo", "--store", server], stdout: "added bo")
        try expectOHK(["users", "add", "cy", "--store", server], stdout: "added cy")
        #expect(try expectOHK(["people", "list", "--store", server]).lines == ["bo", "cy"])
        let help = try expectOHK(["--help"]).stdout
        #expect(help.contains("people") && !help.contains("users"), "\(help)")
    }

    @Test("A person's data over its life: export (imports back), backup, removal only with --yes, then unknown")
    func personLifecycle() throws {
        let folder = try TemporaryStoreFolder.newFolder("lifecycle")
        let server = folder.appendingPathComponent("server").path
        try expectOHK(["people", "add", "carol", "--store", server])
        try expectOHK([
            "--store", server + "/people/carol.sqlite", "demo", "--date", "2024-03-10", "--tz", "America/Los_Angeles",
            "--days", "1",
        ])
        let export = folder.appendingPathComponent("carol.xml").path
        let backup = folder.appendingPathComponent("carol-backup.sqlite").path
        try expectOHK(["people", "export", "carol", "--store", server, "--output", export])
        try expectOHK(
            ["people", "export", "carol", "--store", server, "--output", export], exit: .usage,
            stderrContains: "exists already")
        let copy = folder.appendingPathComponent("carol-copy.sqlite").path
        try expectOHK(["--store", copy, "import", export, "--quiet"])
        try expectOHK(["--store", server + "/people/carol.sqlite", "store", "backup", backup])
        try expectOHK(
            ["--store", server + "/people/carol.sqlite", "store", "backup", backup], exit: .usage,
            stderrContains: "exists already")
        try expectOHK(
            ["people", "remove", "carol", "--store", server], exit: .usage, stderrContains: "confirm with --yes")
        try expectOHK(
            ["people", "remove", "carol", "--store", server, "--yes"],
            stdout: "removed carol: store, clients and tokens, uploads")
        try expectOHK(
            ["people", "remove", "carol", "--store", server, "--yes"], exit: .usage,
            stderrContains: "no person named carol")
        let left = try FileManager.default.contentsOfDirectory(atPath: server + "/people").filter {
            $0.hasPrefix("carol.")
        }
        #expect(left.isEmpty, "\(left)")
        func samples(_ store: String) throws -> String? {
            let info = try expectOHK(["--store", store, "store", "info"])
            return (info.stdout + "\n" + info.stderr).split(separator: "\n").first { $0.hasPrefix("samples:") }.map(
                String.init)
        }
        let kept = try samples(backup)
        #expect(kept != nil && kept != "samples: 0")
        #expect(try samples(copy) == kept)
    }
}
