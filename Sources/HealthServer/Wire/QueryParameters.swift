import Foundation
import HealthEngine
import HealthModel
import Hummingbird

/// A request's query parameters, read by name with errors naming the parameter; parameters an endpoint does not
/// know are refused (a misspelt one would otherwise be ignored silently).
struct QueryParameters {
    private let values: [(String, String)]

    /// The parameters of a request; fails on a parameter not in `known`.
    init(_ request: Request, known: Set<String>) throws(HealthServerError) {
        values = request.uri.queryParameters.map { (String($0.key), String($0.value)) }
        for (name, _) in values where !known.contains(name) {
            throw .invalidField(
                field: name,
                reason: "is not a parameter of this endpoint (known: \(known.sorted().joined(separator: ", ")))")
        }
        // An empty value is refused rather than read as absent: `startDate=` would otherwise widen a query to all time.
        for (name, value) in values where value.isEmpty {
            throw .invalidField(field: name, reason: "is empty (leave the parameter out for its default)")
        }
    }

    /// The last value of a parameter, if given and not empty.
    func string(_ name: String) -> String? {
        values.last { $0.0 == name && !$0.1.isEmpty }?.1
    }

    /// Every value of a repeatable parameter (`type=a&type=b`, or `type=a,b`).
    func all(_ name: String) -> [String] {
        values.filter { $0.0 == name }.flatMap { $0.1.split(separator: ",").map(String.init) }.filter { !$0.isEmpty }
    }

    /// A true/false parameter (absent: false).
    func flag(_ name: String) throws(HealthServerError) -> Bool {
        guard let text = string(name) else { return false }
        switch text {
        case "true", "1": return true
        case "false", "0": return false
        default: throw .invalidField(field: name, reason: "'\(text)' is not true or false")
        }
    }

    /// A whole-number parameter within a range.
    func integer(_ name: String, in range: ClosedRange<Int>) throws(HealthServerError) -> Int? {
        guard let text = string(name) else { return nil }
        guard let value = Int(text), range.contains(value) else {
            throw .invalidField(
                field: name, reason: "'\(text)' is not a whole number from \(range.lowerBound) to \(range.upperBound)")
        }
        return value
    }

    /// The `timeZone` parameter's text as given (answers echo it: Foundation names a zone made from "UTC" "GMT"),
    /// else `fallback`.
    func timeZoneName(default fallback: String = "UTC") -> String { string("timeZone") ?? fallback }

    /// The time zone dates are read and written in (`timeZone`, default UTC).

    func timeZone(default fallback: TimeZone = TimeZone(identifier: "UTC")!) throws(HealthServerError) -> TimeZone {
        guard let text = string("timeZone") else { return fallback }
        guard let zone = TimeZone(identifier: text) else {
            throw .invalidField(
                field: "timeZone",
                reason: "'\(text)' is not a known time zone (use an IANA name such as America/Los_Angeles)")
        }
        return zone
    }

    /// A date parameter: ISO 8601 with an offset, or a day or wall-clock time in `timeZone`. A '+' of an offset that
    /// arrived as a space (an unencoded '+' in a form-style query) is read as '+'.
    func date(_ name: String, timeZone: TimeZone) throws(HealthServerError) -> Date? {
        guard var text = string(name) else { return nil }
        if let time = text.firstIndex(of: "T"), let space = text[time...].firstIndex(of: " ") {
            text.replaceSubrange(space...space, with: "+")
        }
        do {
            return try DateReader.instant(text, timeZone: timeZone, field: name)
        } catch {
            throw .from(error)
        }
    }

    /// A sample type parameter, by full identifier or short name.
    func type(_ name: String = "type") throws(HealthServerError) -> SampleType {
        guard let text = string(name) else { throw .invalidField(field: name, reason: "is required") }
        return try QueryParameters.sampleType(text, field: name)
    }

    /// One descriptor (all samples) per `type` given; at least one is required.
    func typeDescriptors() throws(HealthServerError) -> [SampleQueryDescriptor] {
        let names = all("type")
        guard !names.isEmpty else { throw .invalidField(field: "type", reason: "is required (one or more types)") }
        var descriptors: [SampleQueryDescriptor] = []
        for name in names {
            descriptors.append(SampleQueryDescriptor(type: try QueryParameters.sampleType(name, field: "type")))
        }
        return descriptors
    }

    /// A change-log anchor given as text (a parameter or a header), if any.
    static func anchor(_ text: String?) throws(HealthServerError) -> Int64? {
        guard let text else { return nil }
        guard let anchor = Int64(text), anchor >= 0 else {
            throw .invalidField(
                field: "anchor", reason: "'\(text)' is not an anchor (a whole number from 0, as a previous answer gave)"
            )
        }
        return anchor
    }

    /// A sample type by full identifier or short name.
    static func sampleType(_ text: String, field: String) throws(HealthServerError) -> SampleType {
        do {
            return try SampleType.named(text)
        } catch {
            throw .invalidField(
                field: field,
                reason:
                    "'\(text)' is not a HealthKit type identifier or short name (e.g. stepCount, heartRate, sleepAnalysis)"
            )
        }
    }

    /// A unit parameter that must fit a type.
    func unit(for type: SampleType) throws(HealthServerError) -> HealthUnit? {
        guard let text = string("unit") else { return nil }
        let unit: HealthUnit
        do {
            unit = try HealthUnit(parsing: text)
        } catch {
            throw .invalidField(field: "unit", reason: "'\(text)' is not a HealthKit unit string: \(error)")
        }
        guard let canonical = type.canonicalUnit, unit.isCompatible(with: canonical) else {
            throw .invalidField(
                field: "unit",
                reason:
                    "\(unit) does not fit \(type.identifier)\(type.canonicalUnit.map { " (its unit is \($0))" } ?? "")")
        }
        return unit
    }
}
