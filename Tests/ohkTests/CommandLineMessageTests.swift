import HealthReports
import Testing

@testable import ohk

@Suite("Report errors in the command line's words")
struct CommandLineMessageTests {
    @Test(
        "Neutral field names become the command's arguments and flags",
        arguments: [
            (HealthReportsError.invalidOptions(field: "unit", reason: "m does not fit X"), "--unit: m does not fit X"),
            (
                HealthReportsError.invalidOptions(field: "type", reason: "X is not a quantity type"),
                "TYPE: X is not a quantity type"
            ),
            (HealthReportsError.invalidOptions(field: "interval", reason: "too long"), "--interval: too long"),
            (
                HealthReportsError.invalidInterval(field: "interval", value: "1x", reason: "no unit"),
                "--interval: '1x' is not an interval: no unit"
            ),
            (HealthReportsError.emptyWindow(from: "a", to: "b"), "--to (b) must be after --from (a)"),
            (HealthReportsError.invalidDate(field: "--from", value: "x", reason: "r"), "--from: 'x' is not a date: r"),
        ])
    func flags(_ error: HealthReportsError, _ message: String) {
        #expect(error.commandLineMessage == message)
        #expect(commandLineMessage(error) == message)
    }
}
