import Foundation
import HealthEngine
import HealthModel
import HealthStore
import HealthTestSupport
import Testing

@Suite(
    "Payload samples: electrocardiograms, states of mind, assessments, audiograms are stored as samples on every backend"
)
struct PayloadSampleTests {
    static let app = SourceRevision(
        source: Source(name: "Mood Diary", bundleIdentifier: "com.example.mood"), version: "3.1")
    static let ecgApp = SourceRevision(
        source: Source(name: "ECG", bundleIdentifier: "com.apple.NanoHeartRhythm"), version: "1.90",
        productType: "Watch6,1")

    /// One second of a lead-I trace at 512 Hz in microvolts: a flat baseline with one QRS spike.
    static let voltages: [Double] = (0..<512).map { index in
        let t = Double(index) / 512
        if (0.20..<0.24).contains(t) { return (1180 * sin((t - 0.20) / 0.04 * .pi) * 1000).rounded() / 1000 }
        return (48.673 * sin(t * 2 * .pi) * 1000).rounded() / 1000
    }

    static func electrocardiogram(at start: Date) throws -> Sample {
        try Sample(
            type: .electrocardiogram, startDate: start, endDate: start.addingTimeInterval(1),
            device: Fixture.watchDevice(),
            sourceRevision: ecgApp,
            content: .payload(
                .electrocardiogram(
                    ElectrocardiogramContent(
                        classification: 1, symptomsStatus: 1, averageHeartRate: 62, samplingFrequency: 512,
                        voltages: voltages))))
    }

    static func stateOfMind(valence: Double, at date: Date, labels: [Int] = [7, 24]) throws -> Sample {
        try Sample(
            type: .stateOfMind, startDate: date, endDate: date,
            content: .payload(
                .stateOfMind(StateOfMindContent(kind: 2, valence: valence, labels: labels, associations: [5, 17]))))
    }

    static func assessment(
        _ instrument: ScoredAssessmentContent.Instrument, _ answers: [Int], at date: Date
    ) throws
        -> Sample
    {
        try Sample(
            type: .scoredAssessment(instrument), startDate: date, endDate: date,
            content: .payload(.scoredAssessment(ScoredAssessmentContent(answers: answers))))
    }

    static func audiogram(at date: Date) throws -> Sample {
        let points = [(250.0, 5.0, 8.0), (500, 10, 6), (1000, 5, 0), (2000, 10, 5), (4000, 15, 10), (8000, 20, 15)]
            .map { frequency, left, right in
                AudiogramContent.Point(
                    frequency: frequency,
                    tests: [
                        AudiogramContent.Test(sensitivity: left, side: 0),
                        AudiogramContent.Test(sensitivity: right, side: 1),
                    ])
            }
        return try Sample(
            type: .audiogram, startDate: date, endDate: date.addingTimeInterval(300),
            content: .payload(.audiogram(AudiogramContent(sensitivityPoints: points))))
    }

    @Test(
        "Each kind is saved, read back equal by sample and anchored queries, after reopening too",
        arguments: StorageBackend.allCases)
    func savedAndReadBack(_ backend: StorageBackend) throws {
        let (store, reopen) = try backend.makeReopenableStore()
        let ecg = try Self.electrocardiogram(at: Fixture.at(0))
        try store.saveImported([ecg])
        let saved = [
            try Self.stateOfMind(valence: 0.45, at: Fixture.at(10)),
            try Self.assessment(.gad7, [1, 2, 0, 1, 3, 2, 1], at: Fixture.at(20)),
            try Self.assessment(.phq9, [1, 1, 2, 0, 1, 0, 2, 1, 4], at: Fixture.at(30)),
            try Self.audiogram(at: Fixture.at(40)),
        ]
        let inserted = try store.save(saved, as: Self.app).inserted
        #expect(inserted.count == 4)
        for current in [store, try reopen()] {
            let found = try current.samples(SampleQueryRequest(type: .electrocardiogram))
            #expect(found == [ecg])
            #expect(found.first?.payload == .electrocardiogram(try #require(ecg.payload.flatMap(Self.ecgContent))))
            for sample in inserted {
                #expect(try current.samples(SampleQueryRequest(type: sample.type)) == [sample])
            }
            let changes = try current.changes(
                AnchoredQueryRequest(
                    descriptors: [
                        ecg.type, .stateOfMind, .scoredAssessment(.gad7), .scoredAssessment(.phq9), .audiogram,
                    ]
                    .map { SampleQueryDescriptor(type: $0) }))
            #expect(Set(changes.samples) == Set([ecg] + inserted))
        }
        let gad7 = try #require(inserted[1].payload)
        guard case let .scoredAssessment(content) = gad7 else {
            Issue.record("not an assessment")
            return
        }
        #expect(content.score == 10)
        #expect(ScoredAssessmentContent.Instrument.gad7.risk(forScore: content.score) == 3)  // moderate
        guard case let .scoredAssessment(phq9) = try #require(inserted[2].payload) else { return }
        #expect(phq9.score == 8)  // the declined ninth answer counts nothing
        #expect(ScoredAssessmentContent.Instrument.phq9.risk(forScore: phq9.score) == 2)  // mild
    }

    static func ecgContent(_ payload: SamplePayload) -> ElectrocardiogramContent? {
        if case let .electrocardiogram(content) = payload { return content }
        return nil
    }

