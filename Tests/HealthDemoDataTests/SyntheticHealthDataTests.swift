import Foundation
import HealthDemoData
import HealthEngine
import HealthModel
import HealthStore
import HealthTestSupport
import Testing

@Suite("Generated demo data")
struct SyntheticHealthDataTests {
    static func calendar(_ identifier: String) -> Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: identifier)!
        return calendar
    }

    /// Thirty days from Monday 2024-03-04 in Berlin: the trip is 2024-03-18 to 2024-03-24 (days 14 to 20).
    static let berlin = calendar("Europe/Berlin")
    static let firstDay = berlin.date(from: DateComponents(year: 2024, month: 3, day: 4))!
    static func month(seed: UInt64 = 3) -> SyntheticHealthData {
        SyntheticHealthData(calendar: berlin, firstDay: firstDay, days: 30, seed: seed)
    }

    /// Everything about a sample except its UUID (new on every run), as text.
    static func fingerprint(_ sample: Sample) -> String {
        let metadata = (sample.metadata ?? [:]).sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
        let objects = (sample.correlatedObjects ?? []).map(fingerprint).joined(separator: "+")
        let workout = sample.workoutContent.map {
            "\($0.activityTypeRawValue) \($0.duration) \($0.statistics.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }) \($0.events.count)"
        }
        return [
            sample.type.identifier, "\(sample.startDate.timeIntervalSince1970)",
            "\(sample.endDate.timeIntervalSince1970)",
            "\(sample.quantity.map { "\($0)" } ?? "")", "\(sample.categoryValue.map(String.init) ?? "")",
            metadata.joined(separator: ","), sample.device?.name ?? "", objects, workout ?? "",
        ].joined(separator: "|")
    }

    static func index(of date: Date, in calendar: Calendar = berlin) -> Int {
        calendar.dateComponents([.day], from: firstDay, to: calendar.startOfDay(for: date)).day!
    }

    /// The index of the day a sample falls on where the person was: New York's day on the trip, else Berlin's.
    static func localIndex(of date: Date) -> Int {
        let away = index(of: date, in: calendar("America/New_York"))
        return SyntheticHealthData.DayPattern.away(away) ? away : index(of: date)
    }

    @Test("the same seed gives the same samples and routes, and a different seed different ones")
    func deterministic() throws {
        func data(_ seed: UInt64) throws -> (samples: [String], routes: [[WorkoutRouteLocation]]) {
            let batches = try Self.month(seed: seed).batches()
            return (
                batches.flatMap { batch in
                    batch.samples.map { "\(batch.sourceRevision.source.name) \(Self.fingerprint($0))" }
                },
                batches.flatMap { $0.routes.map(\.locations) }
            )
        }
        let first = try data(7)
        let again = try data(7)
        #expect(first.samples.count > 10_000)
        #expect(first.samples == again.samples)
        #expect(first.routes == again.routes)
        #expect(try data(8).samples != first.samples)
    }

    @Test(
        "meals stay at wall-clock times on the spring-forward day", arguments: ["America/Los_Angeles", "Europe/Berlin"])
    func wallClockAcrossDaylightSaving(zone: String) throws {
        let calendar = Self.calendar(zone)
        let springForward =
            zone == "Europe/Berlin"
            ? DateComponents(year: 2024, month: 3, day: 31) : DateComponents(year: 2024, month: 3, day: 10)
        let day = calendar.date(from: springForward)!
        let food = try #require(
            try SyntheticHealthData(calendar: calendar, firstDay: day, days: 1).batches().first {
                $0.sourceRevision == SyntheticHealthData.foodApp
            })
        let hours = food.samples.map { calendar.component(.hour, from: $0.startDate) }
        // Breakfast 7:00-8:00, lunch 12:00-13:00, snack 15:00-16:00, dinner 18:00-19:00 local, whatever the UTC offset.
        #expect(hours.count == 4)
        #expect(
            (7...8).contains(hours[0]) && (12...13).contains(hours[1]) && (15...16).contains(hours[2])
                && (18...19).contains(hours[3]))
    }

    @Test("the trip's days are recorded at New York's local times and their sleep and workouts carry its HKTimeZone")
    func tripDays() throws {
        let generator = Self.month()
        #expect(generator.tripTimeZone.identifier == "America/New_York")
        let newYork = Self.calendar("America/New_York")
        let samples = try generator.batches().flatMap(\.samples)
        let sleep = try SampleType.category("sleepAnalysis")
        var zones: [Int: Set<String>] = [:]
        for sample in samples where sample.type == sleep || sample.type == .workout {
            // A night's samples belong to the day it ends on: they start after 22:00 and end by 11:00, naps are at
            // 14:15, so six hours after a sample's end is on its waking day. A workout belongs to the day it starts on.
            let date = sample.type == sleep ? sample.endDate.addingTimeInterval(6 * 3600) : sample.startDate
            let zone = try #require(sample.metadata?[MetadataKey.timeZone]?.stringValue)
            let local = zone == "America/New_York" ? newYork : Self.berlin
            zones[Self.index(of: date, in: local), default: []].insert(zone)
        }
        for day in 0..<30 where !SyntheticHealthData.DayPattern.noData(day) {
            let expected = SyntheticHealthData.DayPattern.away(day) ? "America/New_York" : "Europe/Berlin"
            #expect(zones[day] == [expected], "day \(day)")
        }
        // Breakfast on the trip is at 7:00-8:00 in New York, which is 12:00-13:00 in Berlin.
        let breakfasts = try #require(generator.batches().first { $0.sourceRevision == SyntheticHealthData.foodApp })
            .samples.filter { $0.metadata?[MetadataKey.foodType]?.stringValue == "Porridge with berries" }
        let onTrip = breakfasts.filter { (14..<21).contains(Self.index(of: $0.startDate, in: newYork)) }
        #expect(onTrip.count == 7)
        #expect(onTrip.allSatisfy { (7...8).contains(newYork.component(.hour, from: $0.startDate)) })
        #expect(onTrip.allSatisfy { (12...14).contains(Self.berlin.component(.hour, from: $0.startDate)) })
    }

    @Test(
        "nobody is awake while asleep: the Watch's sleep overlaps no steps and no daytime heart rate, at home and around trips east and west",
        arguments: ["Europe/Berlin", "America/Los_Angeles"])
    func sleepAndStepsApart(zone: String) throws {
        let calendar = Self.calendar(zone)
        let generator = SyntheticHealthData(
            calendar: calendar, firstDay: calendar.date(from: DateComponents(year: 2024, month: 10, day: 1))!,
            days: 30, seed: 11)
        #expect(generator.tripTimeZone.identifier == (zone == "Europe/Berlin" ? "America/New_York" : "Europe/Berlin"))
        let samples = try generator.batches().flatMap(\.samples)
        let sleep = try SampleType.category("sleepAnalysis")
        let steps = try SampleType.quantity("stepCount")
        // The Watch's asleep samples (the sleep app's span runs on a little after waking, as such apps' do).
        let asleep = samples.filter {
            $0.type == sleep && $0.device == SyntheticHealthData.watchDevice && $0.categoryValue != 2
        }
        .map { ($0.startDate, $0.endDate) }.sorted { $0.0 < $1.0 }
        let heartRate = try SampleType.quantity("heartRate")
        // Steps, and heart rates taken awake (the Watch notes the motion context of those).
        let walking = samples.filter {
            $0.type == steps || ($0.type == heartRate && $0.metadata?["HKMetadataKeyHeartRateMotionContext"] != nil)
        }.map { ($0.startDate, $0.endDate) }.sorted { $0.0 < $1.0 }
        #expect(asleep.count > 200 && walking.count > 1_000)
        var overlaps: [(Date, Date)] = []
        var next = 0
        for span in asleep {
            while next < walking.count && walking[next].1 <= span.0 { next += 1 }
            var index = next
            while index < walking.count && walking[index].0 < span.1 {
                if walking[index].1 > span.0 { overlaps.append(walking[index]) }
                index += 1
            }
        }
        #expect(overlaps.isEmpty, "\(overlaps.prefix(3))")
    }

    @Test("the missing days miss what they should: the phone's steps, the Watch's everything, or all data")
    func missingDays() throws {
        let batches = try Self.month().batches()
        func days(of revision: SourceRevision, _ type: SampleType) -> Set<Int> {
            Set(
                batches.first { $0.sourceRevision == revision }!.samples.filter { $0.type == type }.map {
                    Self.localIndex(of: $0.startDate)
                })
        }
        let steps = try SampleType.quantity("stepCount")
        let heartRate = try SampleType.quantity("heartRate")
        let phoneSteps = days(of: SyntheticHealthData.phone, steps)
        let watchHeartRate = days(of: SyntheticHealthData.watch, heartRate)
        let meals = days(of: SyntheticHealthData.foodApp, try SampleType.quantity("dietaryEnergyConsumed"))
        // Phone at home on days 5, 16 and 27; the Watch charging on days 9 and 22; nothing at all on day 24.
        #expect(phoneSteps.isDisjoint(with: [5, 16, 27, 24]))
        #expect(phoneSteps.isSuperset(of: [4, 6, 9, 22]))
        #expect(watchHeartRate.isDisjoint(with: [9, 22, 24]))
        #expect(watchHeartRate.isSuperset(of: [5, 8, 10, 16]))
        #expect(meals == Set(0..<30).subtracting([24]))
    }

    @Test(
        "a night recorded by the Watch, the sleep app and the phone merges to less asleep time than the sources add up to",
        arguments: StorageBackend.allCases)
    func overlappingSleep(_ backend: StorageBackend) throws {
        let store = backend.makeStore()
        let generator = SyntheticHealthData(calendar: Self.berlin, firstDay: Self.firstDay, days: 3, seed: 3)
        try generator.save(into: store)
        let wakingDay = DateComponents(year: 2024, month: 3, day: 6)
        let night = try #require(
            try store.sleepNights(SleepNightsRequest(first: wakingDay, last: wakingDay, calendar: Self.berlin))
                .first { !$0.isNap })
        #expect(Set(night.sources.map(\.name)) == ["Alex's Apple Watch", "AutoSleep", "Alex's iPhone"])
        let sleep = try SampleType.category("sleepAnalysis")
        var asleepBySource: [String: TimeInterval] = [:]
        for sample in try store.samples(
            SampleQueryRequest(type: sleep, predicate: .date(start: night.start, end: night.end, options: [])))
        where [1, 3, 4, 5].contains(sample.categoryValue ?? -1) {
            asleepBySource[sample.sourceRevision!.source.name, default: 0] += sample.duration
        }
        #expect(asleepBySource.count == 2)
        let sum = asleepBySource.values.reduce(0, +)
        // Merged: about the longer source's asleep time (the spans differ a little), far below their sum.
        #expect(night.asleep > asleepBySource.values.max()! * 0.9)
        #expect(night.asleep < sum * 0.6)
        #expect((night.inBed ?? 0) >= night.asleep)
        #expect(night.stages[.asleepDeep] ?? 0 > 0)
    }

    @Test(
        "every workout has a route whose points lie inside its active time, about as long as its distance",
        arguments: StorageBackend.allCases)
    func routes(_ backend: StorageBackend) throws {
        let generator = Self.month()
        let watch = try #require(try generator.batches().first { $0.sourceRevision == SyntheticHealthData.watch })
        let workouts = watch.samples.filter { $0.type == .workout }
        #expect(workouts.count >= 8)
        let activities = Set(workouts.compactMap { $0.workoutContent?.activityTypeRawValue })
        #expect(activities.isSuperset(of: [37, 13]))
        #expect(watch.routes.count == workouts.count)
        for workout in workouts {
            let route = try #require(watch.routes.first { $0.workout == workout.uuid })
            let content = try #require(workout.workoutContent)
            #expect(route.locations.count > 100)
            #expect(route.locations.allSatisfy { $0.date > workout.startDate && $0.date < workout.endDate })
            #expect(route.locations.allSatisfy { $0.altitude != nil })
            // No points while paused.
            if let pause = content.events.first(where: { $0.type == .pause }),
                let resume = content.events.first(where: { $0.type == .resume })
            {
                #expect(route.locations.allSatisfy { $0.date < pause.startDate || $0.date > resume.startDate })
            }
            var length = 0.0
            for (from, to) in zip(route.locations, route.locations.dropFirst()) {
                let latitude = (from.latitude + to.latitude) / 2 * Double.pi / 180
                let north = (to.latitude - from.latitude) * 111_320
                let east = (to.longitude - from.longitude) * 111_320 * cos(latitude)
                length += (north * north + east * east).squareRoot()
            }
            let distance = try #require(try content.totalDistance?.value(in: .meter()))
            #expect(length > distance * 0.8 && length < distance * 1.3, "\(length) m of route for \(distance) m")
        }
        let store = backend.makeStore()
        try generator.save(into: store)
        let stored = try store.samples(SampleQueryRequest(type: .workout, predicate: .all))
        #expect(stored.count == workouts.count)
        for workout in stored {
            let routes = try store.workoutRoutes(ofWorkout: workout.uuid)
            #expect(routes.count == 1)
            #expect(routes.first?.locations.first.map { $0.date > workout.startDate } == true)
        }
    }

    @Test("vitals are there and drift: resting heart rate down and VO2 max up over nine months; a scale weighs at home")
    func vitals() throws {
        let samples = try SyntheticHealthData(calendar: Self.berlin, firstDay: Self.firstDay, days: 300, seed: 5)
            .batches().flatMap(\.samples)
        func values(_ identifier: String, _ unit: String, days: Range<Int>) throws -> [Double] {
            let type = try SampleType.quantity(identifier)
            let unit = try HealthUnit(parsing: unit)
            return try samples.filter { $0.type == type && days.contains(Self.index(of: $0.startDate)) }.compactMap {
                try $0.quantity?.value(in: unit)
            }
        }
        func mean(_ values: [Double]) -> Double { values.reduce(0, +) / Double(max(1, values.count)) }
        let restingFirst = try values("restingHeartRate", "count/min", days: 0..<30)
        let restingLast = try values("restingHeartRate", "count/min", days: 270..<300)
        #expect(restingFirst.count >= 25)
        #expect(mean(restingFirst) - mean(restingLast) > 4)
        #expect(
            try mean(values("vo2Max", "mL/kg.min", days: 270..<300)) > mean(values("vo2Max", "mL/kg.min", days: 0..<30))
        )
        for (identifier, unit) in [
            ("heartRateVariabilitySDNN", "ms"), ("walkingHeartRateAverage", "count/min"),
            ("respiratoryRate", "count/min"), ("oxygenSaturation", "%"), ("bodyMass", "kg"),
            ("bodyFatPercentage", "%"), ("basalEnergyBurned", "kcal"), ("appleExerciseTime", "min"),
        ] {
            #expect(try !values(identifier, unit, days: 0..<30).isEmpty, "\(identifier)")
        }
        let pressure = samples.filter { $0.type.identifier == "HKCorrelationTypeIdentifierBloodPressure" }
        #expect(pressure.count > 20)
        #expect(pressure.allSatisfy { $0.correlatedObjects?.count == 2 })
        // The scale stays at home: nothing from it on the trip days.
        let weights = try SampleType.quantity("bodyMass")
        #expect(
            samples.filter { $0.type == weights }.allSatisfy {
                !SyntheticHealthData.DayPattern.away(Self.localIndex(of: $0.startDate))
            })
        let stand = try SampleType.category("appleStandHour")
        #expect(samples.contains { $0.type == stand && $0.categoryValue == 0 })
    }
}
