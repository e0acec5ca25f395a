import Foundation
import HealthEngine
import HealthModel
import HealthStore
import HealthStoreSQLite
import HealthTestSupport
import Testing

@Suite("Imported records: activity summaries, characteristics, export information, kept elements, clinical documents")
struct ImportedRecordsTests {
    static let workout = UUID(uuidString: "00000000-0000-8000-8000-000000000001")!
    static let hrvSample = UUID(uuidString: "00000000-0000-8000-8000-000000000002")!
    static let routeID = UUID(uuidString: "00000000-0000-8000-8000-000000000003")!

    static func summary(day: Int, energy: Double, unit: HealthUnit = .kilocalorie) throws -> ActivitySummary {
        try ActivitySummary(
            day: DateComponents(year: 2024, month: 3, day: day), activeEnergyBurned: Quantity(energy, unit),
            activeEnergyBurnedGoal: Quantity(500, .kilocalorie), appleMoveTime: Quantity(0, .minute),
            appleMoveTimeGoal: Quantity(0, .minute),
            appleExerciseTime: Quantity(31.5, .minute), appleExerciseTimeGoal: Quantity(30, .minute),
            appleStandHours: Quantity(11, .count), appleStandHoursGoal: Quantity(12, .count))
    }

    static func sample() throws -> ImportedData {
        var data = ImportedData()
        data.activitySummaries = [
            try summary(day: 9, energy: 410), try summary(day: 10, energy: 1_700, unit: .joule(.kilo)),
            try summary(day: 12, energy: 388.5),
        ]
        data.characteristics = [
            "HKCharacteristicTypeIdentifierDateOfBirth": "1989-04-24",
            "HKCharacteristicTypeIdentifierBiologicalSex": "HKBiologicalSexFemale",
        ]
        data.exportInformation = ExportInformation(exportDate: Fixture.at(60), locale: "en_ZA")
        let audiogram = ExportElement(
            name: "Audiogram", attributes: [("type", "HKDataTypeIdentifierAudiogram"), ("sourceName", "Mimi")],
            children: [ExportElement(name: "SensitivityPoint", attributes: [("frequencyValue", "125")], line: 4)],
            line: 3)
        let activity = ExportElement(name: "WorkoutActivity", attributes: [("uuid", "A1")], line: 9)
        data.keptElements = [
            KeptElement(
                identity: UUID(uuidString: "00000000-0000-8000-8000-0000000000A1")!, parent: nil, element: audiogram),
            KeptElement(
                identity: UUID(uuidString: "00000000-0000-8000-8000-0000000000A2")!, parent: workout, element: activity),
        ]
        data.clinicalDocuments = [try document(start: 120)]
        return data
    }

    static func document(start: TimeInterval) throws -> ClinicalDocument {
        try ClinicalDocument(
            uuid: UUID(uuidString: "00000000-0000-8000-8000-0000000000C\(Int(start) % 10)")!,
            startDate: Fixture.at(start),
            endDate: Fixture.at(start + 60), title: "Summary", patientName: "Alex", authorName: "Dr. Who",
            custodianName: "Clinic", data: Data("<ClinicalDocument>\u{0}\u{FF}</ClinicalDocument>".utf8))
    }

