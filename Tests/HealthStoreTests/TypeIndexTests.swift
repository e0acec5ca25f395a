import Foundation
import HealthEngine
import HealthModel
import HealthTestSupport
import Testing

@testable import HealthStore

/// The store's own seeded generator (SplitMix64), so that failures reproduce from the seed.
typealias SplitMix64 = SeededRandomNumberGenerator

/// The SEMANTICS §3 clauses written out independently of the engine, for the brute-force oracle.
private func oracleMatches(
    start: Double, end: Double, windowStart: Double?, windowEnd: Double?, options: DateMatchingOptions
) -> Bool {
    if let s = windowStart {
        if options.contains(.strictStartDate) { if !(start >= s) { return false } } else if !(end >= s) { return false }
    }
    if let e = windowEnd {
        if !(start < e) { return false }
        if options.contains(.strictEndDate), !(end < e) { return false }
    }
    return true
}

private let optionSets: [DateMatchingOptions] = [
    [], .strictStartDate, .strictEndDate, [.strictStartDate, .strictEndDate],
]

@Suite("Time index against brute force")
struct TypeIndexTests {
    /// Base instant; all times are seconds after it, on a whole-minute grid so that edges coincide often.
    private static let base = Fixture.morning.timeIntervalSinceReferenceDate

    private static func randomInterval(_ rng: inout SplitMix64, around center: Double) -> (Double, Double) {
        let start = center + Double(Int.random(in: -720...720, using: &rng)) * 60
        let duration: Double
        switch Int.random(in: 0..<20, using: &rng) {
        case 0..<4: duration = 0  // instantaneous
        case 4..<6: duration = Double(Int.random(in: 1_441...4_320, using: &rng)) * 60  // long: 1–3 days
        case 6: duration = 86_400  // exactly one day: still a short sample
        default: duration = Double(Int.random(in: 1...180, using: &rng)) * 60
        }
        return (start, start + duration)
    }

    @Test(
        "Window queries through the store equal a brute-force filter, across inserts out of order, long samples and deletes",
        arguments: [UInt64(0x5EED), 0xC0FFEE, 20_240_310])
    func storeMatchesBruteForce(seed: UInt64) throws {
        var rng = SplitMix64(seed: seed)
        let store = HealthDataStore(storage: InMemoryStorage())
        let types = [Fixture.stepCount, Fixture.heartRate]
        var live: [(sample: Sample, start: Double, end: Double)] = []  // insertion order

        func checkWindows(_ count: Int) throws {
            let stored = live.map { $0 }
            for _ in 0..<count {
                // Windows with edges on the sample grid, on actual sample edges, or open on either side.
                var bounds: [Double?] = []
                for _ in 0..<2 {
                    switch Int.random(in: 0..<10, using: &rng) {
                    case 0: bounds.append(nil)
                    case 1..<4 where !stored.isEmpty:
                        let pick = stored.randomElement(using: &rng)!
                        bounds.append(Bool.random(using: &rng) ? pick.start : pick.end)
                    default:
                        bounds.append(TypeIndexTests.base + Double(Int.random(in: -5_000...12_000, using: &rng)) * 60)
                    }
                }
                var (windowStart, windowEnd) = (bounds[0], bounds[1])
                if let s = windowStart, let e = windowEnd, s > e, Int.random(in: 0..<4, using: &rng) != 0 {
                    (windowStart, windowEnd) = (e, s)
                }
                let type = types.randomElement(using: &rng)!
                for options in optionSets {
                    let predicate: SamplePredicate = .date(
                        start: windowStart.map { Date(timeIntervalSinceReferenceDate: $0) },
                        end: windowEnd.map { Date(timeIntervalSinceReferenceDate: $0) }, options: options)
                    let expected = stored.filter {
                        $0.sample.type == type
                            && oracleMatches(
                                start: $0.start, end: $0.end, windowStart: windowStart, windowEnd: windowEnd,
                                options: options)
                    }.map(\.sample.uuid)
                    let actual = try store.uuids(type, predicate)
                    #expect(
                        actual == expected,
                        "seed \(seed) window \(String(describing: windowStart))–\(String(describing: windowEnd)) options \(options.rawValue)"
                    )
                    if actual != expected { return }
                }
            }
        }

