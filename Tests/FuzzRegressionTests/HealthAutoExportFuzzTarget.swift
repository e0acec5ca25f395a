import Foundation
import HealthModel
import HealthWire

@testable import HealthServer

/// Health Auto Export payloads (`HealthAutoExportPayload`): a refusal is a 4xx naming the field; every sample read
/// carries the sync identifier and version that make a re-sent payload idempotent.
enum HealthAutoExportFuzzTarget {
    static func run(_ data: Data) throws(ParserFuzzTargets.Violation) {
        let payload: HealthAutoExportPayload
        do {
            payload = try HealthAPI.decoded(HealthAutoExportPayload.self, from: data)
        } catch {
            try SampleJSONFuzzTarget.refusalNamesField(error, target: "health-auto-export")
            return
        }
        for sample in payload.samples + payload.readOnlySamples.map { $0.sample } {
            guard case let .string(identifier)? = sample.metadata?[MetadataKey.syncIdentifier],
                identifier.hasPrefix("hae:"),
                case .number(1)? = sample.metadata?[MetadataKey.syncVersion]
            else {
                throw ParserFuzzTargets.Violation(
                    target: "health-auto-export", message: "a sample has no sync identifier and version: \(sample)")
            }
            try ParserFuzzTargets.check(
                sample.endDate >= sample.startDate, "health-auto-export", "a sample ends before it starts: \(sample)")
        }
        let uuids = Set(payload.samples.map(\.uuid))
        for (workout, members) in payload.workoutMembers {
            try ParserFuzzTargets.check(
                uuids.contains(workout) && members.allSatisfy(uuids.contains), "health-auto-export",
                "a workout association names a sample the payload does not save")
        }
        for skipped in payload.skipped {
            try ParserFuzzTargets.check(
                !skipped.field.isEmpty, "health-auto-export", "a skipped part names no field: \(skipped.reason)")
        }
    }
}