    static func expectEverything(_ storage: HealthDataStore, _ data: ImportedData) throws {
        let march = try storage.records.activitySummaries(
            from: DateComponents(year: 2024, month: 3, day: 1), through: DateComponents(year: 2024, month: 3, day: 31))
        #expect(march == data.activitySummaries)
        #expect(
            try storage.records.activitySummaries(
                from: DateComponents(year: 2024, month: 3, day: 10),
                through: DateComponents(year: 2024, month: 3, day: 12)
            )
            .map { $0.day.day } == [10, 12])
        #expect(try storage.records.characteristics() == data.characteristics)
        #expect(try storage.records.exportInformation() == data.exportInformation)
        #expect(try storage.records.keptElements(parent: nil) == data.keptElements)
        #expect(try storage.records.keptElements(parent: workout) == [data.keptElements[1]])
        #expect(try storage.records.clinicalDocuments() == data.clinicalDocuments)
        #expect(
            try storage.importedDataCounts()
                == ImportedDataCounts(activitySummaries: 3, characteristics: 2, keptElements: 2))
    }

    @Test(
        "Everything saved reads back exactly, by day range, workout, route, sample and parent",
        arguments: StorageBackend.allCases)
    func readsBackWhatWasSaved(_ backend: StorageBackend) throws {
        let storage = backend.makeStore()
        #expect(try storage.records.exportInformation() == nil)
        #expect(try storage.importedDataCounts() == ImportedDataCounts())
        let data = try Self.sample()
        try storage.saveImportedData(data)
        try Self.expectEverything(storage, data)
    }

    @Test(
        "Saving the same data again changes nothing; a day's new summary and a characteristic's new value replace the old",
        arguments: StorageBackend.allCases)
    func savingAgainReplacesByKey(_ backend: StorageBackend) throws {
        let storage = backend.makeStore()
        let data = try Self.sample()
        try storage.saveImportedData(data)
        try storage.saveImportedData(data)
        try Self.expectEverything(storage, data)
        var newer = ImportedData()
        newer.activitySummaries = [try Self.summary(day: 12, energy: 512)]
        newer.characteristics = ["HKCharacteristicTypeIdentifierDateOfBirth": "1989-04-25"]
        try storage.saveImportedData(newer)
        let day12 = try storage.records.activitySummaries(
            from: DateComponents(year: 2024, month: 3, day: 12), through: DateComponents(year: 2024, month: 3, day: 12))
        #expect(day12.map(\.activeEnergyBurned) == [Quantity(512, .kilocalorie)])
        #expect(try storage.records.characteristics()["HKCharacteristicTypeIdentifierDateOfBirth"] == "1989-04-25")
        #expect(try storage.records.characteristics().count == 2)
        #expect(try storage.importedDataCounts().activitySummaries == 3)
        #expect(try storage.records.exportInformation() == data.exportInformation)
    }

    @Test("An SQLite store keeps all of it after being opened again")
    func sqliteKeepsItAfterReopening() throws {
        let path = TemporaryStoreFolder.newPath("imported")
        let data = try Self.sample()
        do {
            let storage = try SQLiteStorage(path: path)
            try HealthDataStore(storage: storage).saveImportedData(data)
        }
        let reopened = try SQLiteStorage(path: path)
        try Self.expectEverything(HealthDataStore(storage: reopened), data)
        #expect(try reopened.integrityProblems().isEmpty)
    }

    @Test(
        "The uuid lookup gives the sequence of each stored sample and leaves out the others",
        arguments: StorageBackend.allCases)
    func storedSequencesOfUUIDs(_ backend: StorageBackend) throws {
        let store = backend.makeStore()
        let first = try Fixture.steps(10, from: Fixture.at(0))
        let second = try Fixture.steps(20, from: Fixture.at(5))
        try store.save([first], as: Fixture.watch)
        try store.save([second], as: Fixture.watch)
        let missing = UUID()
        let sequences = try store.storage.storedSequences(withUUIDs: [first.uuid, second.uuid, missing])
        #expect(sequences.count == 2)
        #expect(sequences[missing] == nil)
        let firstSequence = try #require(sequences[first.uuid])
        let secondSequence = try #require(sequences[second.uuid])
        #expect(firstSequence < secondSequence)
        #expect(secondSequence == (try store.storage.latestSequence()))
    }

    @Test(
        "Saving imported data is one commit of records: the change sequence advances once per record and observers hear it",
        arguments: StorageBackend.allCases)
    func savingIsOneHeardCommit(_ backend: StorageBackend) async throws {
        let store = backend.makeStore()
        var commits = store.commits().makeAsyncIterator()
        let before = try store.changeLog.latestSequence()
        let data = try Self.sample()
        try store.saveImportedData(data)
        // 3 summaries, 2 characteristics, 1 document, the export information, 2 kept elements.
        #expect(try store.changeLog.latestSequence() == before + 9)
        let heard = try #require(await commits.next())
        #expect(heard.latestSequence == before + 9)
        #expect(
            Set(heard.records.map(\.kind)) == [
                ActivitySummaryRecord.name, CharacteristicRecord.name, ClinicalDocumentRecord.name,
                ExportInformationRecord.name, KeptElementRecord.name,
            ])
        #expect(heard.records.map(\.sequence) == Array((before + 1)...(before + 9)))
        // Saving the same data again commits nothing; a changed summary is one put, heard.
        try store.saveImportedData(data)
        #expect(try store.changeLog.latestSequence() == before + 9)
        var newer = data
        newer.activitySummaries[0] = try Self.summary(day: 9, energy: 420)
        try store.saveImportedData(newer)
        #expect(try store.changeLog.latestSequence() == before + 10)
        let again = try #require(await commits.next())
        #expect(again.records.map(\.kind) == [ActivitySummaryRecord.name])
        #expect(try store.records.keptElements(parent: nil) == data.keptElements)
    }

    @Test(
        "Kept elements read in the order first saved, across saves, and one saved twice in a batch is kept once",
        arguments: StorageBackend.allCases)
    func keptElementsKeepTheirFirstOrder(_ backend: StorageBackend) throws {
        let store = backend.makeStore()
        func kept(_ index: Int) -> KeptElement {
            // Identities that sort against the order of saving, so that a key order would show.
            KeptElement(
                identity: UUID(uuidString: String(format: "00000000-0000-8000-8000-%012X", 100 - index))!,
                parent: index.isMultiple(of: 2) ? Self.workout : nil,
                element: ExportElement(name: "Kept", attributes: [("index", "\(index)")], line: index))
        }
        var first = ImportedData()
        first.keptElements = [kept(1), kept(2), kept(1), kept(3)]
        try store.saveImportedData(first)
        var second = ImportedData()
        second.keptElements = [kept(4), kept(2), kept(5)]
        try store.saveImportedData(second)
        #expect(try store.records.keptElements(parent: nil) == [1, 2, 3, 4, 5].map(kept))
        #expect(try store.records.keptElements(parent: Self.workout) == [2, 4].map(kept))
        #expect(try store.importedDataCounts().keptElements == 5)
    }

    @Test(
        "Activity summaries are read by day range across months and years, a day's key sorting as the day does",
        arguments: StorageBackend.allCases)
    func activitySummaryRanges(_ backend: StorageBackend) throws {
        let store = backend.makeStore()
        func summary(_ year: Int, _ month: Int, _ day: Int) throws -> ActivitySummary {
            try ActivitySummary(
                day: DateComponents(year: year, month: month, day: day), activeEnergyBurned: Quantity(1, .kilocalorie),
                activeEnergyBurnedGoal: Quantity(2, .kilocalorie), appleMoveTime: Quantity(0, .minute),
                appleMoveTimeGoal: Quantity(0, .minute), appleExerciseTime: Quantity(3, .minute),
                appleExerciseTimeGoal: Quantity(30, .minute), appleStandHours: Quantity(4, .count),
                appleStandHoursGoal: Quantity(12, .count), moveMode: .appleMoveTime, isPaused: true)
        }
        var data = ImportedData()
        data.activitySummaries = [
            try summary(2024, 10, 5), try summary(999, 1, 1), try summary(2023, 12, 31), try summary(2024, 1, 1),
        ]
        try store.saveImportedData(data)
        let days = try store.records.activitySummaries(
            from: DateComponents(year: 2023, month: 12, day: 31), through: DateComponents(year: 2024, month: 9, day: 30)
        )
        #expect(days == [data.activitySummaries[2], data.activitySummaries[3]])
        let all = try store.records.activitySummaries(
            from: DateComponents(year: 1, month: 1, day: 1), through: DateComponents(year: 9_999, month: 12, day: 31))
        #expect(all.map { $0.day.year } == [999, 2023, 2024, 2024])
    }

    @Test(
        "A client without the grants sees none of the imported data; each grant shows what it covers",
        arguments: StorageBackend.allCases)
    func clientsSeeWhatTheirGrantsCover(_ backend: StorageBackend) throws {
        let store = backend.makeStore()
        let data = try Self.sample()
        try store.saveImportedData(data)
        let days = (DateComponents(year: 2024, month: 1, day: 1), DateComponents(year: 2024, month: 12, day: 31))
        let dateOfBirth = "HKCharacteristicTypeIdentifierDateOfBirth"

        store.access.policy = .denyAll
        let denied = store.client("com.example.denied")
        store.access.request(
            client: "com.example.denied", share: [],
            read: [TypeTable.activitySummaryTypeIdentifier, dateOfBirth, SampleType.clinicalDocument.identifier])
        #expect(try denied.records.activitySummaries(from: days.0, through: days.1).isEmpty)
        #expect(try denied.records.characteristics().isEmpty)
        #expect(try denied.characteristic(dateOfBirth) == nil)
        #expect(try denied.records.clinicalDocuments().isEmpty)
        #expect(try denied.records.exportInformation() == nil)
        #expect(try denied.records.keptElements(parent: nil).isEmpty)
        #expect(throws: HealthStoreError.self) { try denied.importedDataCounts() }
        #expect(throws: HealthStoreError.self) { try denied.saveImportedData(data) }

        store.access.policy = .grantAll
        let allowed = store.client("com.example.allowed")
        store.access.request(
            client: "com.example.allowed", share: [],
            read: [TypeTable.activitySummaryTypeIdentifier, dateOfBirth, SampleType.clinicalDocument.identifier])
        #expect(try allowed.records.activitySummaries(from: days.0, through: days.1) == data.activitySummaries)
        #expect(try allowed.records.characteristics() == [dateOfBirth: "1989-04-24"])
        #expect(try allowed.records.clinicalDocuments() == data.clinicalDocuments)
        // Export information and kept elements are the store's own: full access only.
        #expect(try allowed.records.exportInformation() == nil)
        #expect(try allowed.records.keptElements(parent: nil).isEmpty)
        #expect(throws: HealthStoreError.self) { try allowed.saveImportedData(data) }
    }
}