    @Test("A deletion reaches anchored queries with the deleted state of mind", arguments: StorageBackend.allCases)
    func deletionIsAnchored(_ backend: StorageBackend) throws {
        let store = backend.makeStore()
        let mood = try Self.stateOfMind(valence: -0.62, at: Fixture.at(5))
        let first = try store.changes(AnchoredQueryRequest(descriptors: [SampleQueryDescriptor(type: .stateOfMind)]))
        try store.save([mood], as: Self.app)
        let saved = try store.changes(
            AnchoredQueryRequest(descriptors: [SampleQueryDescriptor(type: .stateOfMind)], anchor: first.anchor))
        #expect(saved.samples.map(\.uuid) == [mood.uuid])
        try store.delete([mood.uuid])
        let deleted = try store.changes(
            AnchoredQueryRequest(descriptors: [SampleQueryDescriptor(type: .stateOfMind)], anchor: saved.anchor))
        #expect(deleted.samples.isEmpty)
        #expect(deleted.deletions.map(\.uuid) == [mood.uuid])
    }

    @Test(
        "A client without read permission sees none of these kinds, in sample and anchored queries",
        arguments: StorageBackend.allCases)
    func unreadableKindsLookLikeNoData(_ backend: StorageBackend) throws {
        let store = backend.makeStore()
        let kinds: [SampleType] = [.electrocardiogram, .stateOfMind, .scoredAssessment(.gad7), .audiogram]
        store.access.policy = .denyRead(Set(kinds.map(\.identifier)))
        try store.saveImported([try Self.electrocardiogram(at: Fixture.at(0))])
        try store.save(
            [
                try Self.stateOfMind(valence: 0.1, at: Fixture.at(1)),
                try Self.assessment(.gad7, [0, 0, 1, 0, 0, 1, 0], at: Fixture.at(2)),
                try Self.audiogram(at: Fixture.at(3)),
            ], as: Self.app)
        let reader = store.client("com.example.reader")
        store.access.request(client: "com.example.reader", share: [], read: Set(kinds.map(\.identifier)))
        for type in kinds {
            #expect(try reader.samples(SampleQueryRequest(type: type)).isEmpty)
        }
        let changes = try reader.changes(
            AnchoredQueryRequest(descriptors: kinds.map { SampleQueryDescriptor(type: $0) }))
        #expect(changes.samples.isEmpty)
        #expect(try reader.storage.typeSummaries().isEmpty)
        // The store itself sees all four.
        #expect(
            try store.changes(AnchoredQueryRequest(descriptors: kinds.map { SampleQueryDescriptor(type: $0) })).samples
                .count == 4)
    }

    @Test(
        "Predicates on classification, valence, kind, label and association select by content",
        arguments: StorageBackend.allCases)
    func payloadPredicates(_ backend: StorageBackend) throws {
        let store = backend.makeStore()
        try store.saveImported([try Self.electrocardiogram(at: Fixture.at(0))])
        let sad = try Self.stateOfMind(valence: -0.7, at: Fixture.at(10), labels: [27])
        let calm = try Self.stateOfMind(valence: 0.3, at: Fixture.at(20), labels: [7])
        try store.save([sad, calm], as: Self.app)
        func moods(_ condition: PayloadCondition) throws -> [UUID] {
            try store.samples(SampleQueryRequest(type: .stateOfMind, predicate: .payload(condition))).map(\.uuid)
        }
        #expect(try moods(.stateOfMindValence(.lessThan, 0)) == [sad.uuid])
        #expect(try moods(.stateOfMindLabel(7)) == [calm.uuid])
        #expect(try moods(.stateOfMindKind(2)).count == 2)
        #expect(try moods(.stateOfMindAssociation(9)).isEmpty)
        let sinus = try store.samples(
            SampleQueryRequest(type: .electrocardiogram, predicate: .payload(.electrocardiogramClassification(1))))
        #expect(sinus.count == 1)
        let fibrillation = try store.samples(
            SampleQueryRequest(type: .electrocardiogram, predicate: .payload(.electrocardiogramClassification(2))))
        #expect(fibrillation.isEmpty)
    }

    @Test("Electrocardiograms are read-only for apps; invalid content is refused naming the field")
    func refusals() throws {
        let store = StorageBackend.inMemory.makeStore()
        #expect(throws: HealthStoreError.readOnlyType(TypeTable.electrocardiogramTypeIdentifier)) {
            try store.save([try Self.electrocardiogram(at: Fixture.at(0))], as: Self.app)
        }
        #expect(throws: HealthModelError.invalidField(field: "stateOfMind.valence", reason: "1.5 is outside -1.0…1.0"))
        {
            try Self.stateOfMind(valence: 1.5, at: Fixture.at(0))
        }
        #expect(
            throws: HealthModelError.invalidField(
                field: "scoredAssessment.answers",
                reason: "has 6 answers; HKScoredAssessmentTypeIdentifierGAD7 has 7 questions")
        ) {
            try Self.assessment(.gad7, [1, 1, 1, 1, 1, 1], at: Fixture.at(0))
        }
        #expect(
            throws: HealthModelError.invalidField(
                field: "scoredAssessment.answers[3]", reason: "4 is not an answer (0…3)")
        ) {
            try Self.assessment(.phq9, [1, 1, 1, 4, 1, 1, 1, 1, 1], at: Fixture.at(0))
        }
        #expect(StateOfMindContent.valenceClassification(of: -1) == 1)
        #expect(StateOfMindContent.valenceClassification(of: 0) == 4)
        #expect(StateOfMindContent.valenceClassification(of: 1) == 7)
        #expect(StateOfMindContent.valenceClassification(of: 1.01) == nil)
    }
}
