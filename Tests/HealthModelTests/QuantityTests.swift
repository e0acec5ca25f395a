import Foundation
import Testing

@testable import HealthModel

@Suite("Unit quantities")
struct UnitQuantityTests {
    @Test("A quantity converts its value to a compatible unit")
    func valueInOtherUnit() throws {
        let weight = Quantity(70, .gram(.kilo))
        #expect(unitValuesAreClose(try weight.value(in: .pound), 154.32358352941432))
        #expect(try weight.value(in: .gram(.kilo)) == 70)
        let converted = try weight.converted(to: .gram())
        #expect(converted.unit == .gram())
        #expect(unitValuesAreClose(converted.value, 70_000))
    }

    @Test("Percent is stored as a fraction and converts to itself unchanged")
    func percentIsAFraction() throws {
        let saturation = Quantity(0.97, .percent)
        #expect(try saturation.value(in: HealthUnit(parsing: "%")) == 0.97)
        #expect(saturation.description == "0.97 %")
        #expect(!saturation.isCompatible(with: .count))
        #expect(throws: HealthModelError.incompatibleUnits(from: "%", to: "count")) {
            try saturation.value(in: .count)
        }
    }

    @Test("Body temperature converts affinely")
    func temperatureIsAffine() throws {
        let temperature = Quantity(37, .degreeCelsius)
        #expect(unitValuesAreClose(try temperature.value(in: .degreeFahrenheit), 98.6))
        #expect(unitValuesAreClose(try temperature.value(in: .kelvin()), 310.15))
    }

    @Test("compare orders amounts across compatible units")
    func comparesAcrossUnits() throws {
        let kilogram = Quantity(1, .gram(.kilo))
        #expect(try kilogram.compare(Quantity(1000, .gram())) == .orderedSame)
        #expect(try kilogram.compare(Quantity(1, .pound)) == .orderedDescending)
        #expect(try Quantity(1, .pound).compare(kilogram) == .orderedAscending)
        #expect(try Quantity(60, HealthUnit(parsing: "count/min")).compare(Quantity(1, .hertz())) == .orderedSame)
        #expect(throws: HealthModelError.self) { try kilogram.compare(Quantity(1, .meter())) }
    }

    @Test("Equality and hashing are structural on value and unit")
    func structuralEquality() throws {
        let first = Quantity(72, try HealthUnit(parsing: "count/min"))
        let second = Quantity(72, HealthUnit.count.divided(by: .minute))
        #expect(first == second)
        #expect(first.hashValue == second.hashValue)
        #expect(Quantity(1, .gram(.kilo)) != Quantity(1000, .gram()))
        #expect(first.description == "72.0 count/min")
    }

    @Test("isCompatible reflects the unit's dimension")
    func compatibility() throws {
        let rate = Quantity(1.2, try HealthUnit(parsing: "mL/min·kg"))
        #expect(rate.isCompatible(with: try HealthUnit(parsing: "L/(kg*hr)")))
        #expect(!rate.isCompatible(with: .liter()))
    }
}
