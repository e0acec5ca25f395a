import Foundation
import HealthModel
import HealthTestSupport
import Testing

/// 2024-03-10T16:00:00Z.
private let t0 = Date(timeIntervalSinceReferenceDate: 731_779_200)
private func at(_ minutes: Double) -> Date { t0.addingTimeInterval(minutes * 60) }

private let stepCount = Fixture.quantityType("stepCount")
private let heartRate = Fixture.quantityType("heartRate")
private let systolic = Fixture.quantityType("bloodPressureSystolic")
private let diastolic = Fixture.quantityType("bloodPressureDiastolic")
private let bloodPressure = Fixture.correlationType("bloodPressure")
private let food = Fixture.correlationType("food")
private let dietaryEnergy = Fixture.quantityType("dietaryEnergyConsumed")
private let dietaryCarbohydrates = Fixture.quantityType("dietaryCarbohydrates")
private let sleep = Fixture.categoryType("sleepAnalysis")
private let mindfulSession = Fixture.categoryType("mindfulSession")
private let bpm = Fixture.unit("count/min")

private func pressure(_ type: SampleType, _ value: Double) throws -> Sample {
    try Sample.quantity(type: type, quantity: Quantity(value, .millimeterOfMercury), start: at(0), end: at(0))
}

@Suite("Sample validation: creation errors name the field at fault")
struct SampleValidationTests {
    // MARK: - Interval and values

