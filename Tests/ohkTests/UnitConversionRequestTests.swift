import Foundation
import HealthModel
import Testing

@testable import ohk

@Suite("UnitConversionRequest")
struct UnitConversionRequestTests {
    @Test("blood glucose mmol<M>/L to mg/dL")
    func bloodGlucose() throws {
        let request = try UnitConversionRequest(value: "5.4", from: "mmol<180.15588000005408>/L", to: "mg/dL")
        // 5.4 mmol/L × 180.15588 g/mol = 972.841752 mg/L = 97.2841752 mg/dL
        #expect(try request.formattedResult() == "97.2841752 mg/dL")
    }

    @Test("temperature scales print without noise")
    func temperatures() throws {
        #expect(try UnitConversionRequest(value: "98.6", from: "degF", to: "degC").formattedResult() == "37 degC")
        #expect(try UnitConversionRequest(value: "-40", from: "degC", to: "degF").formattedResult() == "-40 degF")
        #expect(try UnitConversionRequest(value: "0", from: "degC", to: "K").formattedResult() == "273.15 K")
    }

    @Test("the target keeps the caller's spelling, trimmed")
    func targetSpelling() throws {
        let request = try UnitConversionRequest(value: "1", from: "L/min", to: " mL/(min) ")
        #expect(request.targetSpelling == "mL/(min)")
        #expect(try request.formattedResult() == "1000 mL/(min)")
    }

    @Test("values that are not numbers are refused with the text quoted")
    func notANumber() {
        #expect(throws: UnitConversionRequest.Failure.notANumber("abc")) {
            try UnitConversionRequest(value: "abc", from: "kg", to: "g")
        }
        #expect(throws: UnitConversionRequest.Failure.notANumber("")) {
            try UnitConversionRequest(value: "", from: "kg", to: "g")
        }
        #expect(throws: UnitConversionRequest.Failure.notANumber("0x10")) {
            try UnitConversionRequest(value: "0x10", from: "kg", to: "g")
        }
        #expect(UnitConversionRequest.Failure.notANumber("abc").description == "value \"abc\" is not a number")
    }

    @Test("NaN and infinities are refused", arguments: ["nan", "inf", "-infinity", "1e400"])
    func notFinite(text: String) {
        #expect(throws: UnitConversionRequest.Failure.notFinite(text)) {
            try UnitConversionRequest(value: text, from: "kg", to: "g")
        }
    }

    @Test("an invalid unit names the argument and the character position")
    func invalidUnits() throws {
        do {
            _ = try UnitConversionRequest(value: "1", from: "kgg", to: "g")
            Issue.record("expected a failure")
        } catch {
            guard case let .invalidUnit(argument, spelling, modelError) = error else {
                Issue.record("unexpected \(error)")
                return
            }
            #expect(argument == "FROM")
            #expect(spelling == "kgg")
            guard case let .invalidUnit(_, position, _) = modelError else {
                Issue.record("unexpected \(modelError)")
                return
            }
            #expect(position == 0)
            #expect(error.description.hasPrefix("FROM unit \"kgg\": invalid unit \"kgg\" at character 0"))
        }
        do {
            _ = try UnitConversionRequest(value: "1", from: "kg", to: "m/s/s")
            Issue.record("expected a failure")
        } catch {
            guard case let .invalidUnit(argument, _, .invalidUnit(_, position, _)) = error else {
                Issue.record("unexpected \(error)")
                return
            }
            #expect(argument == "TO")
            #expect(position == 3)
            #expect(error.description.hasPrefix("TO unit \"m/s/s\": "))
        }
    }

    @Test("incompatible units fail at conversion time")
    func incompatible() throws {
        let request = try UnitConversionRequest(value: "1", from: "kg", to: "m")
        #expect(throws: UnitConversionRequest.Failure.incompatibleUnits(.incompatibleUnits(from: "kg", to: "m"))) {
            try request.convertedValue()
        }
        #expect(throws: (any Error).self) { try request.formattedResult() }
        let message = UnitConversionRequest.Failure.incompatibleUnits(.incompatibleUnits(from: "kg", to: "m"))
            .description
        #expect(message.hasPrefix("cannot convert kg to m: "))
    }

    @Test("formatting keeps at most 10 significant digits, shortest form")
    func formatting() {
        #expect(UnitConversionRequest.format(37.00000000000001) == "37")
        #expect(UnitConversionRequest.format(0.1 + 0.2) == "0.3")
        #expect(UnitConversionRequest.format(97.28417520000001) == "97.2841752")
        #expect(UnitConversionRequest.format(-0.0) == "0")
        #expect(UnitConversionRequest.format(1e-5) == "1e-05")
        #expect(UnitConversionRequest.format(123_456_789_012) == "123456789000")
        #expect(UnitConversionRequest.format(1.5) == "1.5")
        #expect(UnitConversionRequest.format(-273.15) == "-273.15")
    }
}
