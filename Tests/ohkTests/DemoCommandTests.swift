import Foundation
import HealthTestSupport
import Testing

@Suite("ohk demo: the report on a spring-forward day, its refusals, a store kept for the next run")
struct DemoCommandTests {
    @Test("A bad time zone or day is refused, naming the option")
    func refusals() throws {
        try expectOHK(
            "demo --tz Mars/Olympus", exit: .usage, stderrContains: #"--tz "Mars/Olympus" is not a known time zone"#)
        try expectOHK("demo --date 2024-02-30", exit: .nonzero, stderrContains: #"--date "2024-02-30" is not a day"#)
    }

    @Test("The old --time-zone spelling is still read but no longer shown in help")
    func oldTimeZoneSpelling() throws {
        try expectOHK(
            "demo --time-zone Mars/Olympus", exit: .usage,
            stderrContains: #"--time-zone "Mars/Olympus" is not a known time zone"#)
        let help = try expectOHK("demo --help")
        #expect(help.stdout.contains("--tz") && !help.stdout.contains("--time-zone"), "\(help)")
    }

    @Test("On the Los Angeles spring-forward day: steps, double counting, sleep, and the trends chart of 23 hours last")
    func springForwardReport() throws {
        let demo = try expectOHK("demo --date 2024-03-10 --time-zone America/Los_Angeles --days 3")
        let text = demo.stdout + demo.stderr
        #expect(demo.stdout.contains("steps: ") && demo.stdout.contains("samples"))
        #expect(text.contains("raw sum double-counts"))
        #expect(text.contains("sleep the night before"))
        let lines = text.split(separator: "\n")
        let hours = lines.filter {
            $0.count >= 6 && $0.prefix(2).allSatisfy(\.isNumber) && $0.dropFirst(2).hasPrefix(":00 ")
                && $0.first! <= "2"
        }
        #expect(hours.count == 23, "\(demo)")
        let last = try #require(demo.lines.last)
        #expect(last.hasPrefix("so far ") && last.contains(" · projected ") && last.hasSuffix(" · goal 500"), "\(demo)")
    }

    @Test("On a store the demo saves its data once; the second run reports on the same data")
    func storeKeptForTheNextRun() throws {
        let path = TemporaryStoreFolder.newPath("demo-twice")
        let arguments = ["demo", "--store", path, "--date", "2024-03-10", "--tz", "America/Los_Angeles", "--days", "2"]
        let first = try expectOHK(arguments)
        let second = try expectOHK(arguments)
        let firstText = first.stdout + first.stderr
        let secondText = second.stdout + second.stderr
        #expect(firstText.contains("Saved ") && firstText.contains("samples into the store at \(path)"), "\(first)")
        #expect(secondText.contains("already holds") && secondText.contains("samples; reporting on them"), "\(second)")
        #expect(first.lines.filter { $0.contains("steps:") } == second.lines.filter { $0.contains("steps:") })
    }
}
