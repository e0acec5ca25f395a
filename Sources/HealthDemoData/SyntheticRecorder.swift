import Foundation
import HealthModel
import HealthStore

/// Writes the samples of generated days, one array per source, as the devices and apps would record them.
///
/// Each method draws from the one seeded generator in a fixed order, so the data depends only on the seed and the days.
struct SyntheticRecorder {
    /// A walk: when it starts (local hour), how long (hours), the cadence (steps a minute).
    struct Walk {
        let start: Double
        let hours: Double
        let cadence: Double
    }

    /// A planned workout.
    struct PlannedWorkout {
        /// HKWorkoutActivityType raw value: 37 running, 52 walking, 13 cycling.
        let activity: UInt
        /// Local start hour.
        let start: Double
        /// Length in hours.
        let hours: Double
    }

    var random: SeededRandomNumberGenerator
    var watch: [Sample] = []
    var phone: [Sample] = []
    var food: [Sample] = []
    var sleepApp: [Sample] = []
    var scale: [Sample] = []
    var routes: [WorkoutRoute] = []
    /// The end of the last basal energy sample, so days in different time zones never overlap.
    var basalCursor: Date = .distantPast
    /// The end of the previous recorded day's waking hours: a night that would start more than an hour before it was
    /// spent on a plane flying east (from Los Angeles to Berlin the night there begins before the day here ends).
    var awakeUntil: Date = .distantPast
    /// When the person woke from the last night recorded: the day's heart rate and stand hours start then.
    var wokeAt: Date = .distantPast

    let steps: SampleType
    let distance: SampleType
    let cyclingDistance: SampleType
    let heartRate: SampleType
    let energy: SampleType
    let basalEnergy: SampleType
    let exerciseTime: SampleType
    let standHour: SampleType
    let dietaryEnergy: SampleType
    let sleep: SampleType
    let restingHeartRate: SampleType
    let heartRateVariability: SampleType
    let walkingHeartRate: SampleType
    let vo2Max: SampleType
    let respiratoryRate: SampleType
    let oxygenSaturation: SampleType
    let bodyMass: SampleType
    let bodyFat: SampleType
    let systolic: SampleType
    let diastolic: SampleType
    let bloodPressure: SampleType
    let perMinute: HealthUnit
    let vo2Unit: HealthUnit

    init(seed: UInt64) throws(HealthModelError) {
        random = SeededRandomNumberGenerator(seed: seed)
        steps = try .quantity("stepCount")
        distance = try .quantity("distanceWalkingRunning")
        cyclingDistance = try .quantity("distanceCycling")
        heartRate = try .quantity("heartRate")
        energy = try .quantity("activeEnergyBurned")
        basalEnergy = try .quantity("basalEnergyBurned")
        exerciseTime = try .quantity("appleExerciseTime")
        standHour = try .category("appleStandHour")
        dietaryEnergy = try .quantity("dietaryEnergyConsumed")
        sleep = try .category("sleepAnalysis")
        restingHeartRate = try .quantity("restingHeartRate")
        heartRateVariability = try .quantity("heartRateVariabilitySDNN")
        walkingHeartRate = try .quantity("walkingHeartRateAverage")
        vo2Max = try .quantity("vo2Max")
        respiratoryRate = try .quantity("respiratoryRate")
        oxygenSaturation = try .quantity("oxygenSaturation")
        bodyMass = try .quantity("bodyMass")
        bodyFat = try .quantity("bodyFatPercentage")
        systolic = try .quantity("bloodPressureSystolic")
        diastolic = try .quantity("bloodPressureDiastolic")
        bloodPressure = try .correlation("HKCorrelationTypeIdentifierBloodPressure")
        perMinute = try HealthUnit(parsing: "count/min")
        vo2Unit = try HealthUnit(parsing: "mL/kg.min")
    }

    mutating func uniform(_ range: ClosedRange<Double>) -> Double { Double.random(in: range, using: &random) }

    /// Appends a Watch quantity sample from `start` to `end` (an instant without `end`).
    mutating func recordWatch(
        _ type: SampleType, _ value: Double, _ unit: HealthUnit, from start: Date, to end: Date? = nil,
        metadata: [String: MetadataValue]? = nil
    ) throws(HealthModelError) {
        watch.append(
            try .quantity(
                type: type, quantity: Quantity(value, unit), start: start, end: end ?? start, metadata: metadata,
                device: SyntheticHealthData.watchDevice))
    }

    /// How fitness has grown by the day: 0 on the first day, 1 after about nine months.
    static func fitness(_ day: SyntheticDay) -> Double { min(1, Double(day.index) / 270) }

    // MARK: The day's plan

