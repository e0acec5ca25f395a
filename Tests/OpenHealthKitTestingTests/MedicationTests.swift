import Foundation
import HealthModel
import HealthStore
import HealthTestSupport
import OpenHealthKit
import OpenHealthKitTesting
import Testing

@Suite("Medications: the person's list and dose events, read per medication, over the Europe/Berlin DST change")
struct MedicationTests {
    /// Thursday 2026-10-22 12:00 UTC; summer time in Berlin ends on Sunday 2026-10-25 at 03:00 local.
    static let thursday = Date(timeIntervalSince1970: 1_792_670_400)
    static let tracker = HKSource(Source(name: "Pill Tracker", bundleIdentifier: "com.example.pilltracker"))
    static let stranger = HKSource(Source(name: "Step Game", bundleIdentifier: "com.example.stepgame"))
    static let rxNorm = "http://www.nlm.nih.gov/research/umls/rxnorm"

    static var berlin: Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "Europe/Berlin")!
        return calendar
    }

    /// 08:00 in Berlin on 2026-10-\(day).
    static func morning(_ day: Int) -> Date {
        berlin.date(from: DateComponents(year: 2026, month: 10, day: day, hour: 8))!
    }

    /// Three medications: metformin with a schedule, ibuprofen as needed, an archived course of amoxicillin.
    static let medications = [
        HealthKitTestBench.Medication(
            identifier: "metformin-500", displayText: "Metformin 500 mg oral tablet", generalForm: .tablet,
            relatedCodings: [ClinicalCoding(system: rxNorm, version: nil, code: "861007")], nickname: "Morning pill",
            hasSchedule: true),
        HealthKitTestBench.Medication(
            identifier: "ibuprofen-200", displayText: "Ibuprofen 200 mg oral tablet", generalForm: .tablet,
            relatedCodings: [ClinicalCoding(system: rxNorm, version: "2026-10", code: "310965")]),
        HealthKitTestBench.Medication(
            identifier: "amoxicillin-500", displayText: "Amoxicillin 500 mg oral capsule", generalForm: .capsule,
            isArchived: true),
    ]

    /// The bench with the list and a week of doses: metformin every morning at 08:00 Berlin time from Thursday
    /// 22 to Wednesday 28 October (taken, but skipped on Saturday 24), two ibuprofen on Sunday afternoon and the
    /// last amoxicillin on Thursday.
    static func bench(_ backend: StorageBackend) throws -> HealthKitTestBench {
        let bench = HealthKitTestBench(storage: try backend.makeStorage(), start: thursday)
        try bench.setMedications(medications)
        for day in 22...28 {
            let scheduled = morning(day)
            try bench.logMedicationDose(
                of: "metformin-500", status: day == 24 ? .skipped : .taken, at: scheduled.addingTimeInterval(300),
                scheduleType: .schedule, scheduledDate: scheduled, doseQuantity: day == 24 ? nil : 1,
                scheduledDoseQuantity: 1)
        }
        try bench.logMedicationDose(
            of: "ibuprofen-200", status: .taken,
            at: berlin.date(from: DateComponents(year: 2026, month: 10, day: 25, hour: 14, minute: 30))!,
            doseQuantity: 2)
        try bench.logMedicationDose(of: "amoxicillin-500", status: .taken, at: morning(22), doseQuantity: 1)
        return bench
    }

    /// The bench and the tracker app after it asked to read the medications matching `predicate`, which the bench's
    /// policy (grant all) allows.
    static func sharedWithTracker(
        _ backend: StorageBackend, predicate: NSPredicate? = nil
    ) async throws -> (HealthKitTestBench, HKHealthStore) {
        let bench = try Self.bench(backend)
        let app = bench.healthStore(for: Self.tracker)
        try await app.requestPerObjectReadAuthorization(
            for: HKObjectType.userAnnotatedMedicationType(), predicate: predicate)
        return (bench, app)
    }

    static func doseEvents(
        _ predicate: NSPredicate?, for healthStore: HKHealthStore
    ) async throws -> [HKMedicationDoseEvent] {
        try await HKSampleQueryDescriptor(
            predicates: [.sample(type: HKObjectType.medicationDoseEventType(), predicate: predicate)],
            sortDescriptors: [SortDescriptor(\.startDate)]
        ).result(for: healthStore).compactMap { $0 as? HKMedicationDoseEvent }
    }

    /// What an `HKUserAnnotatedMedicationQuery`'s results handler receives, call by call: a medication's name or,
    /// for the final call, `done: true`.
    static func medicationQueryCalls(_ healthStore: HKHealthStore) async throws -> [String] {
        final class Calls: @unchecked Sendable {
            let lock = NSLock()
            var names: [String] = []
        }
        let calls = Calls()
        return try await withCheckedThrowingContinuation { continuation in
            let query = HKUserAnnotatedMedicationQuery(predicate: nil, limit: HKObjectQueryNoLimit) {
                _, medication, done, error in
                if let error { return continuation.resume(throwing: error) }
                let names = calls.lock.withLock {
                    calls.names.append(medication?.medication.displayText ?? "done: \(done)")
                    return calls.names
                }
                if done { continuation.resume(returning: names) }
            }
            healthStore.execute(query)
        }
    }

    @Test(
        "An app the person shared every medication with reads the list, its properties and its predicates",
        arguments: StorageBackend.allCases)
    func list(_ backend: StorageBackend) async throws {
        let type = HKObjectType.userAnnotatedMedicationType()
        #expect(type.requiresPerObjectAuthorization())
        #expect(type.identifier == HKDataTypeIdentifierUserAnnotatedMedicationConcept)
        let (_, app) = try await Self.sharedWithTracker(backend)

        let all = try await HKUserAnnotatedMedicationQueryDescriptor().result(for: app)
        #expect(all.map(\.medication.displayText) == Self.medications.map(\.displayText))
        let metformin = try #require(all.first)
        #expect(metformin.nickname == "Morning pill")
        #expect(metformin.hasSchedule && !metformin.isArchived)
        #expect(metformin.medication.generalForm == .tablet)
        #expect(metformin.medication.identifier.domain == .medication)
        #expect(
            metformin.medication.relatedCodings == [HKClinicalCoding(system: Self.rxNorm, version: nil, code: "861007")]
        )
        #expect(all[1].medication.relatedCodings.first?.version == "2026-10")
        #expect(all[2].isArchived && all[2].medication.generalForm == .capsule && all[2].nickname == nil)

        let scheduled = try await HKUserAnnotatedMedicationQueryDescriptor(
            predicate: HKQuery.predicateForUserAnnotatedMedications(hasSchedule: true)
        ).result(for: app)
        #expect(scheduled.map(\.medication.displayText) == ["Metformin 500 mg oral tablet"])
        let active = try await HKUserAnnotatedMedicationQueryDescriptor(
            predicate: HKQuery.predicateForUserAnnotatedMedications(isArchived: false), limit: 1
        ).result(for: app)
        #expect(active.map(\.medication.displayText) == ["Metformin 500 mg oral tablet"])
        let activeAsNeeded = NSCompoundPredicate(andPredicateWithSubpredicates: [
            HKQuery.predicateForUserAnnotatedMedications(isArchived: false),
            HKQuery.predicateForUserAnnotatedMedications(hasSchedule: false),
        ])
        #expect(
            try await HKUserAnnotatedMedicationQueryDescriptor(predicate: activeAsNeeded).result(for: app).map {
                $0.medication.displayText
            } == ["Ibuprofen 200 mg oral tablet"])
    }

    @Test(
        "Dose events of one medication, by concept: scheduled at 08:00 Berlin time on both sides of the DST change",
        arguments: StorageBackend.allCases)
    func doseEventsByConcept(_ backend: StorageBackend) async throws {
        let (_, app) = try await Self.sharedWithTracker(backend)
        let metformin = try #require(try await HKUserAnnotatedMedicationQueryDescriptor().result(for: app).first)

        let events = try await Self.doseEvents(
            HKQuery.predicateForMedicationDoseEvent(medicationConceptIdentifier: metformin.medication.identifier),
            for: app)
        #expect(events.count == 7)
        #expect(events.allSatisfy { $0.medicationConceptIdentifier == metformin.medication.identifier })
        #expect(events.map(\.logStatus) == [.taken, .taken, .skipped, .taken, .taken, .taken, .taken])
        #expect(events.allSatisfy { $0.scheduleType == .schedule && $0.scheduledDoseQuantity == 1 })
        #expect(events.map(\.doseQuantity) == [1, 1, nil, 1, 1, 1, 1])
        #expect(events.allSatisfy { $0.unit == .count() && $0.medicationDoseEventType == .medicationDoseEventType() })
        // 08:00 local is 06:00 UTC in summer time (22–24 October) and 07:00 UTC after the change (25–28).
        let utcHours = events.compactMap(\.scheduledDate).map {
            Int($0.timeIntervalSince1970.truncatingRemainder(dividingBy: 86_400) / 3_600)
        }
        #expect(utcHours == [6, 6, 6, 7, 7, 7, 7])
        #expect(events.compactMap(\.scheduledDate).allSatisfy { Self.berlin.component(.hour, from: $0) == 8 })
        // The Sunday of the change is 25 hours long: the doses scheduled that local day are the one at 08:00.
        let sunday = Self.berlin.startOfDay(for: Self.morning(25))
        let monday = Self.berlin.date(byAdding: .day, value: 1, to: sunday)!
        #expect(monday.timeIntervalSince(sunday) == 25 * 3_600)
        let onSunday = try await Self.doseEvents(
            HKQuery.predicateForMedicationDoseEvent(scheduledStart: sunday, end: monday), for: app)
        #expect(onSunday.map(\.scheduledDate) == [Self.morning(25)])

        let skipped = try await Self.doseEvents(HKQuery.predicateForMedicationDoseEvent(status: .skipped), for: app)
        #expect(skipped.map(\.scheduledDate) == [Self.morning(24)])
        let exact = try await Self.doseEvents(
            HKQuery.predicateForMedicationDoseEvent(scheduledDates: [Self.morning(22), Self.morning(28)]), for: app)
        #expect(exact.count == 2)
        // Both tablets: metformin's seven doses and the two ibuprofen on Sunday afternoon (as needed, unscheduled).
        let all = try await HKUserAnnotatedMedicationQueryDescriptor().result(for: app)
        let tablets = try await Self.doseEvents(
            HKQuery.predicateForMedicationDoseEvent(
                medicationConceptIdentifiers: Set(all.prefix(2).map(\.medication.identifier))),
            for: app)
        #expect(tablets.count == 8)
        let ibuprofen = try #require(tablets.first { $0.scheduleType == .asNeeded })
        #expect(ibuprofen.doseQuantity == 2 && ibuprofen.scheduledDate == nil && ibuprofen.scheduledDoseQuantity == nil)
        #expect(try await Self.doseEvents(nil, for: app).count == 9)
    }

    @Test(
        "An app that was not granted sees no medication and no dose event, on every path, as if there were none",
        arguments: StorageBackend.allCases)
    func notGranted(_ backend: StorageBackend) async throws {
        let bench = try Self.bench(backend)
        bench.setAuthorizationPolicy(.denyAll)
        let app = bench.healthStore(for: Self.stranger)
        let doseType = HKObjectType.medicationDoseEventType()
        // Asking by type grants nothing: dose events are read with their medication.
        try await app.requestAuthorization(toShare: [], read: [doseType])
        try await app.requestPerObjectReadAuthorization(for: HKObjectType.userAnnotatedMedicationType(), predicate: nil)
        #expect(try await HKUserAnnotatedMedicationQueryDescriptor().result(for: app).isEmpty)
        #expect(try await Self.doseEvents(nil, for: app).isEmpty)
        let anchored = try await HKAnchoredObjectQueryDescriptor(
            predicates: [.sample(type: doseType)], anchor: nil
        ).result(for: app)
        #expect(anchored.addedSamples.isEmpty)

        // The callback query delivers only its final call.
        let calls = try await Self.medicationQueryCalls(app)
        #expect(calls == ["done: true"])
    }

    @Test(
        "The person shares only the scheduled medication: the app reads it and its doses, nothing of the others",
        arguments: StorageBackend.allCases)
    func sharedOne(_ backend: StorageBackend) async throws {
        let (bench, app) = try await Self.sharedWithTracker(
            backend, predicate: HKQuery.predicateForUserAnnotatedMedications(hasSchedule: true))
        let calls = try await Self.medicationQueryCalls(app)
        #expect(calls == ["Metformin 500 mg oral tablet", "done: true"])
        let events = try await Self.doseEvents(nil, for: app)
        #expect(events.count == 7)
        #expect(Set(events.map(\.medicationConceptIdentifier)).count == 1)
        // A dose logged later is read too: the grant is for the medication, not for the doses that existed.
        try bench.logMedicationDose(
            of: "metformin-500", status: .taken, at: Self.morning(29), scheduleType: .schedule,
            scheduledDate: Self.morning(29), doseQuantity: 1, scheduledDoseQuantity: 1)
        #expect(try await Self.doseEvents(nil, for: app).count == 8)
        // The person stops sharing it: the app sees nothing again.
        bench.stopSharingMedications(["metformin-500"], with: Self.tracker)
        #expect(try await HKUserAnnotatedMedicationQueryDescriptor().result(for: app).isEmpty)
        #expect(try await Self.doseEvents(nil, for: app).isEmpty)
    }

    @Test(
        "Keeping in sync: the long-running anchored query delivers a new dose of a granted medication, not the others",
        arguments: StorageBackend.allCases)
    func anchoredUpdates(_ backend: StorageBackend) async throws {
        let (bench, app) = try await Self.sharedWithTracker(
            backend, predicate: HKQuery.predicateForUserAnnotatedMedications(hasSchedule: true))
        let doseType = HKObjectType.medicationDoseEventType()
        let descriptor = HKAnchoredObjectQueryDescriptor(predicates: [.sample(type: doseType)], anchor: nil)
        var updates = descriptor.results(for: app).makeAsyncIterator()
        let first = try #require(try await updates.next())
        #expect(first.addedSamples.count == 7)

        // Thursday 29 October: two ibuprofen, which this app may not read, then the scheduled metformin dose.
        try bench.logMedicationDose(
            of: "ibuprofen-200", status: .taken, at: Self.morning(29).addingTimeInterval(3_600), doseQuantity: 2)
        try bench.logMedicationDose(
            of: "metformin-500", status: .taken, at: Self.morning(29), scheduleType: .schedule,
            scheduledDate: Self.morning(29), doseQuantity: 1, scheduledDoseQuantity: 1)
        // One update per commit at most; the hidden commit brings nothing.
        var delivered: [HKMedicationDoseEvent] = []
        for _ in 0..<2 where delivered.isEmpty {
            let update = try #require(try await updates.next())
            delivered += update.addedSamples.compactMap { $0 as? HKMedicationDoseEvent }
        }
        #expect(delivered.map(\.scheduledDate) == [Self.morning(29)])
        let since = try await HKAnchoredObjectQueryDescriptor(
            predicates: [.sample(type: doseType)], anchor: first.newAnchor
        ).result(for: app)
        #expect(since.addedSamples.map(\.uuid) == delivered.map(\.uuid))
    }

    @Test("Medications are read-only to apps: sharing dose events cannot be requested, the list cannot be set")
    func readOnly() async throws {
        let bench = try Self.bench(.inMemory)
        let app = bench.healthStore(for: Self.tracker)
        let doseType = HKObjectType.medicationDoseEventType()
        await #expect(throws: HKError.self) { try await app.requestAuthorization(toShare: [doseType], read: []) }
        await #expect(throws: HKError.self) {
            try await app.requestPerObjectReadAuthorization(for: doseType, predicate: nil)
        }
        #expect(throws: HealthStoreError.self) {
            try bench.dataStore.client("com.example.pilltracker").setUserAnnotatedMedications([])
        }
        // A bad list is refused naming the field.
        var duplicate = Self.medications
        duplicate.append(Self.medications[0])
        #expect {
            try bench.setMedications(duplicate)
        } throws: { error in
            "\(error)".contains("medications[3].medication.identifier")
        }
        #expect {
            try bench.logMedicationDose(of: "metformin-500", status: .taken, at: Self.thursday, doseQuantity: -1)
        } throws: { error in
            "\(error)".contains("medicationDoseEvent.doseQuantity")
        }
    }
}
