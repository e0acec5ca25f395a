import Foundation
import HealthModel
import HealthWire
import Testing

@Suite("Wire samples")
struct WireSampleTests {
    static let utc = TimeZone(identifier: "UTC")!
    static let start = Date(timeIntervalSince1970: 1_710_057_600)  // 2024-03-10T08:00:00Z

    static func steps(_ value: Double, metadata: [String: MetadataValue]? = nil) throws -> Sample {
        try Sample(
            uuid: UUID(uuidString: "11111111-2222-3333-4444-555555555555")!, type: SampleType.named("stepCount"),
            startDate: start, endDate: start.addingTimeInterval(3600), metadata: metadata,
            device: Device(name: "Watch", model: "Watch7,1"),
            sourceRevision: SourceRevision(source: Source(name: "Steps", bundleIdentifier: "com.example.steps")),
            content: .quantity(QuantityContent(quantity: Quantity(value, try HealthUnit(parsing: "count")))))
    }

    @Test("A sample is written with its members in the documented order, metadata keys sorted")
    func documentedOrder() throws {
        let sample = try Self.steps(
            1200,
            metadata: [
                "zeta": .string("z"), "HKWasUserEntered": .number(1),
                "when": .date(Self.start), "dose": .quantity(Quantity(0.5, try HealthUnit(parsing: "count"))),
            ])
        #expect(
            SampleJSON.json(sample, unit: nil, timeZone: Self.utc).text
                == #"{"uuid":"11111111-2222-3333-4444-555555555555","type":"HKQuantityTypeIdentifierStepCount","#
                + #""startDate":"2024-03-10T08:00:00+00:00","endDate":"2024-03-10T09:00:00+00:00","value":1200,"unit":"count","#
                + #""metadata":{"HKWasUserEntered":1,"dose":{"value":0.5,"unit":"count"},"when":{"date":"2024-03-10T08:00:00+00:00"},"#
                + #""zeta":"z"},"device":{"name":"Watch","model":"Watch7,1"},"#
                + #""source":{"name":"Steps","bundleIdentifier":"com.example.steps"}}"#)
    }

    /// A number and the text the writer gives it (as `JSONValue` always wrote it, not as `JSONEncoder` would: it
    /// writes `-0`, and `1e15` without a fraction).
    static let numbers: [(Double, String)] = [
        (0.1, "0.1"), (1e-7, "1e-07"), (72, "72"), (2.5e-5, "2.5e-05"), (1e16, "1e+16"), (-0.0, "0"),
        (0.30000000000000004, "0.30000000000000004"), (999_999_999_999_999, "999999999999999"),
        (1e15, "1000000000000000.0"), (123_456_789_012_345_678, "1.2345678901234568e+17"),
    ]

    @Test("Numbers are written as JSONValue writes them", arguments: numbers)
    func numberText(_ number: Double, _ text: String) throws {
        #expect(WireEncoder().value(["value": number]).text == #"{"value":\#(text)}"#)
        #expect(JSONValue.number(number).text == text)
    }

    @Test("A payload's content is written with its keys sorted, at one conversion")
    func payloadKeysSorted() throws {
        let sample = try Sample(
            uuid: UUID(uuidString: "11111111-2222-3333-4444-555555555555")!, type: SampleType.named("stateOfMind"),
            startDate: Self.start, endDate: Self.start,
            content: .payload(.stateOfMind(StateOfMindContent(kind: 1, valence: 0.25, labels: [3], associations: [2]))))
        let text = SampleJSON.json(sample, unit: nil, timeZone: Self.utc).text
        #expect(text.hasSuffix(#""stateOfMind":{"associations":[2],"kind":1,"labels":[3],"valence":0.25}}"#), "\(text)")
    }

    @Test("A written sample reads back as the same sample, and is written the same again")
    func roundTrip() throws {
        // `source` is written in answers only; a body does not give it.
        let sample = try Self.steps(0.1, metadata: ["when": .date(Self.start.addingTimeInterval(0.25))])
            .with(sourceRevision: nil)
        let written = SampleJSON.json(sample, unit: nil, timeZone: Self.utc).text
        let read = try WireDecoder(choosesUUIDs: true).decode(WireSample.self, from: Data(written.utf8)).sample
        #expect(read.uuid == sample.uuid && read.quantity == sample.quantity && read.metadata == sample.metadata)
        #expect(read.startDate == sample.startDate && read.device == sample.device)
        #expect(SampleJSON.json(read, unit: nil, timeZone: Self.utc).text == written)
    }

