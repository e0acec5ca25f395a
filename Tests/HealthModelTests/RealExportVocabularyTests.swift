import Foundation
import HealthModel
import HealthTestSupport
import Testing

/// What the tests read of the real Apple Health exports in `../shared/fixtures/` (see `SharedFixtures`).
enum Fixtures {
    static let exports = ["comocomo-export.xml", "ipyhealth-export.xml"]

    /// The attributes of every line that opens a `<Record` element (exports write one record per line).
    static func recordAttributes(in file: String) throws -> [[String: String]] {
        let bytes = [UInt8](try Data(contentsOf: SharedFixtures.url(file)))
        let opening = Array("<Record ".utf8)
        var records: [[String: String]] = []
        var index = 0
        while index < bytes.count {
            var lineEnd = index
            while lineEnd < bytes.count && bytes[lineEnd] != 0x0A { lineEnd += 1 }
            var start = index
            while start < lineEnd && (bytes[start] == 0x20 || bytes[start] == 0x09) { start += 1 }
            if lineEnd - start > opening.count && Array(bytes[start..<(start + opening.count)]) == opening {
                records.append(attributes(bytes[(start + opening.count)..<lineEnd]))
            }
            index = lineEnd + 1
        }
        return records
    }

    /// `name="value"` pairs of one element's opening tag.
    private static func attributes(_ bytes: ArraySlice<UInt8>) -> [String: String] {
        var result: [String: String] = [:]
        var index = bytes.startIndex
        while index < bytes.endIndex {
            guard let equals = bytes[index...].firstIndex(of: UInt8(ascii: "=")),
                equals + 1 < bytes.endIndex, bytes[equals + 1] == UInt8(ascii: "\""),
                let close = bytes[(equals + 2)...].firstIndex(of: UInt8(ascii: "\""))
            else { break }
            let name = String(decoding: bytes[index..<equals], as: UTF8.self).trimmingCharacters(in: .whitespaces)
            result[name] = String(decoding: bytes[(equals + 2)..<close], as: UTF8.self)
            index = close + 1
        }
        return result
    }
}

@Suite(
    "The vocabulary of real Apple Health exports", .enabled(if: SharedFixtures.available, SharedFixtures.absentReason))
struct RealExportVocabularyTests {
    @Test("every record type in the real exports is in the type table", arguments: Fixtures.exports)
    func recordTypesAreKnown(file: String) throws {
        let records = try Fixtures.recordAttributes(in: file)
        #expect(records.count > 1_800, "only \(records.count) records read from \(file)")
        for identifier in Set(records.compactMap { $0["type"] }) {
            #expect((try? SampleType.named(identifier)) != nil, "\(identifier) in \(file) is not in the type table")
        }
    }

    @Test("every unit string in the real exports parses and fits the type it is used with", arguments: Fixtures.exports)
    func unitsParseAndFitTheirTypes(file: String) throws {
        let pairs = Set(
            try Fixtures.recordAttributes(in: file).compactMap { record -> [String]? in
                guard let type = record["type"], let unit = record["unit"] else { return nil }
                return [type, unit]
            })
        #expect(pairs.count >= 10)
        for pair in pairs {
            let unit = try HealthUnit(parsing: pair[1])
            let canonical = try #require(try SampleType.quantity(pair[0]).canonicalUnit)
            #expect(unit.isCompatible(with: canonical), "\(pair[1]) does not fit \(pair[0])")
        }
    }

    @Test("sleep values in the real export are values of the sleep analysis type")
    func sleepValuesAreKnown() throws {
        let sleep = try #require(TypeTable.categoryType("HKCategoryTypeIdentifierSleepAnalysis"))
        let values = try Fixtures.recordAttributes(in: "comocomo-export.xml")
            .filter { $0["type"] == "HKCategoryTypeIdentifierSleepAnalysis" }.compactMap { $0["value"] }
        #expect(values.count == 121)
        for value in Set(values) { #expect(sleep.value(named: value) != nil, "sleep value \(value) is unknown") }
    }
}
