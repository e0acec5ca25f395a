import HealthEngine
import HealthModel
import HealthReports
import HealthStore
import Testing

@testable import ohk

@Suite("Field errors in the command line's words")
struct CommandLineMessageTests {
    @Test(
        "Neutral field names of any module's error become the command's arguments and flags",
        arguments: [
            (HealthReportsError.invalidOptions(field: "unit", reason: "m does not fit X"), "--unit: m does not fit X"),
            (
                HealthEngineError.invalidQuery(field: "type", reason: "X is not a quantity type"),
                "TYPE: X is not a quantity type"
            ),
            (
                HealthStoreError.engine(.invalidQuery(field: "interval", reason: "too long")),
                "--interval: too long"
            ),
            (
                HealthReportsError.invalidInterval(field: "interval", value: "1x", reason: "no unit"),
                "--interval: '1x' is not an interval: no unit"
            ),
            (HealthReportsError.emptyWindow(from: "a", to: "b"), "--to: b is not after the window's start, a"),
            (
                HealthModelError.invalidField(field: "from", reason: "'x' is not a date: r"),
                "--from: 'x' is not a date: r"
            ),
            (
                HealthEngineError.tooManyBuckets(count: 30, maximum: 20),
                HealthEngineError.tooManyBuckets(count: 30, maximum: 20).description
            ),
        ] as [(any FieldError, String)])
    func flags(_ error: any FieldError, _ message: String) {
        #expect(commandLineMessage(error) == message)
    }
}