    @Test("A sample ending before it starts is rejected with both dates")
    func endBeforeStart() {
        #expect(throws: HealthModelError.endBeforeStart(start: at(10), end: at(9))) {
            try Sample.quantity(type: stepCount, quantity: Quantity(420, .count), start: at(10), end: at(9))
        }
        #expect(throws: HealthModelError.endBeforeStart(start: at(0), end: at(-1))) {
            try Sample.category(type: sleep, value: 3, start: at(0), end: at(-1))
        }
        #expect(throws: HealthModelError.endBeforeStart(start: at(30), end: at(0))) {
            try Sample.workout(activityTypeRawValue: 37, start: at(30), end: at(0))
        }
    }

    @Test("A point-in-time sample (start == end) is valid")
    func pointInTime() throws {
        let reading = try Sample.quantity(type: heartRate, quantity: Quantity(64, bpm), start: at(0), end: at(0))
        #expect(reading.duration == 0)
        #expect(reading.startDate == reading.endDate)
    }

    @Test("NaN and infinite values are rejected naming the field", arguments: [Double.nan, .infinity, -.infinity])
    func nonFiniteValues(value: Double) {
        #expect(throws: HealthModelError.nonFiniteValue(field: "quantity")) {
            try Sample.quantity(type: heartRate, quantity: Quantity(value, bpm), start: at(0), end: at(0))
        }
        let entries = [
            QuantitySeriesEntry(quantity: Quantity(61, bpm), startDate: at(0), endDate: at(0)),
            QuantitySeriesEntry(quantity: Quantity(value, bpm), startDate: at(1), endDate: at(1)),
        ]
        #expect(throws: HealthModelError.nonFiniteValue(field: "seriesEntries[1].quantity")) {
            try Sample.quantity(
                type: heartRate, quantity: Quantity(61, bpm), start: at(0), end: at(1), count: 2, seriesEntries: entries
            )
        }
        #expect(throws: HealthModelError.nonFiniteValue(field: "metadata[HKAverageSpeed]")) {
            try Sample.quantity(
                type: stepCount, quantity: Quantity(420, .count), start: at(0), end: at(5),
                metadata: ["HKAverageSpeed": .number(value)])
        }
        #expect(throws: HealthModelError.nonFiniteValue(field: "duration")) {
            try Sample.workout(activityTypeRawValue: 37, start: at(0), end: at(30), duration: value)
        }
        #expect(throws: HealthModelError.nonFiniteValue(field: "startDate")) {
            try Sample.quantity(
                type: stepCount, quantity: Quantity(1, .count), start: Date(timeIntervalSinceReferenceDate: value),
                end: at(0))
        }
    }

    @Test("A unit incompatible with the type is rejected naming unit, type and expected unit")
    func incompatibleUnit() {
        #expect(
            throws: HealthModelError.unitNotCompatibleWithType(
                unit: "m", type: "HKQuantityTypeIdentifierStepCount", expected: "count")
        ) {
            try Sample.quantity(type: stepCount, quantity: Quantity(800, .meter()), start: at(0), end: at(10))
        }
        // Heart rate is count/min; a bare count is a different dimension.
        #expect(
            throws: HealthModelError.unitNotCompatibleWithType(
                unit: "count", type: "HKQuantityTypeIdentifierHeartRate", expected: "count/min")
        ) {
            try Sample.quantity(type: heartRate, quantity: Quantity(72, .count), start: at(0), end: at(0))
        }
        // A compatible unit that is not the canonical one is fine: 1.2 Hz is 72 count/min.
        #expect(throws: Never.self) {
            try Sample.quantity(type: heartRate, quantity: Quantity(1.2, .hertz()), start: at(0), end: at(0))
        }
    }

    @Test("Category values outside the type's values are rejected")
    func categoryValueOutOfRange() throws {
        for value in [-1, 6, 42] {
            #expect(
                throws: HealthModelError.invalidCategoryValue(
                    type: "HKCategoryTypeIdentifierSleepAnalysis", value: value)
            ) {
                try Sample.category(type: sleep, value: value, start: at(0), end: at(60))
            }
        }
        for value in 0...5 {
            #expect(try Sample.category(type: sleep, value: value, start: at(0), end: at(60)).categoryValue == value)
        }
        // A valueless type accepts only 0.
        #expect(try Sample.category(type: mindfulSession, value: 0, start: at(0), end: at(10)).categoryValue == 0)
        #expect(throws: HealthModelError.invalidCategoryValue(type: "HKCategoryTypeIdentifierMindfulSession", value: 1))
        {
            try Sample.category(type: mindfulSession, value: 1, start: at(0), end: at(10))
        }
    }

    @Test("A menopausal state is a point in time: its end must equal its start; its values are 1 to 3")
    func menopausalStateIsAPointInTime() throws {
        let menopausalState = try SampleType.category("menopausalState")
        #expect(menopausalState.categoryDescription?.isPointInTime == true)
        #expect(try Sample.category(type: menopausalState, value: 2, start: at(0), end: at(0)).categoryValue == 2)
        #expect(
            throws: HealthModelError.invalidField(
                field: "endDate",
                reason:
                    "HKCategoryTypeIdentifierMenopausalState samples are points in time: the end date must equal the start date"
            )
        ) {
            try Sample.category(type: menopausalState, value: 1, start: at(0), end: at(1))
        }
        #expect(
            throws: HealthModelError.invalidCategoryValue(type: "HKCategoryTypeIdentifierMenopausalState", value: 0)
        ) {
            try Sample.category(type: menopausalState, value: 0, start: at(0), end: at(0))
        }
        // Other types stay intervals.
        #expect(try SampleType.category("bleedingAfterMenopause").categoryDescription?.isPointInTime == false)
    }

    @Test("A quantity sample must summarize at least one measurement")
    func countZero() {
        for count in [0, -3] {
            let error = #expect(throws: HealthModelError.self) {
                try Sample.quantity(
                    type: stepCount, quantity: Quantity(420, .count), start: at(0), end: at(10), count: count)
            }
            guard case .invalidField(field: "count", reason: _) = error else {
                Issue.record("expected an invalid count, got \(String(describing: error))")
                continue
            }
        }
    }

    @Test("Content that does not match the type's kind is rejected")
    func contentKindMismatch() {
        let error = #expect(throws: HealthModelError.self) {
            try Sample(type: stepCount, startDate: at(0), endDate: at(10), content: .category(value: 0))
        }
        guard case let .invalidField(field, reason) = error else {
            Issue.record("unexpected \(String(describing: error))")
            return
        }
        #expect(field == "content")
        #expect(reason.contains("HKQuantityTypeIdentifierStepCount"))
    }

    // MARK: - Sync metadata

    @Test("A sync identifier needs a sync version, and the reverse")
    func syncMetadataPairs() throws {
        #expect(throws: HealthModelError.syncMetadataIncomplete(missing: MetadataKey.syncVersion)) {
            try Sample.quantity(
                type: stepCount, quantity: Quantity(420, .count), start: at(0), end: at(10),
                metadata: [MetadataKey.syncIdentifier: .string("steps-0900")])
        }
        #expect(throws: HealthModelError.syncMetadataIncomplete(missing: MetadataKey.syncIdentifier)) {
            try Sample.quantity(
                type: stepCount, quantity: Quantity(420, .count), start: at(0), end: at(10),
                metadata: [MetadataKey.syncVersion: .number(1)])
        }
        let complete = try Sample.quantity(
            type: stepCount, quantity: Quantity(420, .count), start: at(0), end: at(10),
            metadata: [MetadataKey.syncIdentifier: .string("steps-0900"), MetadataKey.syncVersion: .number(2)])
        #expect(complete.syncIdentifier == "steps-0900")
        #expect(complete.syncVersion == 2)
        // The version must be a number and the identifier a string.
        let error = #expect(throws: HealthModelError.self) {
            try Sample.quantity(
                type: stepCount, quantity: Quantity(420, .count), start: at(0), end: at(10),
                metadata: [MetadataKey.syncIdentifier: .string("steps-0900"), MetadataKey.syncVersion: .string("2")])
        }
        #expect(error == .invalidField(field: "metadata[\(MetadataKey.syncVersion)]", reason: "must be a number"))
    }

    // MARK: - Correlations

    @Test("Sync identifier, sync version and user entry read the same after building, copying and replacing metadata")
    func storeMetadataReadsThroughEveryPath() throws {
        let plain = try Sample.quantity(
            type: stepCount, quantity: Quantity(10, .count), start: at(0), end: at(1),
            metadata: ["Other": .string("x")])
        #expect(plain.syncIdentifier == nil && plain.syncVersion == nil && !plain.wasUserEntered)
        let synced = plain.with(
            sourceRevision: nil,
            metadata: [
                MetadataKey.syncIdentifier: .string("a"), MetadataKey.syncVersion: .number(3),
                MetadataKey.wasUserEntered: .number(1),
            ])
        #expect(synced.syncIdentifier == "a" && synced.syncVersion == 3 && synced.wasUserEntered)
        // A copy that keeps the metadata keeps what was found in it.
        let copied = synced.with(uuid: UUID(), sourceRevision: nil)
        #expect(copied.syncIdentifier == "a" && copied.syncVersion == 3 && copied.wasUserEntered)
        let cleared = synced.with(sourceRevision: nil, metadata: .some(nil))
        #expect(cleared.syncIdentifier == nil && cleared.syncVersion == nil && !cleared.wasUserEntered)
        let notEntered = try Sample.quantity(
            type: stepCount, quantity: Quantity(10, .count), start: at(0), end: at(1),
            metadata: [MetadataKey.wasUserEntered: .number(0)])
        #expect(!notEntered.wasUserEntered && notEntered.syncIdentifier == nil)
        // A value of the wrong kind reads as absent, as a dictionary lookup did.
        let wrongKind = try Sample.quantity(
            type: stepCount, quantity: Quantity(10, .count), start: at(0), end: at(1),
            metadata: [MetadataKey.wasUserEntered: .string("yes")])
        #expect(!wrongKind.wasUserEntered)
    }

    @Test("A blood pressure correlation needs exactly one systolic and one diastolic sample")
    func bloodPressureContents() throws {
        let good = try Sample.correlation(
            type: bloodPressure, start: at(0), end: at(0),
            objects: [try pressure(systolic, 122), try pressure(diastolic, 79)])
        #expect(good.correlatedObjects?.count == 2)

        let invalidContents: [[Sample]] = [
            [try pressure(systolic, 122)],
            [try pressure(diastolic, 79)],
            [try pressure(systolic, 122), try pressure(systolic, 118), try pressure(diastolic, 79)],
            [try pressure(systolic, 122), try pressure(diastolic, 79), try pressure(diastolic, 81)],
        ]
        for objects in invalidContents {
            let error = #expect(throws: HealthModelError.self) {
                try Sample.correlation(type: bloodPressure, start: at(0), end: at(0), objects: objects)
            }
            guard case let .invalidCorrelation(type, reason) = error else {
                Issue.record("expected invalidCorrelation, got \(String(describing: error))")
                continue
            }
            #expect(type == "HKCorrelationTypeIdentifierBloodPressure")
            #expect(reason.contains("exactly one systolic and one diastolic"))
        }
        #expect(
            throws: HealthModelError.invalidCorrelation(
                type: "HKCorrelationTypeIdentifierBloodPressure", reason: "it contains no samples")
        ) {
            try Sample.correlation(type: bloodPressure, start: at(0), end: at(0), objects: [])
        }
        // A heart rate reading taken with the cuff is not part of the correlation.
        let pulse = try Sample.quantity(type: heartRate, quantity: Quantity(66, bpm), start: at(0), end: at(0))
        let error = #expect(throws: HealthModelError.self) {
            try Sample.correlation(
                type: bloodPressure, start: at(0), end: at(0),
                objects: [try pressure(systolic, 122), try pressure(diastolic, 79), pulse])
        }
        guard case let .invalidCorrelation(_, reason) = error else {
            Issue.record("expected invalidCorrelation, got \(String(describing: error))")
            return
        }
        #expect(reason.contains("HKQuantityTypeIdentifierHeartRate"))
    }

    @Test("A food correlation accepts dietary samples and refuses a non-dietary type")
    func foodContents() throws {
        let energy = try Sample.quantity(
            type: dietaryEnergy, quantity: Quantity(95, .kilocalorie), start: at(0), end: at(0))
        let carbs = try Sample.quantity(
            type: dietaryCarbohydrates, quantity: Quantity(25, .gram()), start: at(0), end: at(0))
        let apple = try Sample.correlation(
            type: food, start: at(0), end: at(0), objects: [energy, carbs],
            metadata: [MetadataKey.foodType: .string("Apple")])
        #expect(apple.correlatedObjects?.map(\.uuid) == [energy.uuid, carbs.uuid])

        let steps = try Sample.quantity(type: stepCount, quantity: Quantity(40, .count), start: at(0), end: at(1))
        let error = #expect(throws: HealthModelError.self) {
            try Sample.correlation(type: food, start: at(0), end: at(1), objects: [energy, steps])
        }
        guard case let .invalidCorrelation(type, reason) = error else {
            Issue.record("expected invalidCorrelation, got \(String(describing: error))")
            return
        }
        #expect(type == "HKCorrelationTypeIdentifierFood")
        #expect(reason.contains("HKQuantityTypeIdentifierStepCount"))
        // The same sample twice is refused too.
        let twice = #expect(throws: HealthModelError.self) {
            try Sample.correlation(type: food, start: at(0), end: at(0), objects: [energy, energy])
        }
        guard case .invalidCorrelation = twice else {
            Issue.record("expected invalidCorrelation, got \(String(describing: twice))")
            return
        }
    }

    // MARK: - Workouts

    @Test("A workout event outside the workout is rejected naming the event")
    func workoutEventOutside() throws {
        let events = [
            try WorkoutEvent(type: .lap, startDate: at(5), endDate: at(10)),
            try WorkoutEvent(type: .marker, startDate: at(31)),
        ]
        let error = #expect(throws: HealthModelError.self) {
            try Sample.workout(activityTypeRawValue: 37, start: at(0), end: at(30), events: events)
        }
        guard case let .invalidField(field, _) = error else {
            Issue.record("expected invalidField, got \(String(describing: error))")
            return
        }
        #expect(field == "events[1]")
        // A segment that starts inside but runs past the end is outside too; one ending exactly at the end is not.
        #expect(throws: HealthModelError.self) {
            try Sample.workout(
                activityTypeRawValue: 37, start: at(0), end: at(30),
                events: [try WorkoutEvent(type: .segment, startDate: at(20), endDate: at(31))])
        }
        #expect(throws: Never.self) {
            try Sample.workout(
                activityTypeRawValue: 37, start: at(0), end: at(30),
                events: [try WorkoutEvent(type: .segment, startDate: at(20), endDate: at(30))])
        }
        #expect(throws: HealthModelError.endBeforeStart(start: at(10), end: at(9))) {
            try WorkoutEvent(type: .segment, startDate: at(10), endDate: at(9))
        }
    }

    @Test("Workout duration excludes pause→resume spans")
    func workoutDurationExcludesPauses() throws {
        // 60-minute run, paused 20→30 and 40→45 (motion pause), with laps that do not count as pauses.
        let events = [
            try WorkoutEvent(type: .motionPaused, startDate: at(40)),
            try WorkoutEvent(type: .pause, startDate: at(20)),
            try WorkoutEvent(type: .lap, startDate: at(0), endDate: at(25)),
            try WorkoutEvent(type: .resume, startDate: at(30)),
            try WorkoutEvent(type: .motionResumed, startDate: at(45)),
        ]
        let run = try Sample.workout(activityTypeRawValue: 37, start: at(0), end: at(60), events: events)
        #expect(run.workoutContent?.duration == TimeInterval(45 * 60))
        #expect(run.duration == 60 * 60)
        #expect(run.workoutContent?.events.map(\.startDate) == [at(0), at(20), at(30), at(40), at(45)])

        // A pause that is never resumed runs to the end of the workout.
        let unresumed = try Sample.workout(
            activityTypeRawValue: 37, start: at(0), end: at(60),
            events: [try WorkoutEvent(type: .pause, startDate: at(50))])
        #expect(unresumed.workoutContent?.duration == TimeInterval(50 * 60))

        // A second pause while paused does not restart the paused span.
        let doublePause = try Sample.workout(
            activityTypeRawValue: 13, start: at(0), end: at(90),
            events: [
                try WorkoutEvent(type: .pause, startDate: at(10)), try WorkoutEvent(type: .pause, startDate: at(15)),
                try WorkoutEvent(type: .resume, startDate: at(20)),
            ])
        #expect(doublePause.workoutContent?.duration == TimeInterval(80 * 60))

        // An explicit duration wins; a negative one is refused.
        let given = try Sample.workout(
            activityTypeRawValue: 37, start: at(0), end: at(60), duration: 1_500, events: events)
        #expect(given.workoutContent?.duration == 1_500)
        let negative = #expect(throws: HealthModelError.self) {
            try Sample.workout(activityTypeRawValue: 37, start: at(0), end: at(60), duration: -1)
        }
        #expect(negative == .invalidField(field: "duration", reason: "must not be negative"))
    }

    @Test("An unknown workout activity type is rejected")
    func unknownActivityType() {
        let error = #expect(throws: HealthModelError.self) {
            try Sample.workout(activityTypeRawValue: 9_999, start: at(0), end: at(30))
        }
        guard case .invalidField(field: "workoutActivityType", reason: _) = error else {
            Issue.record("unexpected \(String(describing: error))")
            return
        }
    }

    // MARK: - Discrete series content

    @Test("A discrete series sample's minimum, maximum and most recent come from its entries, across units")
    func discreteSeriesContent() throws {
        let hertz = HealthUnit.hertz()
        // Entries are deliberately not in time order; 1.5 Hz = 90 count/min is the maximum.
        let entries = [
            QuantitySeriesEntry(quantity: Quantity(62, bpm), startDate: at(0), endDate: at(0)),
            QuantitySeriesEntry(quantity: Quantity(58, bpm), startDate: at(4), endDate: at(4)),
            QuantitySeriesEntry(quantity: Quantity(1.5, hertz), startDate: at(2), endDate: at(2)),
            QuantitySeriesEntry(quantity: Quantity(75, bpm), startDate: at(3), endDate: at(3)),
        ]
        let series = try Sample.quantity(
            type: heartRate, quantity: Quantity(71.25, bpm), start: at(0), end: at(4), count: 4, seriesEntries: entries)
        let content = try #require(series.quantityContent)
        #expect(content.count == 4)
        #expect(content.average == Quantity(71.25, bpm))
        #expect(content.minimum == Quantity(58, bpm))
        #expect(content.maximum == Quantity(1.5, hertz))
        #expect(content.mostRecent == Quantity(58, bpm))

        // A single measurement: every figure is the quantity itself.
        let single = try #require(
            try Sample.quantity(type: heartRate, quantity: Quantity(64, bpm), start: at(0), end: at(0)).quantityContent)
        #expect(single.count == 1)
        #expect(single.minimum == single.quantity)
        #expect(single.maximum == single.quantity)
        #expect(single.mostRecent == single.quantity)
        #expect(single.average == single.quantity)
    }

    @Test("A series entry ending before it starts is rejected")
    func seriesEntryInterval() {
        let entries = [QuantitySeriesEntry(quantity: Quantity(62, bpm), startDate: at(3), endDate: at(2))]
        #expect(throws: HealthModelError.endBeforeStart(start: at(3), end: at(2))) {
            try Sample.quantity(
                type: heartRate, quantity: Quantity(62, bpm), start: at(0), end: at(4), count: 1, seriesEntries: entries
            )
        }
    }
}
