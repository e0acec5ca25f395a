import Foundation
import HealthModel

/// Realistic generated health data for demos, tests and benchmarks: an Apple Watch and an iPhone that both count
/// steps (overlapping, as in real life), heart rate, active energy, nightly sleep stages, meals and workouts.
///
/// Everything is derived from the seed, the first day and the calendar given, so the same call gives the same data.
public struct SyntheticHealthData: Sendable {
    /// The Apple Watch's source revision.
    public static let watch = SourceRevision(
        source: Source(
            name: "Alex's Apple Watch", bundleIdentifier: "com.apple.health.8C4A2F1E-7B9D-4E3A-9F21-6D5C8B7A1E02"),
        version: "10.1", productType: "Watch6,1", operatingSystemVersion: "10.1")
    /// The iPhone's source revision.
    public static let phone = SourceRevision(
        source: Source(
            name: "Alex's iPhone", bundleIdentifier: "com.apple.health.3F6B9C2D-1A4E-4B7F-8C3D-5E9A2B6F4D10"),
        version: "17.1", productType: "iPhone15,2", operatingSystemVersion: "17.1")
    /// A food-logging app.
    public static let foodApp = SourceRevision(
        source: Source(name: "MyFitnessPal", bundleIdentifier: "com.myfitnesspal.mfp"), version: "23.4.0",
        productType: "iPhone15,2", operatingSystemVersion: "17.1")

    /// The watch as a device.
    public static let watchDevice = Device(
        name: "Apple Watch", manufacturer: "Apple Inc.", model: "Watch", hardwareVersion: "Watch6,1",
        softwareVersion: "10.1")
    /// The phone as a device.
    public static let phoneDevice = Device(
        name: "iPhone", manufacturer: "Apple Inc.", model: "iPhone", hardwareVersion: "iPhone15,2",
        softwareVersion: "17.1")

    /// One source's samples, to be saved as that source.
    public struct Batch: Sendable {
        /// Who saves them.
        public let sourceRevision: SourceRevision
        /// What is saved.
        public let samples: [Sample]
    }

    /// The calendar (with its time zone) that days and hours are laid out in.
    public let calendar: Calendar
    /// The first day (any time on it).
    public let firstDay: Date
    /// How many days.
    public let days: Int
    /// The seed.
    public let seed: UInt64

    /// Data for `days` days starting on the day containing `firstDay`, in the calendar's time zone.
    public init(calendar: Calendar, firstDay: Date, days: Int, seed: UInt64 = 1) {
        self.calendar = calendar
        self.firstDay = calendar.startOfDay(for: firstDay)
        self.days = days
        self.seed = seed
    }