        var center = TypeIndexTests.base
        for round in 0..<24 {
            // Batches mostly move forward in time (appends), sometimes jump back (merges), sometimes are shuffled.
            switch Int.random(in: 0..<4, using: &rng) {
            case 0: center -= Double(Int.random(in: 60...2_880, using: &rng)) * 60
            default: center += Double(Int.random(in: 0...720, using: &rng)) * 60
            }
            var batch: [(Sample, Double, Double)] = []
            for _ in 0..<Int.random(in: 1...120, using: &rng) {
                let (start, end) = TypeIndexTests.randomInterval(&rng, around: center)
                let type = types.randomElement(using: &rng)!
                let startDate = Date(timeIntervalSinceReferenceDate: start)
                let endDate = Date(timeIntervalSinceReferenceDate: end)
                let sample =
                    type == Fixture.stepCount
                    ? try Sample.quantity(
                        type: type, quantity: Quantity(Double(Int.random(in: 0...2_000, using: &rng)), .count),
                        start: startDate, end: endDate)
                    : try Sample.quantity(
                        type: type, quantity: Quantity(Double(Int.random(in: 45...180, using: &rng)), Fixture.bpm),
                        start: startDate, end: endDate)
                batch.append((sample, start, end))
            }
            if Bool.random(using: &rng) { batch.sort { $0.1 < $1.1 } }  // in time order half the time
            try store.save(batch.map(\.0), as: round.isMultiple(of: 3) ? Fixture.phone : Fixture.watch)
            live.append(contentsOf: batch.map { (sample: $0.0, start: $0.1, end: $0.2) })

            // Delete some: by identifiers, or by a window predicate.
            if round % 3 == 2, !live.isEmpty {
                if Bool.random(using: &rng) {
                    let victims = Set(
                        (0..<Int.random(in: 1...max(1, live.count / 8), using: &rng)).map { _ in
                            live.randomElement(using: &rng)!.sample.uuid
                        })
                    try store.delete(Array(victims))
                    live.removeAll { victims.contains($0.sample.uuid) }
                } else {
                    let s = center + Double(Int.random(in: -600...0, using: &rng)) * 60
                    let e = s + Double(Int.random(in: 30...600, using: &rng)) * 60
                    let options = optionSets.randomElement(using: &rng)!
                    let type = types.randomElement(using: &rng)!
                    let result = try store.delete(
                        type: type,
                        matching: .date(
                            start: Date(timeIntervalSinceReferenceDate: s),
                            end: Date(timeIntervalSinceReferenceDate: e), options: options))
                    let expected = live.filter {
                        $0.sample.type == type
                            && oracleMatches(
                                start: $0.start, end: $0.end, windowStart: s, windowEnd: e, options: options)
                    }.map(\.sample.uuid)
                    #expect(result.deleted == expected)
                    live.removeAll { expected.contains($0.sample.uuid) }
                }
            }
            try checkWindows(12)
        }
        #expect(live.count > 300)
        #expect(live.contains { $0.end - $0.start > TypeIndex.longDuration })
        try checkWindows(150)
    }

    @Test(
        "TypeIndex rows equal a brute-force filter of its entries, for every option set",
        arguments: [UInt64(7), 99, 4242])
    func indexRowsMatchBruteForce(seed: UInt64) {
        var rng = SplitMix64(seed: seed)
        var index = TypeIndex()
        var entries: [Int32: (start: Double, end: Double)] = [:]
        var nextRow: Int32 = 0
        var center = 0.0
        for round in 0..<30 {
            center += Double(Int.random(in: -1_500...900, using: &rng)) * 60
            var batch: [(start: Double, end: Double, row: Int32)] = []
            for _ in 0..<Int.random(in: 1...60, using: &rng) {
                let (start, end) = TypeIndexTests.randomInterval(&rng, around: center)
                batch.append((start, end, nextRow))
                entries[nextRow] = (start, end)
                nextRow += 1
            }
            if Bool.random(using: &rng) { batch.shuffle(using: &rng) }
            index.insert(batch)
            if round % 4 == 3 {
                let removed = Set(entries.keys.filter { _ in Int.random(in: 0..<5, using: &rng) == 0 })
                index.remove(removed)
                for row in removed { entries[row] = nil }
            }
            #expect(index.count == entries.count)
            #expect(index.starts == index.starts.sorted(), "short samples stay sorted by start")
            for _ in 0..<40 {
                let edges = entries.values.flatMap { [$0.start, $0.end] }
                func bound() -> Double? {
                    switch Int.random(in: 0..<8, using: &rng) {
                    case 0: return nil
                    case 1..<4 where !edges.isEmpty: return edges.randomElement(using: &rng)!
                    default: return center + Double(Int.random(in: -2_000...2_000, using: &rng)) * 60
                    }
                }
                let s = bound()
                let e = bound()
                for options in optionSets {
                    let bounds = TimeBounds.window(
                        start: s.map { Date(timeIntervalSinceReferenceDate: $0) },
                        end: e.map { Date(timeIntervalSinceReferenceDate: $0) },
                        options: options)
                    let rows = index.rows(
                        startAtLeast: bounds.startLowerBound, startBefore: bounds.startUpperBound,
                        endAtLeast: bounds.endLowerBound, endBefore: bounds.endUpperBound)
                    let expected = entries.filter {
                        oracleMatches(
                            start: $0.value.start, end: $0.value.end, windowStart: s, windowEnd: e, options: options)
                    }
                    .keys.sorted()
                    #expect(
                        rows.sorted() == expected,
                        "seed \(seed) window \(String(describing: s))–\(String(describing: e)) options \(options.rawValue)"
                    )
                    #expect(Set(rows).count == rows.count, "no row twice")
                    // One report per seed is enough.
                    if rows.sorted() != expected || Set(rows).count != rows.count { return }
                }
            }
        }
    }
}
