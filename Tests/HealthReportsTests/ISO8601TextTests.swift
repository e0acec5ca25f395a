import Foundation
import HealthModel
import Testing

@testable import HealthReports

@Suite("DateWriter writes local times with the zone's offset")
struct ISO8601TextTests {
    /// What Foundation's Gregorian calendar says, the way the text was made before it was computed directly; local
    /// mean time's offsets (with seconds) to the minute, the local time with them, so that the text is the instant.
    static func byCalendar(_ date: Date, in timeZone: TimeZone) -> String {
        let offset = timeZone.secondsFromGMT(for: date) / 60 * 60
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(secondsFromGMT: offset)!
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        return String(
            format: "%04d-%02d-%02dT%02d:%02d:%02d%@%02d:%02d", parts.year!, parts.month!, parts.day!, parts.hour!,
            parts.minute!,
            parts.second!, offset < 0 ? "-" : "+", abs(offset) / 3600, abs(offset) % 3600 / 60)
    }

    @Test(
        "Matches Foundation's calendar across leap days, DST changes, fractions and centuries",
        arguments: [
            "America/Los_Angeles", "Europe/Berlin", "UTC", "Asia/Kolkata", "Pacific/Chatham",
        ])
    func matchesTheCalendar(zoneName: String) throws {
        let zone = try #require(TimeZone(identifier: zoneName))
        var generator = SystemRandomNumberGenerator()
        var instants: [Double] = [
            0, -1, -0.5, 951_782_400, 1_710_061_199, 1_710_061_200, 1_711_846_799.999, 4_107_542_400, -2_208_988_800,
        ]
        for _ in 0..<2_000 {
            instants.append(Double.random(in: -11_000_000_000...250_000_000_000, using: &generator).rounded() + 0.25)
        }
        for instant in instants {
            let date = Date(timeIntervalSince1970: instant)
            #expect(DateWriter.format(date, in: zone) == Self.byCalendar(date, in: zone), "\(instant)")
        }
    }

    @Test("Years before 1600 go through the calendar (Julian before 1582)")
    func earlyYearsUseTheCalendar() throws {
        let utc = try #require(TimeZone(identifier: "UTC"))
        let date = Date(timeIntervalSince1970: -12_300_000_000)  // 1580
        #expect(DateWriter.format(date, in: utc) == Self.byCalendar(date, in: utc))
        #expect(DateWriter.format(date, in: utc).hasPrefix("1580-"))
    }
}