    /// The generated samples, one batch per source.
    public func batches() throws(HealthModelError) -> [Batch] {
        var random = SeededRandomNumberGenerator(seed: seed)
        var watchSamples: [Sample] = []
        var phoneSamples: [Sample] = []
        var foodSamples: [Sample] = []
        let steps = try SampleType.quantity("stepCount")
        let distance = try SampleType.quantity("distanceWalkingRunning")
        let heartRate = try SampleType.quantity("heartRate")
        let energy = try SampleType.quantity("activeEnergyBurned")
        let dietaryEnergy = try SampleType.quantity("dietaryEnergyConsumed")
        let sleep = try SampleType.category("sleepAnalysis")
        let beatsPerMinute = try HealthUnit(parsing: "count/min")
        let meals = [
            ("Porridge with berries", 7.5, 380.0), ("Chicken salad", 12.5, 520.0), ("Apple", 15.5, 95.0),
            ("Lentil curry", 19.0, 640.0),
        ]

        for dayIndex in 0..<days {
            guard let dayStart = calendar.date(byAdding: .day, value: dayIndex, to: firstDay) else { continue }
            // Wall-clock time on this day (negative hours fall on the day before), so meals stay at 7:30 across DST.
            func at(_ hour: Double) -> Date {
                let dayShift = Int((hour / 24).rounded(.down))
                let seconds = Int(((hour - Double(dayShift * 24)) * 3600).rounded())
                var components = calendar.dateComponents(
                    [.year, .month, .day],
                    from: calendar.date(byAdding: .day, value: dayShift, to: dayStart) ?? dayStart)
                components.hour = seconds / 3600
                components.minute = seconds % 3600 / 60
                components.second = seconds % 60
                return calendar.date(from: components) ?? dayStart
            }
            // Walking bouts: the phone counts in 10-minute chunks, the watch in minutes, mostly at the same time.
            let bouts = [(8.0, 0.5), (12.25, 0.4), (17.5, 0.75), (Double.random(in: 19...21, using: &random), 0.3)]
            for (startHour, hours) in bouts {
                let cadence = Double.random(in: 95...118, using: &random)
                let minutes = Int(hours * 60)
                for minuteIndex in 0..<minutes {
                    let start = at(startHour).addingTimeInterval(Double(minuteIndex) * 60)
                    let count = (cadence + Double.random(in: -6...6, using: &random)).rounded()
                    watchSamples.append(
                        try .quantity(
                            type: steps, quantity: Quantity(count, .count), start: start,
                            end: start.addingTimeInterval(60), device: SyntheticHealthData.watchDevice))
                    watchSamples.append(
                        try .quantity(
                            type: energy, quantity: Quantity(count * 0.045, .kilocalorie), start: start,
                            end: start.addingTimeInterval(60), device: SyntheticHealthData.watchDevice))
                }
                var chunkStart = at(startHour).addingTimeInterval(Double.random(in: 0...90, using: &random))
                let boutEnd = at(startHour + hours)
                while chunkStart < boutEnd {
                    let chunkEnd = min(boutEnd, chunkStart.addingTimeInterval(600))
                    let minutes = chunkEnd.timeIntervalSince(chunkStart) / 60
                    let count = (minutes * cadence * Double.random(in: 0.9...1.02, using: &random)).rounded()
                    phoneSamples.append(
                        try .quantity(
                            type: steps, quantity: Quantity(count, .count), start: chunkStart, end: chunkEnd,
                            device: SyntheticHealthData.phoneDevice))
                    phoneSamples.append(
                        try .quantity(
                            type: distance, quantity: Quantity(count * 0.74, .meter()), start: chunkStart,
                            end: chunkEnd, device: SyntheticHealthData.phoneDevice))
                    chunkStart = chunkEnd
                }
            }
            // Heart rate every five minutes while awake, instantaneous, higher while walking.
            for minuteOfDay in stride(from: 7 * 60, to: 23 * 60, by: 5) {
                let hour = Double(minuteOfDay) / 60
                let walking = bouts.contains { hour >= $0.0 && hour < $0.0 + $0.1 }
                let rate = (walking ? 105 : 68) + Double.random(in: -8...8, using: &random)
                let time = at(hour)
                watchSamples.append(
                    try .quantity(
                        type: heartRate, quantity: Quantity(rate.rounded(), beatsPerMinute), start: time, end: time,
                        metadata: ["HKMetadataKeyHeartRateMotionContext": .number(walking ? 2 : 1)],
                        device: SyntheticHealthData.watchDevice))
            }
            // Sleep from about 23:00 the night before: core, deep, REM cycles with short awakenings.
            var sleepStart = at(-1).addingTimeInterval(Double.random(in: -1800...1800, using: &random))
            let stages: [(Int, Double)] = [
                (3, 50), (4, 45), (3, 40), (5, 25), (2, 5), (3, 60), (4, 30), (5, 35), (3, 70), (5, 40), (2, 8),
            ]
            for (value, minutes) in stages {
                let end = sleepStart.addingTimeInterval(minutes * 60 * Double.random(in: 0.85...1.15, using: &random))
                watchSamples.append(
                    try .category(
                        type: sleep, value: value, start: sleepStart, end: end, device: SyntheticHealthData.watchDevice)
                )
                sleepStart = end
            }
            for (name, mealHour, kilocalories) in meals {
                let time = at(mealHour + Double.random(in: -0.5...0.5, using: &random))
                foodSamples.append(
                    try .quantity(
                        type: dietaryEnergy,
                        quantity: Quantity(
                            (kilocalories * Double.random(in: 0.9...1.1, using: &random)).rounded(), .kilocalorie),
                        start: time, end: time, metadata: [MetadataKey.foodType: .string(name)]))
            }
            if dayIndex % 2 == 0 {
                let start = at(6.5)
                let end = at(7.25)
                let pause = try WorkoutEvent(type: .pause, startDate: at(6.8))
                let resume = try WorkoutEvent(type: .resume, startDate: at(6.85))
                watchSamples.append(
                    try .workout(
                        activityTypeRawValue: 37, start: start, end: end, events: [pause, resume],
                        statistics: [
                            try WorkoutStatistic(
                                quantityTypeIdentifier: "activeEnergyBurned",
                                sum: Quantity(
                                    (420 * Double.random(in: 0.8...1.2, using: &random)).rounded(), .kilocalorie)),
                            try WorkoutStatistic(
                                quantityTypeIdentifier: "distanceWalkingRunning",
                                sum: Quantity((7200 * Double.random(in: 0.8...1.2, using: &random)).rounded(), .meter())
                            ),
                        ],
                        metadata: ["HKIndoorWorkout": .number(0)], device: SyntheticHealthData.watchDevice))
            }
        }
        return [
            Batch(sourceRevision: SyntheticHealthData.watch, samples: watchSamples),
            Batch(sourceRevision: SyntheticHealthData.phone, samples: phoneSamples),
            Batch(sourceRevision: SyntheticHealthData.foodApp, samples: foodSamples),
        ]
    }

    /// Generates the data and saves it into a store, one batch per source; returns how many samples were saved.
    @discardableResult
    public func save(into store: HealthDataStore) throws -> Int {
        var saved = 0
        for batch in try batches() where !batch.samples.isEmpty {
            saved += try store.save(batch.samples, as: batch.sourceRevision).inserted.count
        }
        return saved
    }
}