    /// The walks of the day: commutes on weekdays, a longer walk on weekends, two short ones on lazy days.
    mutating func walks(_ day: SyntheticDay) -> [Walk] {
        let factor = day.activity
        let plan: [(Double, Double)]
        switch (day.kind, day.isWeekend) {
        case (.lazy, _): plan = [(12.5, 0.2), (18.0, 0.25)]
        case (_, false): plan = [(8.0, 0.4 * factor), (12.25, 0.3 * factor), (17.5, 0.6 * factor), (20.25, 0.3)]
        case (_, true): plan = [(11.0, 1.0 * factor), (16.25, 0.5 * factor), (19.5, 0.3)]
        }
        var walks: [Walk] = []
        for (start, hours) in plan {
            let jitter = uniform(0...0.4)
            let cadence = uniform(95...118)
            guard start + jitter + hours <= day.endHour else { continue }
            walks.append(Walk(start: start + jitter, hours: hours, cadence: cadence))
        }
        return walks
    }

    /// The day's workouts: runs on Tuesday and Thursday evenings and Saturday mornings (9:30), a ride on Sundays, a long
    /// walk on long days; none on lazy days or without the Watch.
    mutating func workouts(_ day: SyntheticDay) -> [PlannedWorkout] {
        let length = uniform(0.6...0.9)
        guard day.watchWorn, day.kind != .lazy else { return [] }
        var plan: [PlannedWorkout] = []
        switch day.weekday {
        case 3, 5: plan.append(PlannedWorkout(activity: 37, start: 18.5, hours: length))
        case 7: plan.append(PlannedWorkout(activity: 37, start: 9.5, hours: length))
        case 1 where day.kind != .long: plan.append(PlannedWorkout(activity: 13, start: 13.0, hours: length * 2))
        default: break
        }
        if day.kind == .long { plan.append(PlannedWorkout(activity: 52, start: 13.0, hours: 1.5 + length)) }
        return plan.filter { $0.start + $0.hours <= day.endHour }
    }

    // MARK: Walking

    /// Walks as the Watch (minute by minute) and the carried phone (10-minute chunks) count them.
    mutating func recordWalks(_ walks: [Walk], on day: SyntheticDay) throws(HealthModelError) {
        for walk in walks {
            let start = day.at(walk.start)
            let end = day.at(walk.start + walk.hours)
            if day.watchWorn {
                try recordWatchMinutes(
                    from: start, to: end, cadence: walk.cadence, metersPerStep: nil, kilocaloriesPerMinute: nil)
                if walk.cadence >= 105 {
                    try recordWatch(exerciseTime, (walk.hours * 60).rounded(), .minute, from: start, to: end)
                }
            }
            if day.phoneCarried { try recordPhoneChunks(from: start, to: end, cadence: walk.cadence) }
        }
        if day.watchWorn, let first = walks.first, let last = walks.last {
            let rate = 92 + (1 - Self.fitness(day)) * 8 + uniform(-3...3)
            try recordWatch(
                walkingHeartRate, rate.rounded(), perMinute, from: day.at(first.start),
                to: day.at(last.start + last.hours))
        }
    }

    /// The Watch's minute samples from `start` to `end`: steps (when `cadence` is given), distance (for runs and
    /// walk workouts), active energy; returns the distance and energy it recorded.
    @discardableResult
    mutating func recordWatchMinutes(
        from start: Date, to end: Date, cadence: Double?, metersPerStep: Double?, kilocaloriesPerMinute: Double?,
        cyclingMetersPerMinute: Double? = nil
    ) throws(HealthModelError) -> (meters: Double, kilocalories: Double) {
        var meters = 0.0
        var kilocalories = 0.0
        var minuteStart = start
        while minuteStart < end {
            let minuteEnd = min(end, minuteStart.addingTimeInterval(60))
            let fraction = minuteEnd.timeIntervalSince(minuteStart) / 60
            var burned = 0.0
            if let cadence {
                let count = ((cadence + uniform(-6...6)) * fraction).rounded()
                try recordWatch(steps, count, .count, from: minuteStart, to: minuteEnd)
                burned = count * 0.045
                if let metersPerStep {
                    let walked = (count * metersPerStep).rounded()
                    meters += walked
                    try recordWatch(distance, walked, .meter(), from: minuteStart, to: minuteEnd)
                }
            }
            if let cyclingMetersPerMinute {
                let ridden = (cyclingMetersPerMinute * uniform(0.85...1.15) * fraction).rounded()
                meters += ridden
                try recordWatch(cyclingDistance, ridden, .meter(), from: minuteStart, to: minuteEnd)
            }
            if let kilocaloriesPerMinute { burned = kilocaloriesPerMinute * uniform(0.9...1.1) * fraction }
            let rounded = (burned * 10).rounded() / 10
            kilocalories += rounded
            if rounded > 0 {
                try recordWatch(energy, rounded, .kilocalorie, from: minuteStart, to: minuteEnd)
            }
            minuteStart = minuteEnd
        }
        return (meters, kilocalories)
    }

