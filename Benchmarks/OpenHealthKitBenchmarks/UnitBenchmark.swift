import BenchmarkSupport
import Foundation
import HealthModel

/// Conversions between already-parsed units, through a precomputed converter and through `convert(_:to:)`, plus
/// the speed of `HealthUnit(parsing:)` on cache hits and on distinct strings.
enum UnitBenchmark {
    static let target = 10_000_000.0

    static func run(_ options: BenchmarkOptions, into table: inout ResultTable) {
        let pairs: [(from: String, to: String)] = [
            ("mg/dL", "mmol<180.15588000005408>/L"), ("degF", "degC"), ("mi", "km"), ("kcal", "kJ"),
        ]
        let units = pairs.map { (from: try! HealthUnit(parsing: $0.from), to: try! HealthUnit(parsing: $0.to)) }
        var random = FastUUIDGenerator(seed: 3)
        let values = (0..<options.conversions).map { _ in Double(random.next() >> 11) * 0x1p-53 * 300 }
        var checksum = 0.0

        for (index, pair) in pairs.enumerated() {
            let (from, to) = units[index]
            let (sum, seconds) = Stopwatch.time { () -> Double in
                let converter = try! from.converter(to: to)
                var sum = 0.0
                for value in values { sum += converter.convert(value) }
                return sum
            }
            checksum += sum
            let rate = Double(values.count) / seconds
            table.add(
                "units", "converter(to:) + convert(_:), \(pair.from) → \(pair.to)",
                Figures.rate(rate, unit: "values"), target: "≥ 10 M/s", met: rate >= target)
        }
        for (index, pair) in pairs.enumerated() {
            let (from, to) = units[index]
            let (sum, seconds) = Stopwatch.time { () -> Double in
                var sum = 0.0
                for value in values { sum += try! from.convert(value, to: to) }
                return sum
            }
            checksum += sum
            let rate = Double(values.count) / seconds
            table.add(
                "units", "convert(_:to:) per value, \(pair.from) → \(pair.to)",
                Figures.rate(rate, unit: "values"), target: "≥ 10 M/s", met: rate >= target)
        }

        // Parsing: the same few spellings (answered by the parse cache) and distinct ones (each parsed in full).
        let common = ["mg/dL", "mmol<180.15588000005408>/L", "count/min", "kcal", "mL/(kg*min)", "degC", "km", "m/s^2"]
        let hits = Stopwatch.time { () -> Int in
            var bits = 0
            for index in 0..<options.parses { bits &+= try! HealthUnit(parsing: common[index & 7]).hashValue }
            return bits
        }
        table.add(
            "units", "HealthUnit(parsing:), 8 common spellings (cache hits)",
            Figures.rate(Double(options.parses) / hits.seconds, unit: "units"))
        let templates = ["mmol<%@>/L", "mg/dL.mol<%@>", "mcmol<%@>/(kg*min)", "mol<%@>.m^-2"]
        let distinct = (0..<options.parses).map { index in
            templates[index & 3].replacingOccurrences(of: "%@", with: String(100 + Double(index) / 7))
        }
        let misses = Stopwatch.time { () -> Int in
            var bits = 0
            for text in distinct { bits &+= try! HealthUnit(parsing: text).hashValue }
            return bits
        }
        table.add(
            "units", "HealthUnit(parsing:), distinct spellings (full parse)",
            Figures.rate(Double(options.parses) / misses.seconds, unit: "units"))
        blackHole(hits.result &+ misses.result)
        FileHandle.standardError.write(Data("  (conversion checksum \(checksum))\n".utf8))
    }
}
