import Foundation
import HealthModel
import HealthStore
import HealthTestSupport
import OpenHealthKit
import Testing

@Suite("HKVisionPrescription: glasses and contacts, read object by object")
struct VisionPrescriptionTests {
    /// 2024-03-09 08:00 UTC.
    static let issued = Date(timeIntervalSince1970: 1_709_971_200)
    static func app(_ name: String) -> HKSource {
        HKSource(Source(name: name, bundleIdentifier: "com.example.\(name.lowercased())"))
    }

    static func glasses() -> HKGlassesPrescription {
        let diopter = HKUnit(from: "D")
        let millimeter = HKUnit(from: "mm")
        let right = HKGlassesLensSpecification(
            sphere: HKQuantity(unit: diopter, doubleValue: -0.75),
            cylinder: HKQuantity(unit: diopter, doubleValue: -0.5),
            axis: HKQuantity(unit: HKUnit(from: "deg"), doubleValue: 155),
            addPower: HKQuantity(unit: diopter, doubleValue: 2),
            vertexDistance: HKQuantity(unit: millimeter, doubleValue: 14),
            prism: HKVisionPrism(
                amount: HKQuantity(unit: HKUnit(from: "pD"), doubleValue: 0.25),
                angle: HKQuantity(unit: HKUnit(from: "deg"), doubleValue: 90), eye: .right),
            farPupillaryDistance: HKQuantity(unit: millimeter, doubleValue: 27),
            nearPupillaryDistance: HKQuantity(unit: millimeter, doubleValue: 25))
        let left = HKGlassesLensSpecification(
            sphere: HKQuantity(unit: diopter, doubleValue: -1.25), cylinder: nil, axis: nil, addPower: nil,
            vertexDistance: nil, prism: nil, farPupillaryDistance: nil, nearPupillaryDistance: nil)
        return HKGlassesPrescription(
            rightEyeSpecification: right, leftEyeSpecification: left, dateIssued: issued,
            expirationDate: issued.addingTimeInterval(2 * 365 * 86_400), device: nil, metadata: nil)
    }

    @Test(
        "The saving app reads its prescription; another app sees none until the person grants it the object",
        arguments: StorageBackend.allCases)
    func perObjectAuthorization(_ backend: StorageBackend) async throws {
        let store = backend.makeStore()
        let type = HKObjectType.visionPrescriptionType()
        #expect(type.requiresPerObjectAuthorization())
        #expect(!HKObjectType.stateOfMindType().requiresPerObjectAuthorization())
        let optician = HKHealthStore(dataStore: store, client: Self.app("Optician"))
        try await optician.requestAuthorization(toShare: [type], read: [type])
        let prescription = Self.glasses()
        try await optician.save(prescription)
        let own = try await HKSampleQueryDescriptor(predicates: [.sample(type: type)], sortDescriptors: [])
            .result(for: optician)
        let read = try #require(own.first as? HKGlassesPrescription)
        #expect(read.prescriptionType == .glasses)
        #expect(read.dateIssued == Self.issued)
        #expect(read.rightEye?.sphere.doubleValue(for: HKUnit(from: "D")) == -0.75)
        #expect(read.rightEye?.axis?.doubleValue(for: HKUnit(from: "deg")) == 155)
        #expect(read.rightEye?.prism?.verticalBase == .up)
        #expect(read.rightEye?.prism?.horizontalBase == HKPrismBase.none)
        #expect(read.leftEye?.cylinder == nil)

        // Another app asked to read the type by type: it still sees nothing (no whole-type grant exists).
        let reader = HKHealthStore(dataStore: store, client: Self.app("Frames"))
        try await reader.requestAuthorization(toShare: [], read: [type])
        #expect(
            try await HKSampleQueryDescriptor(predicates: [.sample(type: type)], sortDescriptors: []).result(
                for: reader
            ).isEmpty)
        // After the person grants the object, it reads it; a later prescription needs a new request.
        try await reader.requestPerObjectReadAuthorization(for: type, predicate: nil)
        let granted = try await HKSampleQueryDescriptor(predicates: [.sample(type: type)], sortDescriptors: [])
            .result(for: reader)
        #expect(granted.map(\.uuid) == [prescription.uuid])
        let later = HKVisionPrescription(
            type: .contacts, dateIssued: Self.issued.addingTimeInterval(86_400), expirationDate: nil, device: nil,
            metadata: nil)
        try await optician.save(later)
        #expect(
            try await HKSampleQueryDescriptor(predicates: [.sample(type: type)], sortDescriptors: []).result(
                for: reader
            ).count == 1)
        await #expect(throws: HKError.self) {
            try await reader.requestPerObjectReadAuthorization(for: HKObjectType.stateOfMindType(), predicate: nil)
        }
    }

    @Test("A person who shares no prescription leaves the app with nothing, as if there were none")
    func deniedObjectsLookLikeNoData() async throws {
        let type = HKObjectType.visionPrescriptionType()
        let store = HealthDataStore(access: AccessControl(policy: .denyRead([type.identifier])))
        let optician = HKHealthStore(dataStore: store, client: Self.app("Optician"))
        try await optician.requestAuthorization(toShare: [type], read: [])
        try await optician.save(Self.glasses())
        let reader = HKHealthStore(dataStore: store, client: Self.app("Frames"))
        try await reader.requestPerObjectReadAuthorization(for: type, predicate: nil)
        #expect(
            try await HKSampleQueryDescriptor(predicates: [.sample(type: type)], sortDescriptors: []).result(
                for: reader
            ).isEmpty)
    }
}
