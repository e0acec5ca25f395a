import Foundation
import HealthModel
import Testing

@Suite("The one date reader and its layouts")
struct DateReaderTests {
    @Test(
        "Days counted from 1970 and dates are each other's inverse",
        arguments: [-719_468, -146_097, -1, 0, 59, 11_016, 2_932_896])
    func civilDays(_ days: Int) {
        let (year, month, day) = ProlepticGregorian.date(daysSince1970: days)
        #expect(ProlepticGregorian.daysSince1970(year: year, month: month, day: day) == days)
    }

    @Test(
        "An export record's date gives its instant and offset",
        arguments: [
            ("2019-12-29 08:47:08 +0200", 1_577_602_028.0, 7200), ("2019-12-29 08:47:08", 1_577_609_228.0, 0),
            ("2020-01-18T07:13:15Z", 1_579_331_595.0, 0), ("2019-12-29 08:47:08.5 -01:30", 1_577_614_628.5, -5400),
        ])
    func exportRecord(_ text: String, _ seconds: Double, _ offset: Int) throws {
        let read = try #require(
            text.utf8.withContiguousStorageIfAvailable { DateReader.exportRecordDate(UnsafeRawBufferPointer($0)) }
                ?? nil)
        #expect(read.date.timeIntervalSince1970 == seconds)
        #expect(read.offset == offset)
    }

    @Test(
        "Each layout refuses what its callers refuse",
        arguments: [
            "2024-02-30 08:00:00 +0100", "2024-03-10 08:00 +0100", "2024-03-10", "2024-03-10 08:00:00 +9900",
            "2024-03-10 08:00:00 +01",
        ])
    func exportRefuses(_ text: String) {
        #expect(
            (text.utf8.withContiguousStorageIfAvailable { DateReader.exportRecordDate(UnsafeRawBufferPointer($0)) }
                ?? nil) == nil)
        #expect(DateReader.instantWithOffset(text) == nil)
    }

    @Test(
        "A typed date's failure names what is wrong",
        arguments: [
            ("2024-3-10", "expected 2 digits for the month"), ("2024-13-01", "month 13 is not 1–12"),
            ("2024-02-30", "2024-2-30 is not a day of the calendar"),
            ("2024-03-10T08:00:00+99:00", "+99:00 is not a UTC offset (-18:00 to +18:00, minutes below 60)"),
            ("2024-03-10T08:00x", "unexpected 'x' after the time"),
        ])
    func typedFailure(_ text: String, _ reason: String) {
        #expect(throws: DateReadingFailure(reason)) {
            try DateReader.instant(text, timeZone: TimeZone(identifier: "Europe/Berlin")!)
        }
    }

    @Test("A wall-clock time inside the spring-forward gap is refused")
    func springForward() {
        let zone = TimeZone(identifier: "America/Los_Angeles")!
        #expect(throws: DateReadingFailure.self) { try DateReader.instant("2024-03-10T02:30", timeZone: zone) }
        #expect(DateReader.day("2024-2-29")! == (2024, 2, 29))
        #expect(DateReader.day("2023-02-29") == nil)
    }
}
