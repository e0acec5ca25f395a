import Foundation
import HealthModel
import HealthWire
import Testing

@Suite("Wire encoder")
struct WireEncoderTests {
    /// Members declared out of alphabetical order, nested, in arrays, optional.
    struct Outer: Encodable {
        struct Inner: Encodable {
            let zulu: Int
            let alpha: [Double]
        }

        let type: String
        let inner: Inner
        let list: [Inner]
        let missing: String?
        let flag: Bool
    }

    @Test("Members are written in the order encoded, at every depth; an absent optional is left out")
    func keepsOrder() {
        let value = Outer(
            type: "t", inner: .init(zulu: 1, alpha: [0.5]), list: [.init(zulu: 2, alpha: [])], missing: nil, flag: true)
        #expect(
            WireEncoder().text(value)
                == #"{"type":"t","inner":{"zulu":1,"alpha":[0.5]},"list":[{"zulu":2,"alpha":[]}],"flag":true}"#)
        #expect(WireEncoder().value(value).text == WireEncoder().text(value))
        #expect(
            WireEncoder(sortsKeys: true).text(value)
                == #"{"flag":true,"inner":{"alpha":[0.5],"zulu":1},"list":[{"alpha":[],"zulu":2}],"type":"t"}"#)
    }

    @Test("Text is escaped as JSON needs and no more (no \\/)")
    func escapesText() {
        #expect(WireEncoder().text(["a/b\u{1}\"\n\\é"]) == #"["a/b\u0001\"\n\\é"]"#)
    }

    @Test("A page's last cursor and a default source order are written as null")
    func nullMembers() {
        #expect(
            WireEncoder().text(SamplesPage(type: "t", samples: [], nextCursor: nil))
                == #"{"type":"t","samples":[],"nextCursor":null}"#)
        #expect(
            WireEncoder().text(
                SourcesAnswer(type: "t", order: nil, sources: [Source(name: "n", bundleIdentifier: "b")]))
                == #"{"type":"t","order":null,"sources":[{"name":"n","bundleIdentifier":"b"}]}"#)
    }

    @Test("The error body keeps its documented shape, limit members before the field")
    func errorBody() {
        let limit = ErrorBody.Limit(name: "maximumBatchSamples", maximum: 3, requested: 4, retryAfter: nil)
        #expect(
            WireEncoder().text(
                ErrorBody(
                    status: 413, code: "limitExceeded", limit: limit, field: "samples", message: "m", requestId: "r"))
                == #"{"error":{"status":413,"code":"limitExceeded","limit":"maximumBatchSamples","maximum":3,"requested":4,"field":"samples","message":"m","requestId":"r"}}"#
        )
        #expect(
            WireEncoder().text(ErrorBody(status: 400, code: "invalidField", field: nil, message: "m", requestId: nil))
                == #"{"error":{"status":400,"code":"invalidField","message":"m"}}"#)
    }

    @Test("A settings body names the member it refuses")
    func settingsRefusals() {
        #expect(throws: WireError.invalidField(field: "units", reason: "must be a JSON object (types to units)")) {
            try WireDecoder().decode(PreferredUnitsBody.self, from: Data(#"{"units": null}"#.utf8))
        }
        #expect(throws: WireError.self) {
            try WireDecoder().decode(PreferredUnitsBody.self, from: Data(#"{"unit": {}}"#.utf8))
        }
        #expect(
            throws: WireError.invalidField(field: "HKCharacteristicTypeIdentifierBloodType", reason: "must be a string")
        ) {
            try WireDecoder().decode(
                CharacteristicsBody.self, from: Data(#"{"HKCharacteristicTypeIdentifierBloodType": 3}"#.utf8))
        }
        #expect(throws: WireError.invalidField(field: "uuids[1]", reason: "'x' is not a UUID")) {
            try WireDecoder().decode(
                DeleteSamplesBody.self, from: Data(#"{"uuids": ["11111111-2222-3333-4444-555555555555", "x"]}"#.utf8))
        }
    }
}
