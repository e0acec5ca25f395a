import Foundation
import HealthModel
import HealthReports
import HealthWire
import Testing

@Suite("Command-line dates and intervals")
struct ArgumentParsingTests {
    static let losAngeles = TimeZone(identifier: "America/Los_Angeles")!
    static let berlin = TimeZone(identifier: "Europe/Berlin")!

    static func utc(_ text: String) -> Date {
        try! DateReader.instant(text, timeZone: TimeZone(identifier: "UTC")!, field: "test")
    }

    @Test(
        "A date alone is local midnight; a date and time is wall-clock time in the zone given",
        arguments: [
            ("2024-03-10", "America/Los_Angeles", "2024-03-10T08:00:00Z"),  // PST midnight
            ("2024-03-10T08:00", "America/Los_Angeles", "2024-03-10T15:00:00Z"),  // PDT after the change at 02:00
            ("2024-03-10T01:59:59", "America/Los_Angeles", "2024-03-10T09:59:59Z"),
            ("2024-10-27", "Europe/Berlin", "2024-10-26T22:00:00Z"),
            ("2024-10-27T12:00", "Europe/Berlin", "2024-10-27T11:00:00Z"),  // CET after the fall-back change
            ("2024-06-01 07:30", "Europe/Berlin", "2024-06-01T05:30:00Z"),
        ])
    func localDates(text: String, zone: String, expected: String) throws {
        let date = try DateReader.instant(text, timeZone: TimeZone(identifier: zone)!, field: "--from")
        #expect(date == Self.utc(expected.replacingOccurrences(of: "Z", with: "")))
    }

    @Test(
        "ISO 8601 with an offset ignores the zone given",
        arguments: [
            ("2024-03-10T08:00:00-07:00", "2024-03-10T15:00:00"),
            ("2024-03-10T08:00:00Z", "2024-03-10T08:00:00"),
            ("2024-03-10T08:00:00+0200", "2024-03-10T06:00:00"),
            ("2024-03-10T08:00+05:30", "2024-03-10T02:30:00"),
        ])
    func offsetDates(text: String, expected: String) throws {
        #expect(try DateReader.instant(text, timeZone: Self.berlin, field: "--to") == Self.utc(expected))
    }

    @Test(
        "An impossible UTC offset is refused with its reason, never read in the zone given",
        arguments: ["+99:00", "+00:60", "-1900", "+18:01", "+2400"])
    func impossibleOffsets(offset: String) throws {
        #expect {
            try DateReader.instant("2030-06-01T08:00:00\(offset)", timeZone: Self.berlin, field: "--from")
        } throws: { error in
            "\(error)".contains("--from") && "\(error)".contains("is not a UTC offset")
        }
        // The edges of the range are offsets.
        #expect(
            try DateReader.instant("2030-06-01T08:00:00+18:00", timeZone: Self.berlin, field: "--from")
                == Self.utc("2030-05-31T14:00:00"))
        #expect(
            try DateReader.instant("2030-06-01T08:00:00-18:00", timeZone: Self.berlin, field: "--from")
                == Self.utc("2030-06-02T02:00:00"))
    }

    @Test("Fractions of a second are kept")
    func fractionalSeconds() throws {
        let date = try DateReader.instant("2024-03-10T08:00:00.250Z", timeZone: Self.berlin, field: "--from")
        #expect(date.timeIntervalSince(Self.utc("2024-03-10T08:00:00")) == 0.25)
    }

    @Test("A wall-clock time skipped by the spring-forward change is refused, naming the option and the zone")
    func skippedTimeIsRefused() {
        #expect {
            try DateReader.instant("2024-03-10T02:30", timeZone: Self.losAngeles, field: "--from")
        } throws: { error in
            let text = (error as? HealthModelError)?.description ?? ""
            return text.hasPrefix("--from: '2024-03-10T02:30' is not a date") && text.contains("America/Los_Angeles")
        }
    }

    @Test("A wall-clock time that happens twice at the fall-back change is one of its two instants")
    func repeatedTimeIsOneOfTwo() throws {
        let date = try DateReader.instant("2024-11-03T01:30", timeZone: Self.losAngeles, field: "--from")
        #expect([Self.utc("2024-11-03T08:30:00"), Self.utc("2024-11-03T09:30:00")].contains(date))
    }

    @Test(
        "Malformed dates give an error that says what was expected",
        arguments: [
            ("10/03/2024", "year"), ("2024-3-10", "month"), ("2024-13-01", "month 13"), ("2024-02-30", "not a day"),
            ("2024-03-10T8:00", "hour"), ("2024-03-10T08", "':'"), ("2024-03-10T25:00", "time of day"),
            ("2024-03-10T08:00:00+2", "offset"), ("2024-03-10T08:00:00 PST", "after the time"), ("", "year"),
        ])
    func malformedDates(text: String, expected: String) {
        #expect {
            try DateReader.instant(text, timeZone: Self.losAngeles, field: "--to")
        } throws: { error in
            guard case let .invalidField(field, reason)? = error as? HealthModelError else { return false }
            return field == "--to" && reason.hasPrefix("'\(text)' is not a date: ") && reason.contains(expected)
        }
    }

    @Test(
        "Intervals: a count and a unit",
        arguments: [
            ("15min", DateComponents(minute: 15)), ("1h", DateComponents(hour: 1)), ("1d", DateComponents(day: 1)),
            ("1w", DateComponents(day: 7)), ("2w", DateComponents(day: 14)), ("1mo", DateComponents(month: 1)),
            ("1y", DateComponents(year: 1)), ("30s", DateComponents(second: 30)), ("day", DateComponents(day: 1)),
            ("3months", DateComponents(month: 3)),
        ])
    func intervals(text: String, expected: DateComponents) throws {
        #expect(try IntervalArgument.parse(text) == expected)
    }

    @Test(
        "Bad intervals are refused with the accepted units listed",
        arguments: ["0d", "1m", "1fortnight", "-1d", "1.5h"])
    func badIntervals(text: String) {
        #expect(throws: HealthReportsError.self) { try IntervalArgument.parse(text) }
    }
}