    /// The phone's steps and distance in 10-minute chunks, starting up to 90 seconds late (it notices later).
    mutating func recordPhoneChunks(from start: Date, to end: Date, cadence: Double) throws(HealthModelError) {
        var chunkStart = start.addingTimeInterval(uniform(0...90))
        while chunkStart < end {
            let chunkEnd = min(end, chunkStart.addingTimeInterval(600))
            let minutes = chunkEnd.timeIntervalSince(chunkStart) / 60
            let count = (minutes * cadence * uniform(0.9...1.02)).rounded()
            phone.append(
                try .quantity(
                    type: steps, quantity: Quantity(count, .count), start: chunkStart, end: chunkEnd,
                    device: SyntheticHealthData.phoneDevice))
            phone.append(
                try .quantity(
                    type: distance, quantity: Quantity(count * 0.74, .meter()), start: chunkStart, end: chunkEnd,
                    device: SyntheticHealthData.phoneDevice))
            chunkStart = chunkEnd
        }
    }

    // MARK: Heart rate, energy, stand hours

    /// Heart rate every five minutes from 7:00 or waking (higher on walks), skipping workouts, which record their own,
    /// and the nap.
    mutating func recordDaytimeHeartRate(
        _ day: SyntheticDay, walks: [Walk], workouts: [PlannedWorkout], nap: ClosedRange<Date>?
    ) throws(HealthModelError) {
        guard day.watchWorn else { return }
        let resting = 60 + (1 - Self.fitness(day)) * 8
        // Until 22:30 at the latest, the earliest bedtime.
        for minuteOfDay in stride(from: 7 * 60, to: Int(min(day.endHour, 22.5) * 60), by: 5) {
            let hour = Double(minuteOfDay) / 60
            if workouts.contains(where: { hour >= $0.start && hour < $0.start + $0.hours }) { continue }
            let walking = walks.contains { hour >= $0.start && hour < $0.start + $0.hours }
            let rate = (walking ? 105 : resting + 8) + uniform(-8...8)
            let time = day.at(hour)
            if time < wokeAt { continue }
            if let nap, nap.contains(time) { continue }
            try recordWatch(
                heartRate, rate.rounded(), perMinute, from: time,
                metadata: ["HKMetadataKeyHeartRateMotionContext": .number(walking ? 2 : 1)])
        }
    }

    /// Basal energy in hourly samples over the whole local day, never overlapping the previous day's (which matters
    /// on the days the time zone changes).
    mutating func recordBasalEnergy(_ day: SyntheticDay) throws(HealthModelError) {
        guard day.watchWorn else { return }
        for hour in 0..<24 {
            let start = day.at(Double(hour))
            let end = day.at(Double(hour + 1))
            guard start >= basalCursor, end > start else { continue }
            let kilocalories = (end.timeIntervalSince(start) / 3600 * uniform(66...71) * 10).rounded() / 10
            try recordWatch(basalEnergy, kilocalories, .kilocalorie, from: start, to: end)
            basalCursor = end
        }
    }

    /// One stand hour a waking hour: stood when moving, and most other hours.
    mutating func recordStandHours(
        _ day: SyntheticDay, walks: [Walk], workouts: [PlannedWorkout]
    ) throws(HealthModelError) {
        guard day.watchWorn else { return }
        for hour in 7..<Int(day.endHour) where day.at(Double(hour + 1)) > wokeAt {
            let within = { (start: Double, hours: Double) in start < Double(hour + 1) && start + hours > Double(hour) }
            let moving =
                walks.contains { within($0.start, $0.hours) } || workouts.contains { within($0.start, $0.hours) }
            let stood = moving || uniform(0...1) < 0.7
            watch.append(
                try .category(
                    type: standHour, value: stood ? 0 : 1, start: day.at(Double(hour)), end: day.at(Double(hour + 1)),
                    device: SyntheticHealthData.watchDevice))
        }
    }

    // MARK: Food

    /// Four meals at wall-clock times (none after the flight home leaves).
    mutating func recordMeals(_ day: SyntheticDay) throws(HealthModelError) {
        let meals = [
            ("Porridge with berries", 7.5, 380.0), ("Chicken salad", 12.5, 520.0), ("Apple", 15.5, 95.0),
            ("Lentil curry", 19.0, 640.0),
        ]
        for (name, mealHour, kilocalories) in meals where mealHour < day.endHour {
            let time = day.at(mealHour + uniform(-0.5...0.5))
            let amount = (kilocalories * uniform(0.9...1.1)).rounded()
            food.append(
                try .quantity(
                    type: dietaryEnergy, quantity: Quantity(amount, .kilocalorie), start: time, end: time,
                    metadata: [MetadataKey.foodType: .string(name)]))
        }
    }
}