    /// A bad body and the field its refusal must name.
    static let refusals: [(String, String)] = [
        (
            #"{"samples": [{"type": "stepCount", "startDate": "2024-03-10T08:00:00Z", "value": 1, "unit": "km"}]}"#,
            "samples[0].unit"
        ),
        (
            #"{"samples": [{"type": "stepCount", "startDate": "2024-03-10T08:00:00Z", "value": "1", "unit": "count"}]}"#,
            "samples[0].value"
        ),
        (
            #"{"samples": [{"type": "stepCount", "startDate": "2024-03-10T08:00:00Z", "unit": "count"}]}"#,
            "samples[0].value"
        ),
        (
            #"{"samples": [{"type": "stepCount", "startDate": "2024-03-10T08:00:00Z", "value": 1, "units": "count"}]}"#,
            "samples[0].units"
        ),
        (
            #"{"samples": [{"type": "stepCount", "startDate": "2024-03-10T08:00:00Z", "value": 1, "unit": "count", "metadata": {"a": {"date": "soon"}}}]}"#,
            "samples[0].metadata.a.date"
        ),
        (
            #"{"samples": [{"type": "stepCount", "startDate": "2024-03-10T08:00:00Z", "value": 1, "unit": "count", "device": {"name": 3}}]}"#,
            "samples[0].device.name"
        ),
        (
            #"{"samples": [{"type": "bloodPressure", "startDate": "2024-03-10T08:00:00Z", "objects": [{"type": "bloodPressureSystolic", "startDate": "2024-03-10T08:00:00Z", "value": 120, "unit": "kg"}]}]}"#,
            "samples[0].objects[0].unit"
        ),
        (
            #"{"samples": [{"type": "stateOfMind", "startDate": "2024-03-10T08:00:00Z", "stateOfMind": {"kind": 1, "valence": "high", "labels": [], "associations": []}}]}"#,
            "samples[0].stateOfMind.valence"
        ),
        (
            #"{"samples": [{"type": "stateOfMind", "startDate": "2024-03-10T08:00:00Z", "stateOfMind": {"kind": 1, "valence": 3, "labels": [], "associations": []}}]}"#,
            "samples[0].stateOfMind.valence"
        ),
        (
            #"{"samples": [{"type": "workout", "startDate": "2024-03-10T08:00:00Z", "activityType": "running", "events": [{"type": "nap", "startDate": "2024-03-10T08:00:00Z"}]}]}"#,
            "samples[0].events[0].type"
        ),
        (#"{"samples": {"type": "stepCount"}}"#, "samples"),
        (#"{"samples": []}"#, "samples"),
        (#"[1, 2]"#, "body"),
        (#"{"samples": [{"type": "stepCount", "#, "body"),
    ]

    @Test("A refused body names the field at fault", arguments: refusals)
    func refusalNamesField(_ body: String, _ field: String) {
        #expect {
            _ = try WireDecoder(choosesUUIDs: true).decode(SaveSamplesBody.self, from: Data(body.utf8))
        } throws: { error in
            guard let error = error as? WireError else { return false }
            if case let .model(model, at) = error {
                let named = "\(at).\(model)"
                return named.contains(field) || field.hasPrefix(at)
            }
            return error.field == field
        }
    }

    @Test("A batch over the limit is refused before any sample is read")
    func batchLimitFirst() {
        let bad = #"{"type": "stepsTaken"}"#
        let body = #"{"samples": [\#(bad), \#(bad), \#(bad)]}"#
        #expect(throws: WireError.tooMany(field: "samples", count: 3, maximum: 2)) {
            try WireDecoder(maximumSamples: 2).decode(SaveSamplesBody.self, from: Data(body.utf8))
        }
    }

    @Test("A uuid is refused unless the client chooses its identifiers")
    func uuidNeedsFullAccess() {
        let body =
            #"{"samples": [{"uuid": "11111111-2222-3333-4444-555555555555", "type": "stepCount", "startDate": "2024-03-10T08:00:00Z", "value": 1, "unit": "count"}]}"#
        #expect(throws: WireError.self) {
            try WireDecoder(choosesUUIDs: false).decode(SaveSamplesBody.self, from: Data(body.utf8))
        }
        #expect((try? WireDecoder(choosesUUIDs: true).decode(SaveSamplesBody.self, from: Data(body.utf8))) != nil)
    }
}