@Suite("JSON, CSV and table output")
struct OutputTests {
    @Test("JSON keeps key order, escapes control characters and writes whole numbers without a fraction")
    func jsonText() {
        let value = JSONValue.object([
            ("z", .number(1600)), ("a", .number(0.25)), ("name", .string("Alex’s \"Watch\"\n\u{1}")),
            ("none", .number(Double?.none)),
            ("nan", .number(Double.nan)), ("list", .array([.bool(true), .null])),
        ])
        #expect(
            value.text
                == #"{"z":1600,"a":0.25,"name":"Alex’s \"Watch\"\n\u0001","none":null,"nan":null,"list":[true,null]}"#)
    }

    @Test("CSV quotes fields with commas, quotes and line breaks; tables align numbers right")
    func csvAndTable() {
        var table = TextTable(columns: ["source", "sum"], numericColumns: ["sum"])
        table.append(["Alex's iPhone, 15", "600"])
        table.append(["Say \"hi\"", nil])
        table.append(["Watch", "1600"])
        #expect(table.rendered(as: .csv) == "source,sum\n\"Alex's iPhone, 15\",600\n\"Say \"\"hi\"\"\",\nWatch,1600\n")
        #expect(
            table.rendered(as: .table) == """
                source              sum
                -----------------  ----
                Alex's iPhone, 15   600
                Say "hi"
                Watch              1600

                """)
        #expect(
            table.rendered(as: .ndjson)
                == "{\"source\":\"Alex's iPhone, 15\",\"sum\":600}\n{\"source\":\"Say \\\"hi\\\"\",\"sum\":null}\n{\"source\":\"Watch\",\"sum\":1600}\n"
        )
    }

    @Test("ISO 8601 text carries the zone's offset at that instant")
    func isoText() {
        let losAngeles = TimeZone(identifier: "America/Los_Angeles")!
        let beforeChange = ArgumentParsingTests.utc("2024-03-10T09:59:59")
        let afterChange = ArgumentParsingTests.utc("2024-03-10T10:00:00")
        #expect(DateWriter.format(beforeChange, in: losAngeles) == "2024-03-10T01:59:59-08:00")
        #expect(DateWriter.format(afterChange, in: losAngeles) == "2024-03-10T03:00:00-07:00")
        #expect(
            DateWriter.format(afterChange, in: TimeZone(identifier: "Asia/Kolkata")!) == "2024-03-10T15:30:00+05:30")
    }
}
