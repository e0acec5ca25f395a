import Foundation
import HealthModel

/// A unit conversion given as text (a value, a source unit and a target unit), checked and carried out.
///
/// This is the logic behind `ohk units convert VALUE FROM TO`; its failures name those arguments, so it lives with the
/// command line (the unit grammar it lists is HealthModel's `UnitGrammar`).
struct UnitConversionRequest: Sendable, Hashable {
    /// The value to convert, expressed in `source`.
    let value: Double
    /// The unit `value` is expressed in.
    let source: HealthUnit
    /// The unit to convert to.
    let target: HealthUnit
    /// The target unit as the caller spelled it (surrounding whitespace removed), used when printing the result.
    let targetSpelling: String

    /// Why a conversion request was refused; each case names the argument at fault.
    enum Failure: Error, Equatable, Sendable, CustomStringConvertible {
        /// The value is not a number at all.
        case notANumber(String)
        /// The value parses but is NaN or infinite.
        case notFinite(String)
        /// A unit string is malformed; `argument` is `FROM` or `TO`.
        case invalidUnit(argument: String, spelling: String, HealthModelError)
        /// The units measure different things.
        case incompatibleUnits(HealthModelError)

        /// A one-line message for people, e.g. `FROM unit "kgg": invalid unit "kgg" at character 0: …`.
        var description: String {
            switch self {
            case let .notANumber(text): return "value \"\(text)\" is not a number"
            case let .notFinite(text): return "value \"\(text)\" is not a finite number"
            case let .invalidUnit(argument, spelling, error):
                return "\(argument) unit \"\(spelling)\": \(error.description)"
            case let .incompatibleUnits(error): return error.description
            }
        }
    }

    /// Parses the three texts; throws a `Failure` naming the first argument that is wrong.
    init(value valueText: String, from sourceText: String, to targetText: String) throws(Failure) {
        let trimmedValue = valueText.trimmingCharacters(in: .whitespaces)
        guard let value = UnitConversionRequest.parseNumber(trimmedValue) else { throw .notANumber(valueText) }
        guard value.isFinite else { throw .notFinite(valueText) }
        let source: HealthUnit
        let target: HealthUnit
        do {
            source = try HealthUnit(parsing: sourceText)
        } catch {
            throw .invalidUnit(argument: "FROM", spelling: sourceText, error)
        }
        do {
            target = try HealthUnit(parsing: targetText)
        } catch {
            throw .invalidUnit(argument: "TO", spelling: targetText, error)
        }
        self.value = value
        self.source = source
        self.target = target
        self.targetSpelling = targetText.trimmingCharacters(in: .whitespaces)
    }

    /// The value expressed in the target unit; throws `.incompatibleUnits` when the dimensions differ.
    func convertedValue() throws(Failure) -> Double {
        do {
            return try source.convert(value, to: target)
        } catch {
            throw .incompatibleUnits(error)
        }
    }

    /// The converted value and the target unit as printed by `ohk units convert`, e.g. `37 degC`.
    func formattedResult() throws(Failure) -> String {
        "\(UnitConversionRequest.format(try convertedValue())) \(targetSpelling)"
    }

    /// A decimal number (`5.4`, `-40`, `1e3`, `+2`); rejects hexadecimal floats, which `Double(_:)` would accept.
    static func parseNumber(_ text: String) -> Double? {
        guard !text.isEmpty, !text.lowercased().contains("x") else { return nil }
        return Double(text)
    }

    /// Prints a value with at most 10 significant digits, as briefly as it round-trips: `37`, `97.2841752`, `1e-05`.
    ///
    /// The value is first rounded to 10 significant digits (so `37.00000000000001` prints as `37`), then printed in
    /// Swift's shortest round-tripping form without a trailing `.0`; zero prints as `0` whatever its sign.
    static func format(_ value: Double) -> String {
        guard value.isFinite else { return value.description }
        let rounded = Double(String(format: "%.10g", value)) ?? value
        if rounded == 0 { return "0" }
        var text = rounded.description
        if text.hasSuffix(".0") { text.removeLast(2) }
        return text
    }
}
