import Foundation
import HealthEngine
import HealthModel
import HealthStore
import HealthTestSupport
import Testing

/// The window every edge case is measured against: S = 2024-03-10T16:00:00Z, E = S + 1 hour.
private let edgeS = Date(timeIntervalSinceReferenceDate: 731_779_200)
private let edgeE = edgeS.addingTimeInterval(3600)

/// Which of the four option sets must match, in the order `[]`, `.strictStartDate`, `.strictEndDate`, both.
struct ExpectedMatches: Sendable {
    var overlap: Bool
    var strictStart: Bool
    var strictEnd: Bool
    var strictBoth: Bool

    static func all(_ value: Bool) -> ExpectedMatches {
        ExpectedMatches(overlap: value, strictStart: value, strictEnd: value, strictBoth: value)
    }

    func expected(for options: DateMatchingOptions) -> Bool {
        switch (options.contains(.strictStartDate), options.contains(.strictEndDate)) {
        case (false, false): return overlap
        case (true, false): return strictStart
        case (false, true): return strictEnd
        case (true, true): return strictBoth
        }
    }
}

/// One row of the SEMANTICS §3 boundary table: a sample interval, a window, and whether each option set matches.
struct DateEdgeCase: Sendable, CustomTestStringConvertible {
    let name: String
    let sampleStart: Date
    let sampleEnd: Date
    let windowStart: Date?
    let windowEnd: Date?
    let expected: ExpectedMatches

    var testDescription: String { name }

    static let allOptionSets: [DateMatchingOptions] = [
        [], .strictStartDate, .strictEndDate, [.strictStartDate, .strictEndDate],
    ]

    /// Minutes relative to S.
    private static func s(_ minutes: Double) -> Date { edgeS.addingTimeInterval(minutes * 60) }
    /// Minutes relative to E.
    private static func e(_ minutes: Double) -> Date { edgeE.addingTimeInterval(minutes * 60) }

    private static func row(
        _ name: String, _ start: Date, _ end: Date, window: (Date?, Date?) = (edgeS, edgeE),
        overlap: Bool, strictStart: Bool, strictEnd: Bool, both: Bool
    ) -> DateEdgeCase {
        DateEdgeCase(
            name: name, sampleStart: start, sampleEnd: end, windowStart: window.0, windowEnd: window.1,
            expected: ExpectedMatches(
                overlap: overlap, strictStart: strictStart, strictEnd: strictEnd, strictBoth: both))
    }

    //                                                                     []     strictStart strictEnd both
    static let table: [DateEdgeCase] = [
        row(
            "sample ending exactly at S", s(-10), s(0), overlap: true, strictStart: false, strictEnd: true, both: false),
        row("sample starting exactly at S", s(0), s(10), overlap: true, strictStart: true, strictEnd: true, both: true),
        row(
            "instantaneous sample at exactly S", s(0), s(0), overlap: true, strictStart: true, strictEnd: true,
            both: true),
        row(
            "instantaneous sample at exactly E never matches", e(0), e(0), overlap: false, strictStart: false,
            strictEnd: false, both: false),
        row(
            "sample spanning the whole window", s(-10), e(10), overlap: true, strictStart: false, strictEnd: false,
            both: false),
        row(
            "sample ending exactly at E", e(-10), e(0), overlap: true, strictStart: true, strictEnd: false, both: false),
        row(
            "sample starting exactly at E", e(0), e(10), overlap: false, strictStart: false, strictEnd: false,
            both: false),
        row("sample crossing S", s(-10), s(10), overlap: true, strictStart: false, strictEnd: true, both: false),
        row("sample crossing E", e(-10), e(10), overlap: true, strictStart: true, strictEnd: false, both: false),
        row(
            "sample strictly inside the window", s(10), s(20), overlap: true, strictStart: true, strictEnd: true,
            both: true),
        row(
            "sample ending one millisecond before S", s(-10), s(0).addingTimeInterval(-0.001), overlap: false,
            strictStart: false, strictEnd: false, both: false),
        row("sample entirely after E", e(5), e(15), overlap: false, strictStart: false, strictEnd: false, both: false),
        // Nil start bound: the lower clause is dropped.
        row(
            "nil start bound: sample a month before E", s(-43_200), s(-43_190), window: (nil, edgeE), overlap: true,
            strictStart: true, strictEnd: true, both: true),
        row(
            "nil start bound: sample ending exactly at E", e(-10), e(0), window: (nil, edgeE), overlap: true,
            strictStart: true, strictEnd: false, both: false),
        row(
            "nil start bound: instantaneous at E", e(0), e(0), window: (nil, edgeE), overlap: false, strictStart: false,
            strictEnd: false, both: false),
        row(
            "nil start bound: sample crossing E", e(-10), e(10), window: (nil, edgeE), overlap: true, strictStart: true,
            strictEnd: false, both: false),
        // Nil end bound: the upper clause is dropped.
        row(
            "nil end bound: sample a month after S", s(43_200), s(43_210), window: (edgeS, nil), overlap: true,
            strictStart: true, strictEnd: true, both: true),
        row(
            "nil end bound: sample ending exactly at S", s(-10), s(0), window: (edgeS, nil), overlap: true,
            strictStart: false, strictEnd: true, both: false),
        row(
            "nil end bound: sample crossing S", s(-10), s(10), window: (edgeS, nil), overlap: true, strictStart: false,
            strictEnd: true, both: false),
        row(
            "nil end bound: sample ending before S", s(-20), s(-10), window: (edgeS, nil), overlap: false,
            strictStart: false, strictEnd: false, both: false),
        // Both bounds nil: every sample matches.
        row(
            "both bounds nil: sample years before", s(-5_000_000), s(-4_999_990), window: (nil, nil), overlap: true,
            strictStart: true, strictEnd: true, both: true),
        row(
            "both bounds nil: instantaneous at E", e(0), e(0), window: (nil, nil), overlap: true, strictStart: true,
            strictEnd: true, both: true),
    ]

