import Testing

@testable import HealthModel

@Suite("UnitGrammar")
struct UnitGrammarTests {
    @Test("the unit list covers every base unit once, prefixable ones first")
    func grammarUnits() {
        let units = UnitGrammar.units
        #expect(units.count == BaseUnit.allCases.count)
        #expect(Set(units.map(\.symbol)).count == units.count)
        #expect(units.first?.symbol == "g")
        let firstNonSI = units.firstIndex { !$0.acceptsPrefixes } ?? units.count
        #expect(units[firstNonSI...].allSatisfy { !$0.acceptsPrefixes })
        #expect(units.allSatisfy { !$0.summary.isEmpty })
        #expect(UnitGrammar.prefixes.first?.symbol == "f")
        #expect(UnitGrammar.prefixes.count == UnitPrefix.allCases.count - 1)
    }
}
