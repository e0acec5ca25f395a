import Foundation
import HealthEngine
import HealthModel
import HealthStore
import HealthStoreSQLite
import HealthTestSupport
import Testing

@Suite("Data besides samples: activity summaries, routes, heartbeat series, characteristics, kept elements")
struct ImportedDataStorageTests {
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
        return data
    }

    static func expectEverything(_ storage: any HealthStorage, _ data: ImportedData) throws {
        let march = try storage.activitySummaries(
            from: DateComponents(year: 2024, month: 3, day: 1), through: DateComponents(year: 2024, month: 3, day: 31))
        #expect(march == data.activitySummaries)
        #expect(
            try storage.activitySummaries(
                from: DateComponents(year: 2024, month: 3, day: 10),
                through: DateComponents(year: 2024, month: 3, day: 12)
            )
            .map { $0.day.day } == [10, 12])
        #expect(try storage.characteristics() == data.characteristics)
        #expect(try storage.exportInformation() == data.exportInformation)
        #expect(try storage.keptElements(parent: nil) == data.keptElements)
        #expect(try storage.keptElements(parent: workout) == [data.keptElements[1]])
        #expect(
            try storage.importedDataCounts()
                == ImportedDataCounts(activitySummaries: 3, characteristics: 2, keptElements: 2))
    }

    @Test(
        "Everything saved reads back exactly, by day range, workout, route, sample and parent",
        arguments: StorageBackend.allCases)
    func readsBackWhatWasSaved(_ backend: StorageBackend) throws {
        let storage = backend.makeStore().storage
        #expect(try storage.exportInformation() == nil)
        #expect(try storage.importedDataCounts() == ImportedDataCounts())
        let data = try Self.sample()
        try storage.saveImportedData(data)
        try Self.expectEverything(storage, data)
    }

    @Test(
        "Saving the same data again changes nothing; a day's new summary and a characteristic's new value replace the old",
        arguments: StorageBackend.allCases)
    func savingAgainReplacesByKey(_ backend: StorageBackend) throws {
        let storage = backend.makeStore().storage
        let data = try Self.sample()
        try storage.saveImportedData(data)
        try storage.saveImportedData(data)
        try Self.expectEverything(storage, data)
        var newer = ImportedData()
        newer.activitySummaries = [try Self.summary(day: 12, energy: 512)]
        newer.characteristics = ["HKCharacteristicTypeIdentifierDateOfBirth": "1989-04-25"]
        try storage.saveImportedData(newer)
        let day12 = try storage.activitySummaries(
            from: DateComponents(year: 2024, month: 3, day: 12), through: DateComponents(year: 2024, month: 3, day: 12))
        #expect(day12.map(\.activeEnergyBurned) == [Quantity(512, .kilocalorie)])
        #expect(try storage.characteristics()["HKCharacteristicTypeIdentifierDateOfBirth"] == "1989-04-25")
        #expect(try storage.characteristics().count == 2)
        #expect(try storage.importedDataCounts().activitySummaries == 3)
        #expect(try storage.exportInformation() == data.exportInformation)
    }

    @Test("An SQLite store keeps all of it after being opened again")
    func sqliteKeepsItAfterReopening() throws {
        let path = TemporaryStoreFolder.newPath("imported")
        let data = try Self.sample()
        do {
            let storage = try SQLiteStorage(path: path)
            try storage.saveImportedData(data)
        }
        let reopened = try SQLiteStorage(path: path)
        try Self.expectEverything(reopened, data)
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
}
