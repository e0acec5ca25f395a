import Foundation
import HealthTestSupport
import Testing

/// The query commands on the demo store: formats, `--tz`, exit codes (2 for usage, 1 at run time).
@Suite("ohk stats, samples, types, sources, trends and export on a demo store: formats, --tz, refusals")
struct QueryCommandTests {
    static var store: String { DemoStore.path }

    @Test("Each query command's --help shows examples", arguments: ["stats", "samples", "types", "sources"])
    func helpHasExamples(_ command: String) throws {
        #expect(try expectOHK([command, "--help"]).stdout.contains("Example"))
    }

    @Test("stats JSON: type, unit, the zone as given, one element per local day with its offset, sources")
    func statsJSON() throws {
        let stats = try expectOHK([
            "stats", "stepCount", "--store", Self.store, "--from", "2024-03-08", "--to", "2024-03-11", "--interval",
            "1d",
            "--tz", "America/Los_Angeles", "--by-source", "--format", "json",
        ]).stdout
        #expect(
            stats.hasPrefix(
                #"{"type":"HKQuantityTypeIdentifierStepCount","unit":"count","timeZone":"America/Los_Angeles","statistics":[{"start":"2024-03-08T00:00:00-08:00","end":"2024-03-09T00:00:00-08:00","sum":"#
            ), "\(stats)")
        #expect(
            stats.contains(#"{"start":"2024-03-10T00:00:00-08:00","end":"2024-03-11T00:00:00-07:00","sum":"#),
            "\(stats)")
        #expect(stats.contains(#""sources":{"#))
        let utc = try expectOHK([
            "stats", "stepCount", "--store", Self.store, "--from", "2024-03-08", "--to", "2024-03-11", "--tz", "UTC",
            "--format", "json",
        ])
        #expect(utc.stdout.contains(#""timeZone":"UTC""#), "named as given, not GMT: \(utc)")
    }

    @Test("stats lists empty days too: NDJSON has one line per day")
    func emptyDays() throws {
        let result = try expectOHK([
            "stats", "stepCount", "--store", Self.store, "--from", "2024-03-01", "--to", "2024-03-11", "--interval",
            "1d",
            "--tz", "America/Los_Angeles", "--format", "ndjson",
        ])
        #expect(result.lines.count == 10, "\(result)")
    }

    @Test("Output that is not a terminal is JSON by default")
    func pipeDefaultsToJSON() throws {
        #expect(try expectOHK(["types", "--store", Self.store]).stdout.hasPrefix("["))
    }

    @Test(
        "csv and table formats",
        arguments: [
            ["types", "--format", "csv"], ["samples", "heartRate", "--limit", "2", "--format", "csv"],
            ["sources", "stepCount", "--format", "table"],
            ["trends", "--format", "table", "--no-cache"],
        ])
    func formats(_ arguments: [String]) throws {
        let result = try expectOHK(arguments + ["--store", Self.store])
        #expect(!result.stdout.isEmpty, "\(result)")
    }

    @Test("trends JSON: the energy type, the day's hours (23 to 25) and a projection no lower than the total")
    func trendsJSON() throws {
        let result = try expectOHK([
            "trends", "--store", Self.store, "--tz", "America/Los_Angeles", "--days", "7", "--format", "json",
            "--no-cache",
        ])
        let json = try #require(
            try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any], "\(result)")
        #expect(json["type"] as? String == "HKQuantityTypeIdentifierActiveEnergyBurned")
        #expect((23...25).contains((json["hours"] as? [Any])?.count ?? 0))
        let total = try #require(json["total"] as? Double)
        let projected = try #require(json["projectedTotal"] as? Double)
        #expect(projected >= total)
    }

    @Test(
        "Usage errors exit 2 with one line naming the argument",
        arguments: [
            (["stats", "stepz"], #"TYPE "stepz" is not a HealthKit type"#),
            (["stats", "stepCount", "--from", "2024-13-01"], "--from: '2024-13-01' is not a date: month 13"),
            (["stats", "stepCount", "--interval", "1fortnight"], "--interval: '1fortnight' is not an interval"),
            (["stats", "stepCount", "--unit", "m"], "--unit: m does not fit HKQuantityTypeIdentifierStepCount"),
            (["stats", "sleepAnalysis"], "not a quantity type"),
            (["stats", "stepCount", "--format", "xml"], "format"),
            (["samples", "stepCount", "--source", "Nobody"], #"--source "Nobody" has no"#),
            (["trends", "heartRate"], "is not cumulative"),
            (["trends", "--days", "0"], "--days must be between 1 and 366"),
            (
                ["trends", "--cache", "/tmp/unused-cache.json", "--no-cache"],
                "--cache and --no-cache exclude each other"
            ),
            (["export", "--format", "table"], "--format for export is csv, json or ndjson"),
        ])
    func usageErrors(_ arguments: [String], _ message: String) throws {
        let result = try expectOHK(
            arguments + ["--store", Self.store], exit: .usage, stdout: "", stderrContains: message)
        #expect(result.stderr.split(separator: "\n").count == 1, "\(result)")
    }

    @Test(
        "A reading command pointed at a path with no store says so, suggests ohk import, and creates nothing there",
        arguments: [
            ["types"], ["stats", "stepCount"], ["samples", "heartRate"], ["sources", "stepCount"], ["trends"],
            ["export"], ["units", "preferred"],
        ])
    func noStoreThere(_ arguments: [String]) throws {
        let path = TemporaryStoreFolder.path + "/never-imported-\(UUID().uuidString).sqlite"
        let result = try expectOHK(
            arguments + ["--store", path], exit: .failure, stdout: "", stderrContains: "there is no store here yet")
        #expect(result.stderr.contains(path) && result.stderr.contains("ohk import export.zip --store \(path)"))
        #expect(!FileManager.default.fileExists(atPath: path), "a reading command created \(path)")
        // Setting a preferred unit makes the store, as importing does.
        try expectOHK(["units", "preferred", "--set", "bodyMass=kg", "--store", path])
        #expect(FileManager.default.fileExists(atPath: path))
    }

    @Test("trends --svg to a folder that does not exist is a runtime error naming the file")
    func svgToMissingFolder() throws {
        let target = TemporaryStoreFolder.path + "/nowhere-\(UUID().uuidString)/trends.svg"
        try expectOHK(
            ["trends", "--store", Self.store, "--format", "json", "--no-cache", "--svg", target], exit: .failure,
            stderrContains: "cannot write \(target)")
    }

    @Test(
        "export: the JSON array has as many samples as NDJSON lines and CSV rows, in the API's sample shape, category types first by type name"
    )
    func exportFormats() throws {
        let json = try expectOHK(["export", "--store", Self.store, "--format", "json"])
        let samples = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        let ndjson = try expectOHK(["export", "--store", Self.store, "--format", "ndjson"])
        let csv = try expectOHK(["export", "--store", Self.store, "--format", "csv"])
        #expect(
            samples.count == ndjson.lines.count && samples.count + 1 == csv.lines.count,
            "\(samples.count) \(ndjson.lines.count) \(csv.lines.count)")
        #expect(csv.lines.first == "type,start,end,value,unit,source,device,uuid")
        // The demo's category types (stand hours, sleep) sort before its quantity types.
        let types = Set(samples.compactMap { $0["type"] as? String }).sorted()
        #expect(
            types.prefix(2) == ["HKCategoryTypeIdentifierAppleStandHour", "HKCategoryTypeIdentifierSleepAnalysis"],
            "\(types)")
        #expect(samples.allSatisfy { $0["startDate"] is String && $0["start"] == nil && $0["source"] is [String: Any] })
    }

    @Test(
        "samples --format json/ndjson writes the HTTP API's sample objects: startDate, a numeric value with its unit or valueName, the source as an object"
    )
    func samplesInTheAPIShape() throws {
        let json = try expectOHK([
            "samples", "stepCount", "--store", Self.store, "--limit", "2", "--tz", "UTC", "--format", "json",
        ])
        let samples = try #require(
            try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]], "\(json)")
        #expect(samples.count == 2)
        let first = try #require(samples.first)
        #expect(
            Set(["uuid", "type", "startDate", "endDate", "value", "unit", "source"]).isSubset(of: first.keys),
            "\(first)")
        #expect(first["start"] == nil && first["value"] is NSNumber && first["unit"] as? String == "count")
        #expect((first["startDate"] as? String)?.hasSuffix("+00:00") == true)
        #expect((first["source"] as? [String: Any]).map { Set($0.keys) } == ["bundleIdentifier", "name"])
        let sleep = try expectOHK([
            "samples", "sleepAnalysis", "--store", Self.store, "--limit", "1", "--format", "ndjson",
        ])
        let night = try #require(
            try JSONSerialization.jsonObject(with: Data(sleep.stdout.utf8)) as? [String: Any], "\(sleep)")
        #expect(night["value"] is NSNumber && night["valueName"] is String && night["start"] == nil, "\(night)")
        try expectOHK(
            ["samples", "stepCount", "--store", Self.store, "--unit", "m", "--format", "json"], exit: .usage,
            stderrContains: "--unit: m does not fit")
    }
}
