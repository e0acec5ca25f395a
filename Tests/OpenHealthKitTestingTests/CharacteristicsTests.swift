import Foundation
import HealthModel
import HealthStore
import HealthTestSupport
import OpenHealthKit
import OpenHealthKitTesting
import Testing

@Suite("Characteristics: biological sex, blood type, date of birth, skin type, wheelchair use, move mode")
struct CharacteristicsTests {
    static let morning = Date(timeIntervalSince1970: 1_710_255_600)
    static let app = HKSource(Source(name: "Profile", bundleIdentifier: "com.example.profile"))

    /// A small export whose `Me` element sets four characteristics, as the Health app writes it.
    static func exportWithMe() throws -> URL {
        let folder = try TemporaryStoreFolder.newFolder("characteristics")
        let url = folder.appendingPathComponent("export.xml")
        let xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <HealthData locale="en_GB">
             <ExportDate value="2024-03-12 09:00:00 +0000"/>
             <Me HKCharacteristicTypeIdentifierDateOfBirth="1985-06-01" HKCharacteristicTypeIdentifierBiologicalSex="HKBiologicalSexFemale" HKCharacteristicTypeIdentifierBloodType="HKBloodTypeAPositive" HKCharacteristicTypeIdentifierFitzpatrickSkinType="HKFitzpatrickSkinTypeIII" HKCharacteristicTypeIdentifierCardioFitnessMedicationsUse="None"/>
             <Record type="HKQuantityTypeIdentifierStepCount" sourceName="iPhone" unit="count" creationDate="2024-03-11 09:10:00 +0000" startDate="2024-03-11 09:00:00 +0000" endDate="2024-03-11 09:10:00 +0000" value="812"/>
            </HealthData>
            """
        try Data(xml.utf8).write(to: url)
        return url
    }

    func noData(_ body: () throws -> Void) -> Bool {
        do {
            try body()
        } catch let error as HKError {
            return error.code == .errorNoData
        } catch {}
        return false
    }

    @Test(
        "An export's Me element gives the characteristics; the full-access app reads them",
        arguments: StorageBackend.allCases)
    func fromExport(_ backend: StorageBackend) throws {
        let bench = HealthKitTestBench(storage: try backend.makeStorage(), start: Self.morning)
        try bench.seedExport(at: try Self.exportWithMe())
        let healthStore = bench.healthStore()
        #expect(try healthStore.biologicalSex().biologicalSex == .female)
        #expect(try healthStore.bloodType().bloodType == .aPositive)
        #expect(try healthStore.fitzpatrickSkinType().skinType == .III)
        let birth = try healthStore.dateOfBirthComponents()
        #expect([birth.year, birth.month, birth.day] == [1985, 6, 1])
        #expect(birth.calendar?.identifier == .gregorian)
        // Not in the export: HealthKit's answers for no value.
        #expect(try healthStore.wheelchairUse().wheelchairUse == .notSet)
        #expect(try healthStore.activityMoveMode().activityMoveMode == .activeEnergy)
    }

    @Test(
        "An app reads a characteristic only after asking: not asked is errorAuthorizationNotDetermined, denied looks like not set",
        arguments: StorageBackend.allCases)
    func appPermissions(_ backend: StorageBackend) async throws {
        let denied: Set<String> = [
            HKCharacteristicTypeIdentifier.bloodType.rawValue, HKCharacteristicTypeIdentifier.dateOfBirth.rawValue,
        ]
        let bench = HealthKitTestBench(
            storage: try backend.makeStorage(), start: Self.morning, policy: .denyRead(denied))
        try bench.seedExport(at: try Self.exportWithMe())
        let healthStore = bench.healthStore(for: Self.app)
        #expect {
            try healthStore.biologicalSex()
        } throws: { ($0 as? HKError)?.code == .errorAuthorizationNotDetermined }
        try await healthStore.requestAuthorization(
            toShare: [],
            read: [
                HKCharacteristicType(.biologicalSex), HKCharacteristicType(.bloodType),
                HKCharacteristicType(.dateOfBirth),
            ])
        #expect(try healthStore.biologicalSex().biologicalSex == .female)
        // Denied: the same answers as a person who set nothing.
        #expect(try healthStore.bloodType().bloodType == .notSet)
        #expect(noData { _ = try healthStore.dateOfBirthComponents() })
        // Never asked for.
        #expect {
            try healthStore.fitzpatrickSkinType()
        } throws: { ($0 as? HKError)?.code == .errorAuthorizationNotDetermined }
        // Apps read characteristics; only the person (the bench, a full-access client) sets them.
        #expect(throws: HealthStoreError.self) { try healthStore.dataStore.setCharacteristics(["x": "y"]) }
    }

    @Test(
        "The real comocomo export's Me sets nothing: every characteristic reads as not set",
        .enabled(if: SharedFixtures.available, SharedFixtures.absentReason), arguments: StorageBackend.allCases)
    func realExportSetsNothing(_ backend: StorageBackend) throws {
        let bench = HealthKitTestBench(storage: try backend.makeStorage(), start: Self.morning)
        try bench.seedExport(at: SharedFixtures.url("comocomo-export.xml"))
        let healthStore = bench.healthStore()
        #expect(try healthStore.biologicalSex().biologicalSex == .notSet)
        #expect(try healthStore.bloodType().bloodType == .notSet)
        #expect(try healthStore.fitzpatrickSkinType().skinType == .notSet)
        // Its DateOfBirth attribute is empty.
        #expect(noData { _ = try healthStore.dateOfBirthComponents() })
    }

    @Test(
        "The bench sets characteristics as the Health app's profile does; .notSet clears one",
        arguments: StorageBackend.allCases)
    func benchSetsThem(_ backend: StorageBackend) throws {
        let bench = HealthKitTestBench(storage: try backend.makeStorage(), start: Self.morning)
        try bench.setCharacteristics(
            biologicalSex: .male, bloodType: .oNegative, dateOfBirth: DateComponents(year: 1990, month: 2, day: 28),
            fitzpatrickSkinType: .VI, wheelchairUse: .yes, activityMoveMode: .appleMoveTime)
        let healthStore = bench.healthStore()
        #expect(try healthStore.biologicalSex().biologicalSex == .male)
        #expect(try healthStore.bloodType().bloodType == .oNegative)
        #expect(try healthStore.fitzpatrickSkinType().skinType == .VI)
        #expect(try healthStore.wheelchairUse().wheelchairUse == .yes)
        #expect(try healthStore.activityMoveMode().activityMoveMode == .appleMoveTime)
        let birth = try healthStore.dateOfBirthComponents()
        #expect([birth.year, birth.month, birth.day] == [1990, 2, 28])
        try bench.setCharacteristics(bloodType: .notSet, wheelchairUse: .no)
        #expect(try healthStore.bloodType().bloodType == .notSet)
        #expect(try healthStore.wheelchairUse().wheelchairUse == .no)
        #expect(try healthStore.biologicalSex().biologicalSex == .male)
        #expect(throws: HKError.self) { try bench.setCharacteristics(dateOfBirth: DateComponents(year: 1990)) }
        #expect(throws: HKError.self) {
            try bench.setCharacteristics(dateOfBirth: DateComponents(year: 1990, month: 2, day: 30))
        }
        #expect([try healthStore.dateOfBirthComponents()].map { [$0.year, $0.month, $0.day] } == [[1990, 2, 28]])
    }
}
