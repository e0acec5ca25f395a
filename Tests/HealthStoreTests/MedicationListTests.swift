import Foundation
import HealthEngine
import HealthModel
import HealthStore
import HealthTestSupport
import Testing

@Suite("The person's medication list: kept per person with the settings, read per medication")
struct MedicationListTests {
    static let list = [
        UserAnnotatedMedication(
            concept: MedicationConcept(
                identifier: "levothyroxine-50", displayText: "Levothyroxine 50 µg tablet", generalForm: "tablet",
                relatedCodings: [
                    ClinicalCoding(system: "http://www.nlm.nih.gov/research/umls/rxnorm", version: nil, code: "966247")
                ]),
            nickname: "Thyroid", hasSchedule: true),
        UserAnnotatedMedication(
            concept: MedicationConcept(
                identifier: "salbutamol-100", displayText: "Salbutamol 100 µg inhaler", generalForm: "inhaler")),
        UserAnnotatedMedication(
            concept: MedicationConcept(
                identifier: "hydrocortisone-1", displayText: "Hydrocortisone 1 % cream", generalForm: "cream"),
            isArchived: true),
    ]

    @Test("The list is kept in its order and read back after reopening the store", arguments: StorageBackend.allCases)
    func keptAcrossReopen(_ backend: StorageBackend) throws {
        let (store, reopen) = try backend.makeReopenableStore()
        #expect(try store.userAnnotatedMedications().isEmpty)
        try store.setUserAnnotatedMedications(Self.list)
        let reopened = try reopen()
        #expect(try reopened.userAnnotatedMedications() == Self.list)
        #expect(
            try reopened.userAnnotatedMedications(matching: .isArchived(false)).map(\.concept.identifier) == [
                "levothyroxine-50", "salbutamol-100",
            ])
        #expect(try reopened.userAnnotatedMedications(matching: .not(.hasSchedule(true)), limit: 1).count == 1)
        // Replacing the list replaces it whole: archiving one and removing another.
        var changed = Array(Self.list.prefix(2))
        changed[0].isArchived = true
        try reopened.setUserAnnotatedMedications(changed)
        #expect(try reopen().userAnnotatedMedications() == changed)
        try reopened.setUserAnnotatedMedications([])
        #expect(try reopen().userAnnotatedMedications().isEmpty)
    }

    @Test(
        "A client reads only the medications granted to it; it cannot change the list",
        arguments: StorageBackend.allCases)
    func perMedicationAccess(_ backend: StorageBackend) throws {
        let store = HealthDataStore(
            storage: try backend.makeStorage(),
            access: AccessControl(policy: .denyRead([TypeTable.userAnnotatedMedicationTypeIdentifier])))
        try store.setUserAnnotatedMedications(Self.list)
        let app = store.client("com.example.inhaler")
        #expect(try app.requestMedicationReadAccess() == 0)
        #expect(try app.userAnnotatedMedications().isEmpty)
        store.access.policy = .grantAll
        #expect(try app.requestMedicationReadAccess(matching: .hasSchedule(false)) == 2)
        #expect(try app.userAnnotatedMedications().map(\.concept.identifier) == ["salbutamol-100", "hydrocortisone-1"])
        #expect(throws: HealthStoreError.self) { try app.setUserAnnotatedMedications([]) }
        #expect(try store.userAnnotatedMedications().count == 3)
    }

    @Test("A bad list is refused, naming the field, and the stored list stays", arguments: StorageBackend.allCases)
    func validation(_ backend: StorageBackend) throws {
        let store = HealthDataStore(storage: try backend.makeStorage())
        try store.setUserAnnotatedMedications(Self.list)
        var unknownForm = Self.list
        unknownForm[1].concept.generalForm = "chewing gum"
        var emptyCode = Self.list
        emptyCode[0].concept.relatedCodings[0].code = ""
        var noName = Self.list
        noName[2].concept.displayText = ""
        for (list, field) in [
            (unknownForm, "medications[1].medication.generalForm"),
            (emptyCode, "medications[0].medication.relatedCodings[0].code"),
            (noName, "medications[2].medication.displayText"),
        ] {
            #expect {
                try store.setUserAnnotatedMedications(list)
            } throws: { error in
                "\(error)".contains(field)
            }
        }
        #expect(try store.userAnnotatedMedications() == Self.list)
    }
}
