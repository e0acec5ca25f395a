import Foundation
import HealthModel
import HealthReports
import Testing

@testable import HealthServer

@Suite("Dates in bodies")
struct ServerDatesTests {
    @Test(
        "The direct reading of ISO 8601 with an offset agrees with the command line's parser",
        arguments: [
            "2024-03-10T08:00:00-08:00", "2024-03-10T03:00:00-07:00", "2024-03-31T02:30:00+01:00",
            "2024-10-27T02:30:00+02:00",
            "2024-02-29T23:59:59Z", "2000-01-01T00:00:00+0000", "1969-12-31T23:59:59.250Z", "1900-03-01T12:00:00+05:30",
            "2024-03-10 08:00:00-0800", "2099-12-31T23:59:59.999-12:00", "1600-03-01T00:00:00Z",
        ])
    func agreesWithTheCommandLineReading(_ text: String) throws {
        let fast = try #require(DateReader.instantWithOffset(text))
        let general = try DateReader.instant(text, timeZone: TimeZone(identifier: "UTC")!, field: "date")
        #expect(abs(fast.timeIntervalSince(general)) < 1e-6, "\(fast) vs \(general)")
    }

    @Test(
        "Anything else is left to the general parser, which names what is wrong",
        arguments: [
            "2024-02-30T08:00:00Z", "2023-02-29T08:00:00Z", "2024-13-01T08:00:00Z", "2024-03-10T24:00:00Z",
            "2024-03-10T08:00:00",
            "2024-03-10T08:00Z", "2024-03-10", "2024-03-10T08:00:00+25:00", "2024-03-10T08:00:00Zjunk",
            "2024-03-10T08:00:00.Z", "yesterday",
            // Before 1600: Foundation's calendar is Julian there, so the general parser decides.
            "0001-01-01T00:00:00Z",

        ])
    func leavesTheRest(_ text: String) {
        #expect(DateReader.instantWithOffset(text) == nil)
    }
}
