import Foundation
import HealthEngine
import HealthModel
import HealthStore

/// Realistic generated health data for demos, tests, benchmarks and report screenshots.
///
/// Five sources, as in real life: an Apple Watch and an iPhone that both count the same walks (and runs), a sleep
/// app and the phone's bedtime schedule recording the same nights as the Watch's sleep stages (so merged sleep is
/// less than the sum of the sources), a food app, and a scale app for weight, body fat and blood pressure. Days vary:
/// weekends differ from weekdays, some days are lazy and some long (a long walk), naps happen now and then. Runs,
/// rides and walks are workouts with routes and a higher heart rate. Vitals drift slowly over months (resting heart
/// rate down, VO2 max up, weight down).
///
/// Some days are fixed by their index from the first day (`DayPattern`): the phone left at home, the Watch charging,
/// a day with no data at all, and a week on a trip in another time zone (`tripTimeZone`), where samples are
/// recorded at local times there and sleep and workouts carry that zone as `HKTimeZone` metadata (as real exports'
/// do; the importer and every engine still lay days out in the calendar they are given).
///
/// Everything is derived from the seed, the first day and the calendar given, so the same call gives the same data
/// (only the objects' UUIDs are new each time).
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
    /// A sleep-tracking app on the phone: one `asleepUnspecified` span a night.
    public static let sleepApp = SourceRevision(
        source: Source(name: "AutoSleep", bundleIdentifier: "com.tantsissa.AutoSleep"), version: "6.9.1",
        productType: "iPhone15,2", operatingSystemVersion: "17.1")
    /// A smart scale's app: weight, body fat and blood pressure.
    public static let scaleApp = SourceRevision(
        source: Source(name: "Health Mate", bundleIdentifier: "com.withings.wiScaleNG"), version: "6.3.1",
        productType: "iPhone15,2", operatingSystemVersion: "17.1")

    /// The days fixed by their index from the first generated day, so tests and demos find them.
    public enum DayPattern {
        /// The phone stays at home (it counts no steps; its bedtime schedule still records the night).
        public static func phoneLeftAtHome(_ dayIndex: Int) -> Bool { dayIndex % 11 == 5 }
        /// The Watch is charging: it records nothing that day, nor the night before.
        public static func watchCharging(_ dayIndex: Int) -> Bool { dayIndex % 13 == 9 }
        /// Nothing at all is recorded (no sleep the night before either).
        public static func noData(_ dayIndex: Int) -> Bool { dayIndex % 29 == 24 }
        /// On the trip: the days 14 to 20 of every 91 (a week away each quarter).
        public static func away(_ dayIndex: Int) -> Bool { (14..<21).contains(dayIndex % 91) }
    }

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
        /// Workout routes, saved after the samples (their workouts are among them).
        public let routes: [WorkoutRoute]

        /// A batch.
        public init(sourceRevision: SourceRevision, samples: [Sample], routes: [WorkoutRoute] = []) {
            self.sourceRevision = sourceRevision
            self.samples = samples
            self.routes = routes
        }
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

    /// The time zone of the trip: New York, or Berlin for people who live in the Americas.
    public var tripTimeZone: TimeZone {
        let americas = calendar.timeZone.secondsFromGMT(for: firstDay) < -2 * 3600
        return TimeZone(identifier: americas ? "Europe/Berlin" : "America/New_York") ?? calendar.timeZone
    }

    /// The day with that index as lived: in which time zone, what kind of day, who recorded it.
    func plan(_ dayIndex: Int, random: inout SeededRandomNumberGenerator) -> SyntheticDay {
        let away = DayPattern.away(dayIndex)
        var local = calendar
        if away { local.timeZone = tripTimeZone }
        let homeStart = calendar.date(byAdding: .day, value: dayIndex, to: firstDay) ?? firstDay
        let start =
            local.date(from: calendar.dateComponents([.year, .month, .day], from: homeStart)).map {
                local.startOfDay(for: $0)
            } ?? homeStart
        let draw = Double.random(in: 0..<1, using: &random)
        let activity = Double.random(in: 0.8...1.2, using: &random)
        let recorded = !DayPattern.noData(dayIndex)
        return SyntheticDay(
            index: dayIndex, calendar: local, start: start, weekday: local.component(.weekday, from: start),
            kind: draw < 0.12 ? .lazy : (draw > 0.88 ? .long : .normal), activity: activity,
            watchWorn: recorded && !DayPattern.watchCharging(dayIndex),
            phoneCarried: recorded && !DayPattern.phoneLeftAtHome(dayIndex), recorded: recorded, away: away,
            // A flight leaves in the afternoon of the last day in a time zone: nothing awake after 16:00 there.
            endHour: away != DayPattern.away(dayIndex + 1) ? 16 : 23)
    }

    /// The generated samples, one batch per source (the Watch's with its workouts' routes).
    public func batches() throws(HealthModelError) -> [Batch] {
        var recorder = try SyntheticRecorder(seed: seed)
        for dayIndex in 0..<days {
            let day = plan(dayIndex, random: &recorder.random)
            guard day.recorded else { continue }
            let night = try recorder.recordNight(day)
            recorder.awakeUntil = day.at(day.endHour)
            let walks = recorder.walks(day)
            let workouts = recorder.workouts(day)
            try recorder.recordWalks(walks, on: day)
            for workout in workouts { try recorder.recordWorkout(workout, on: day) }
            let nap = try recorder.recordNap(day)
            try recorder.recordDaytimeHeartRate(day, walks: walks, workouts: workouts, nap: nap)
            try recorder.recordBasalEnergy(day)
            try recorder.recordStandHours(day, walks: walks, workouts: workouts)
            try recorder.recordWatchVitals(day, night: night)
            try recorder.recordScale(day)
            try recorder.recordMeals(day)
        }
        return [
            Batch(sourceRevision: SyntheticHealthData.watch, samples: recorder.watch, routes: recorder.routes),
            Batch(sourceRevision: SyntheticHealthData.phone, samples: recorder.phone),
            Batch(sourceRevision: SyntheticHealthData.sleepApp, samples: recorder.sleepApp),
            Batch(sourceRevision: SyntheticHealthData.scaleApp, samples: recorder.scale),
            Batch(sourceRevision: SyntheticHealthData.foodApp, samples: recorder.food),
        ]
    }

    /// Generates the data and saves it into a store, one batch per source (a workout with its route); returns how many
    /// samples were saved. Types only Apple's algorithms write (stand hours, exercise minutes, walking heart rate) are
    /// saved as an import saves them, with their source revision.
    @discardableResult
    public func save(into store: HealthDataStore) throws -> Int {
        var saved = 0
        for batch in try batches() {
            let writable = batch.samples.filter { !$0.type.isReadOnly }
            let recordedByApple = batch.samples.filter(\.type.isReadOnly).map {
                $0.with(sourceRevision: batch.sourceRevision)
            }
            // Each workout's route is a route sample associated with it, saved in the same commit.
            let devices = Dictionary(
                batch.samples.filter { $0.type == .workout }.map { ($0.uuid, $0.device) },
                uniquingKeysWith: { first, _ in first })
            let routes = try batch.routes.map { route in
                (
                    try Sample.workoutRoute(
                        uuid: route.uuid, locations: route.locations, device: devices[route.workout] ?? nil),
                    route.workout
                )
            }
            if !writable.isEmpty {
                let result = try store.save(
                    writable + routes.map(\.0), as: batch.sourceRevision,
                    associations: routes.map { WorkoutAssociation(workout: $0.1, samples: [$0.0.uuid]) })
                saved += result.inserted.count - routes.count
            }
            if !recordedByApple.isEmpty { saved += try store.saveImported(recordedByApple).inserted.count }
        }
        return saved
    }
}
