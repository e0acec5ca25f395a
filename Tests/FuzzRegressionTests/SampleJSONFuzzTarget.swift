import Foundation
import HealthModel
import HealthReports
import HealthWire

@testable import HealthServer

/// The JSON body of `POST /samples` (`SaveSamplesBody`, `WireSample`): a refusal is a 4xx naming the field; an accepted
/// sample, written as the API answers and read back, is read the same and written the same again.
enum SampleJSONFuzzTarget {
    static func run(_ data: Data) throws(ParserFuzzTargets.Violation) {
        let samples: [Sample]
        do {
            // As `POST /samples` reads a full-access app's body (the only kind that may name uuids, read back below).
            samples = try HealthAPI.decoded(SaveSamplesBody.self, from: data, WireDecoder(choosesUUIDs: true)).samples
        } catch {
            try refusalNamesField(error, target: "json-samples")
            return
        }
        for sample in samples {
            let written = text(sample)
            let read: Sample
            do {
                read = try WireDecoder(choosesUUIDs: true).decode(WireSample.self, from: Data(written.utf8)).sample
            } catch {
                throw violation("a sample written as \(written) does not read back: \(error)")
            }
            try check(read.uuid == sample.uuid && read.type == sample.type, "\(written) reads back as another sample")
            try check(
                abs(read.startDate.timeIntervalSince(sample.startDate)) <= 0.0005 + 1e-9
                    && abs(read.endDate.timeIntervalSince(sample.endDate)) <= 0.0005 + 1e-9,
                "\(written) reads back with dates \(read.startDate)–\(read.endDate), written from \(sample.startDate)–\(sample.endDate)"
            )
            let again = text(read)
            try check(again == written, "a sample written as \(written) is written as \(again) once read back")
        }
    }

    /// A refusal must be a client error (4xx) that names the field at fault.
    static func refusalNamesField(_ error: HealthServerError, target: String) throws(ParserFuzzTargets.Violation) {
        try ParserFuzzTargets.check(
            (400..<500).contains(error.status.code), target, "refused with status \(error.status.code): \(error)")
        if case let .invalidField(field, _) = error {
            try ParserFuzzTargets.check(!field.isEmpty, target, "refused naming no field: \(error)")
        }
    }

    /// The sample as the API writes it (quantities in their own unit), without the fields only answers have.
    private static func text(_ sample: Sample) -> String {
        let json = SampleJSON.json(sample, unit: sample.quantity?.unit, timeZone: TimeZone(identifier: "UTC")!)
        var output = ""
        withoutAnswerFields(json).write(to: &output)
        return output
    }

    /// `source` and `valueName` are written in answers only; a body does not give them.
    private static func withoutAnswerFields(_ value: JSONValue) -> JSONValue {
        switch value {
        case let .object(members):
            return .object(
                members.filter { $0.0 != "source" && $0.0 != "valueName" }.map { ($0.0, withoutAnswerFields($0.1)) })
        case let .array(values):
            return .array(values.map(withoutAnswerFields))
        default:
            return value
        }
    }

    private static func check(
        _ condition: Bool, _ message: @autoclosure () -> String
    ) throws(ParserFuzzTargets.Violation) {
        try ParserFuzzTargets.check(condition, "json-samples", message())
    }

    private static func violation(_ message: String) -> ParserFuzzTargets.Violation {
        .init(target: "json-samples", message: message)
    }
}