    func sample() throws -> Sample {
        try Sample.quantity(
            type: Fixture.stepCount, quantity: Quantity(512, .count), start: sampleStart, end: sampleEnd)
    }

    func predicate(_ options: DateMatchingOptions) -> SamplePredicate {
        .date(start: windowStart, end: windowEnd, options: options)
    }
}

@Suite("Date predicate edges (SEMANTICS §3)")
struct DatePredicateEdgeTests {
    @Test("The fixed instants are the ones the table is written against")
    func fixedInstants() throws {
        let formatter = ISO8601DateFormatter()
        #expect(formatter.date(from: "2024-03-10T09:00:00-07:00") == edgeS)
        #expect(formatter.date(from: "2024-03-10T17:00:00Z") == edgeE)
    }

    @Test(
        "A sample query with a date window matches exactly the boundary table", arguments: StorageBackend.allCases,
        DateEdgeCase.table)
    func boundaryTableThroughStore(backend: StorageBackend, edge: DateEdgeCase) throws {
        let store = backend.makeStore()
        let sample = try edge.sample()
        try store.save([sample], as: Fixture.phone)
        for options in DateEdgeCase.allOptionSets {
            let matched = try store.uuids(Fixture.stepCount, edge.predicate(options))
            let expected = edge.expected.expected(for: options)
            #expect(matched == (expected ? [sample.uuid] : []), "options \(options.rawValue)")
        }
    }

    @Test("The engine's window bounds evaluate the boundary table without a store", arguments: DateEdgeCase.table)
    func boundaryTableOnBounds(edge: DateEdgeCase) {
        for options in DateEdgeCase.allOptionSets {
            let bounds = TimeBounds.window(start: edge.windowStart, end: edge.windowEnd, options: options)
            let contains = bounds.contains(
                start: edge.sampleStart.timeIntervalSinceReferenceDate,
                end: edge.sampleEnd.timeIntervalSinceReferenceDate)
            #expect(contains == edge.expected.expected(for: options), "options \(options.rawValue)")
        }
    }

    @Test(
        "All table samples in one store: each option set returns exactly its matches, in insertion order",
        arguments: StorageBackend.allCases)
    func wholeTableInOneStore(backend: StorageBackend) throws {
        // Only the rows sharing the full [S, E) window, saved in reverse time order so index order ≠ insertion order.
        let rows = DateEdgeCase.table.filter { $0.windowStart == edgeS && $0.windowEnd == edgeE }
        #expect(rows.count >= 10)
        let store = backend.makeStore()
        let samples = try rows.map { try $0.sample() }
        try store.save(Array(samples.reversed()), as: Fixture.watch)
        let insertionOrder = Array(samples.reversed())
        for options in DateEdgeCase.allOptionSets {
            let expected = insertionOrder.enumerated().filter { index, _ in
                rows[rows.count - 1 - index].expected.expected(for: options)
            }.map(\.element.uuid)
            let predicate: SamplePredicate = .date(start: edgeS, end: edgeE, options: options)
            #expect(try store.uuids(Fixture.stepCount, predicate) == expected, "options \(options.rawValue)")
        }
    }

    @Test(
        "An inverted or empty window applies the clauses literally: only the overlap clauses can hold",
        arguments: StorageBackend.allCases)
    func invertedAndEmptyWindows(backend: StorageBackend) throws {
        let store = backend.makeStore()
        // Covers both S and E: endDate >= E and startDate < S both hold, so the inverted overlap window matches it.
        let spanning = try Fixture.steps(3000, from: edgeS.addingTimeInterval(-7200), minutes: 600)
        let inside = try Fixture.steps(400, from: edgeS.addingTimeInterval(600), minutes: 10)
        try store.save([spanning, inside], as: Fixture.phone)
        let expectedInverted: [(DateMatchingOptions, [UUID])] = [
            ([], [spanning.uuid]),
            (.strictStartDate, []),  // startDate >= E and startDate < S cannot both hold
            (.strictEndDate, []),  // endDate >= E and endDate < S cannot both hold
            ([.strictStartDate, .strictEndDate], []),
        ]
        for (options, expected) in expectedInverted {
            let inverted: SamplePredicate = .date(start: edgeE, end: edgeS, options: options)
            #expect(try store.uuids(Fixture.stepCount, inverted) == expected, "options \(options.rawValue)")
        }
        // [S, S): overlap still matches a sample that covers S (startDate < S and endDate >= S); the strict forms cannot.
        let expectedEmpty: [(DateMatchingOptions, [UUID])] = [
            ([], [spanning.uuid]), (.strictStartDate, []), (.strictEndDate, []),
            ([.strictStartDate, .strictEndDate], []),
        ]
        for (options, expected) in expectedEmpty {
            #expect(
                try store.uuids(Fixture.stepCount, .date(start: edgeS, end: edgeS, options: options)) == expected,
                "options \(options.rawValue)")
        }
    }
}
