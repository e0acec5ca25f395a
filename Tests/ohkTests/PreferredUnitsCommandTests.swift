import Foundation
import HealthTestSupport
import Testing

@Suite("ohk units preferred: show and choose preferred units; stats and samples follow them unless --unit")
struct PreferredUnitsCommandTests {
    @Test("Choosing a locale and a unit changes what stats and samples print; --unit still wins; bad input is refused")
    func preferredUnits() throws {
        let store = TemporaryStoreFolder.newPath("units")
        try expectOHK(["demo", "--store", store, "--date", "2024-03-10", "--tz", "America/Los_Angeles", "--days", "1"])
        let shown = try expectOHK(
            ["units", "preferred", "bodyMass", "activeEnergyBurned", "--store", store, "--format", "csv"]
        ).stdout
        #expect(shown == "type,unit,from\nbodyMass,lb,locale en_US\nactiveEnergyBurned,kcal,locale en_US", "\(shown)")
        let statsArguments = [
            "stats", "activeEnergyBurned", "--store", store, "--from", "2024-03-10", "--to", "2024-03-11", "--tz",
            "America/Los_Angeles", "--sum", "--format", "json",
        ]
        let inCalories = try expectOHK(statsArguments).stdout
        #expect(inCalories.contains(#""unit":"kcal""#), "\(inCalories)")

        let set = try expectOHK([
            "units", "preferred", "--store", store, "--locale", "en_AU", "--set", "bodyMass=st", "--format", "csv",
        ]).stdout
        #expect(set == "type,unit,from\nbodyMass,st,chosen", "\(set)")
        let inKilojoules = try expectOHK(statsArguments).stdout
        #expect(inKilojoules.contains(#""unit":"kJ""#), "\(inKilojoules)")
        #expect(try expectOHK(statsArguments + ["--unit", "Cal"]).stdout.contains(#""unit":"kcal""#))
        let samples = try expectOHK([
            "samples", "activeEnergyBurned", "--store", store, "--limit", "1", "--format", "json",
        ]).stdout
        #expect(samples.contains(#""unit":"kJ""#), "\(samples)")

        try expectOHK(
            ["units", "preferred", "--store", store, "--set", "stepCount=kg"], exit: .usage,
            stderrContains: "kg is not compatible with HKQuantityTypeIdentifierStepCount")
        try expectOHK(
            ["units", "preferred", "--store", store, "--set", "sleepAnalysis=count"], exit: .usage,
            stderrContains: "is not a quantity type")
        try expectOHK(
            ["units", "preferred", "--store", store, "--locale", "not a locale"], exit: .usage,
            stderrContains: "--locale")
        let cleared = try expectOHK([
            "units", "preferred", "bodyMass", "--store", store, "--clear", "bodyMass", "--clear-locale", "--format",
            "csv",
        ]).stdout
        #expect(cleared == "type,unit,from\nbodyMass,lb,locale en_US", "\(cleared)")
    }
}
