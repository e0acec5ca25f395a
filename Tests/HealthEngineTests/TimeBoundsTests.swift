import Foundation
import HealthEngine
import HealthModel
import Testing

@Suite("Index bounds implied by predicates")
struct TimeBoundsTests {
    let start = Date(timeIntervalSinceReferenceDate: 1_000)
    let end = Date(timeIntervalSinceReferenceDate: 5_000)

    @Test("each date option becomes the clauses of SEMANTICS §3")
    func windowClauses() {
        let overlap = TimeBounds.window(start: start, end: end, options: [])
        #expect(overlap == TimeBounds(startUpperBound: 5_000, endLowerBound: 1_000))
        let strictStart = TimeBounds.window(start: start, end: end, options: .strictStartDate)
        #expect(strictStart == TimeBounds(startLowerBound: 1_000, startUpperBound: 5_000))
        let strictEnd = TimeBounds.window(start: start, end: end, options: .strictEndDate)
        #expect(strictEnd == TimeBounds(startUpperBound: 5_000, endLowerBound: 1_000, endUpperBound: 5_000))
        let both = TimeBounds.window(start: start, end: end, options: [.strictStartDate, .strictEndDate])
        #expect(both == TimeBounds(startLowerBound: 1_000, startUpperBound: 5_000, endUpperBound: 5_000))
        #expect(TimeBounds.window(start: nil, end: nil, options: [.strictStartDate]) == .unbounded)
    }

    @Test("windows joined by AND intersect; OR and NOT imply no bounds")
    func compounds() {
        let first = SamplePredicate.date(start: start, end: end, options: .strictStartDate)
        let second = SamplePredicate.date(start: Date(timeIntervalSinceReferenceDate: 2_000), end: nil, options: [])
        #expect(
            TimeBounds.implied(by: .and([first, second, .metadataKeyExists("x")]))
                == TimeBounds(startLowerBound: 1_000, startUpperBound: 5_000, endLowerBound: 2_000))
        #expect(TimeBounds.implied(by: .or([first, second])) == .unbounded)
        #expect(TimeBounds.implied(by: .not(first)) == .unbounded)
    }

    @Test("a window whose end is not after its start, or contradictory windows, can match nothing")
    func emptyBounds() {
        #expect(TimeBounds.window(start: end, end: start, options: .strictStartDate).isEmpty)
        #expect(!TimeBounds.window(start: end, end: start, options: []).isEmpty)
        let apart = SamplePredicate.and([
            .date(start: nil, end: start, options: [.strictEndDate]),
            .date(start: end, end: nil, options: [.strictStartDate]),
        ])
        #expect(TimeBounds.implied(by: apart).isEmpty)
    }

    @Test("contains applies every bound, inclusive below and exclusive above")
    func containment() {
        let bounds = TimeBounds(startLowerBound: 1_000, startUpperBound: 5_000, endUpperBound: 5_000)
        #expect(bounds.contains(start: 1_000, end: 4_999))
        #expect(!bounds.contains(start: 999, end: 2_000))
        #expect(!bounds.contains(start: 4_000, end: 5_000))
        #expect(!bounds.contains(start: 5_000, end: 5_000))
    }
}
