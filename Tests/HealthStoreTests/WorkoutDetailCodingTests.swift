import Foundation
import HealthModel
import HealthStore
import Testing

@Suite("A workout's stored detail: activities in layout 2, layout 1 still read")
struct WorkoutDetailCodingTests {
    static let start = Date(timeIntervalSinceReferenceDate: 733_550_400)  // 2024-03-31 04:00 UTC

    static func workout(activities: [WorkoutActivity]) throws -> Sample {
        try Sample.workout(
            activityTypeRawValue: 82, start: start, end: start.addingTimeInterval(6_300),
            events: [try WorkoutEvent(type: .lap, startDate: start.addingTimeInterval(4_800))],
            statistics: [
                try WorkoutStatistic(
                    quantityTypeIdentifier: "HKQuantityTypeIdentifierActiveEnergyBurned",
                    sum: Quantity(1_024.75, .calorie(.kilo)))
            ], activities: activities)
    }

    @Test("A workout without activities keeps layout 1, byte for byte as before")
    func layoutOneUnchanged() throws {
        let bytes = try #require(SampleDetailCoding.detail(of: try Self.workout(activities: [])))
        #expect(bytes.first == 1)
        let content = try SampleDetailCoding.workoutContent(from: bytes, duration: 6_300)
        #expect(content.activities.isEmpty)
        #expect(content.events.map(\.type) == [.lap])
        #expect(content.totalEnergyBurned == Quantity(1_024.75, .calorie(.kilo)))
    }

    @Test("Activities with configuration, lap length, events, statistics and metadata round-trip in layout 2")
    func activitiesRoundTrip() throws {
        let swim = try WorkoutActivity(
            configuration: WorkoutConfiguration(
                activityTypeRawValue: 46, locationTypeRawValue: 2, swimmingLocationTypeRawValue: 1,
                lapLength: Quantity(25, .meter())),
            startDate: Self.start, endDate: Self.start.addingTimeInterval(1_500),
            statistics: [
                "HKQuantityTypeIdentifierDistanceSwimming": try WorkoutStatistic(
                    quantityTypeIdentifier: "HKQuantityTypeIdentifierDistanceSwimming", sum: Quantity(1_500, .meter()))
            ], metadata: ["pool": .string("Stadtbad Mitte")])
        let run = try WorkoutActivity(
            configuration: WorkoutConfiguration(activityTypeRawValue: 37, locationTypeRawValue: 3),
            startDate: Self.start.addingTimeInterval(4_500), endDate: Self.start.addingTimeInterval(6_300),
            events: [try WorkoutEvent(type: .lap, startDate: Self.start.addingTimeInterval(4_800))])
        let sample = try Self.workout(activities: [run, swim])
        let bytes = try #require(SampleDetailCoding.detail(of: sample))
        #expect(bytes.first == 2)
        let content = try SampleDetailCoding.workoutContent(from: bytes, duration: 6_300)
        #expect(content.activities == [swim, run])
        #expect(try SampleDetailCoding.sample(from: SampleDetailCoding.encoded(sample)) == sample)
    }

    @Test("Overlapping or unfinished activities are refused, naming the activity")
    func placementChecked() throws {
        let first = try WorkoutActivity(
            configuration: WorkoutConfiguration(activityTypeRawValue: 13), startDate: Self.start,
            endDate: Self.start.addingTimeInterval(3_600))
        let overlapping = try WorkoutActivity(
            configuration: WorkoutConfiguration(activityTypeRawValue: 37),
            startDate: Self.start.addingTimeInterval(3_000), endDate: Self.start.addingTimeInterval(6_000))
        #expect(
            throws: HealthModelError.invalidField(
                field: "workoutActivities[1]", reason: "overlaps the activity before it")
        ) {
            _ = try Self.workout(activities: [first, overlapping])
        }
        let open = try WorkoutActivity(
            configuration: WorkoutConfiguration(activityTypeRawValue: 37), startDate: Self.start, endDate: nil)
        #expect(
            throws: HealthModelError.invalidField(
                field: "workoutActivities[0].endDate", reason: "the activity has not ended")
        ) {
            _ = try Self.workout(activities: [open])
        }
        #expect(throws: HealthModelError.self) {
            _ = try WorkoutActivity(
                configuration: WorkoutConfiguration(activityTypeRawValue: 46, lapLength: Quantity(25, .second())),
                startDate: Self.start, endDate: nil)
        }
    }
}
