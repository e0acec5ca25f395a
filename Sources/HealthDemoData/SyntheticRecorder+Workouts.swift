import Foundation
import HealthModel

extension SyntheticRecorder {
    /// A workout as the Watch records it: the workout (with a pause in runs), minute samples of steps, distance,
    /// energy and a higher heart rate while active, exercise minutes, VO2 max after runs, and a route whose points
    /// lie inside the active time; the carried phone counts the steps of runs and walks too.
    mutating func recordWorkout(
        _ planned: SyntheticRecorder.PlannedWorkout, on day: SyntheticDay
    )
        throws(HealthModelError)
    {
        let start = day.at(planned.start)
        let end = day.at(planned.start + planned.hours)
        let running = planned.activity == 37
        let cycling = planned.activity == 13
        var events: [WorkoutEvent] = []
        var active: [(Date, Date)] = [(start, end)]
        if running {
            let pause = start.addingTimeInterval(end.timeIntervalSince(start) * 0.4)
            let resume = pause.addingTimeInterval(180)
            events = [
                try WorkoutEvent(type: .pause, startDate: pause), try WorkoutEvent(type: .resume, startDate: resume),
            ]
            active = [(start, pause), (resume, end)]
        }
        let cadence: Double? = cycling ? nil : (running ? uniform(160...170) : uniform(108...116))
        let metersPerStep: Double? = cycling ? nil : (running ? uniform(1.0...1.15) : 0.75)
        let kilocaloriesPerMinute = running ? uniform(11...13) : (cycling ? uniform(8...10) : uniform(4.5...5.5))
        let cyclingSpeed: Double? = cycling ? uniform(320...380) : nil
        let fitness = Self.fitness(day)
        let effort = running ? 150 - fitness * 6 : (cycling ? 132 - fitness * 4 : 104)
        var meters = 0.0
        var kilocalories = 0.0
        var activeMinutes = 0.0
        for (spanStart, spanEnd) in active {
            let recorded = try recordWatchMinutes(
                from: spanStart, to: spanEnd, cadence: cadence, metersPerStep: metersPerStep,
                kilocaloriesPerMinute: kilocaloriesPerMinute, cyclingMetersPerMinute: cyclingSpeed)
            meters += recorded.meters
            kilocalories += recorded.kilocalories
            activeMinutes += spanEnd.timeIntervalSince(spanStart) / 60
            // Heart rate every minute, warming up over the first five.
            var minute = 0.0
            while spanStart.addingTimeInterval(minute * 60) < spanEnd {
                let time = spanStart.addingTimeInterval(minute * 60)
                let warmUp = min(1, (time.timeIntervalSince(start) / 60 + 1) / 5)
                let rate = 95 + (effort - 95) * warmUp + uniform(-6...6)
                try recordWatch(
                    heartRate, rate.rounded(), perMinute, from: time,
                    metadata: ["HKMetadataKeyHeartRateMotionContext": .number(2)])
                minute += 1
            }
            if day.phoneCarried, let cadence { try recordPhoneChunks(from: spanStart, to: spanEnd, cadence: cadence) }
        }
        try recordWatch(exerciseTime, activeMinutes.rounded(), .minute, from: start, to: end)
        let workout = try Sample.workout(
            activityTypeRawValue: planned.activity, start: start, end: end, events: events,
            statistics: [
                try WorkoutStatistic(
                    quantityTypeIdentifier: "activeEnergyBurned",
                    sum: Quantity((kilocalories * 10).rounded() / 10, .kilocalorie)),
                try WorkoutStatistic(
                    quantityTypeIdentifier: cycling ? "distanceCycling" : "distanceWalkingRunning",
                    sum: Quantity(meters, .meter())),
            ],
            metadata: ["HKIndoorWorkout": .number(0), MetadataKey.timeZone: .string(day.timeZone.identifier)],
            device: SyntheticHealthData.watchDevice)
        watch.append(workout)
        if running {
            let estimate = 42 + 4 * fitness + uniform(-0.6...0.6)
            try recordWatch(vo2Max, (estimate * 10).rounded() / 10, vo2Unit, from: end)
        }
        let path = route(of: workout, active: active, meters: meters, in: day.timeZone)
        routes.append(path)
    }

    /// A plausible loop of the workout's length around a park of the city the person is in (Berlin's Tiergarten at
    /// home, Central Park in New York, whichever the time zone is nearer to), one point every 10 seconds of active
    /// time, with a gently rolling altitude.
    mutating func route(of workout: Sample, active: [(Date, Date)], meters: Double, in zone: TimeZone) -> WorkoutRoute {
        let american = zone.secondsFromGMT(for: workout.startDate) < -2 * 3600
        let center = american ? (latitude: 40.7812, longitude: -73.9665) : (latitude: 52.5145, longitude: 13.3501)
        let baseAltitude = american ? 30.0 : 35.0
        let radius = max(200, meters / (2 * Double.pi))
        let phase = uniform(0...(2 * Double.pi))
        let hills = uniform(5...12)
        let activeSeconds = active.reduce(0) { $0 + $1.1.timeIntervalSince($1.0) }
        let speed = activeSeconds > 0 ? meters / activeSeconds : 0
        var locations: [WorkoutRouteLocation] = []
        var elapsed = 0.0
        for (spanStart, spanEnd) in active {
            var time = spanStart.addingTimeInterval(5)
            while time < spanEnd {
                let progress = (elapsed + time.timeIntervalSince(spanStart)) / max(1, activeSeconds)
                let angle = phase + 2 * Double.pi * progress
                let wobble = radius * (1 + 0.12 * sin(3 * angle))
                let north = wobble * sin(angle)
                let east = wobble * cos(angle)
                let latitude = center.latitude + north / 111_320
                let longitude = center.longitude + east / (111_320 * cos(center.latitude * Double.pi / 180))
                let course = (atan2(-sin(angle), cos(angle)) * 180 / Double.pi + 360).truncatingRemainder(
                    dividingBy: 360)
                locations.append(
                    WorkoutRouteLocation(
                        date: time, latitude: (latitude * 1e6).rounded() / 1e6,
                        longitude: (longitude * 1e6).rounded() / 1e6,
                        altitude: ((baseAltitude + hills * sin(2 * angle) + 3 * sin(5 * angle)) * 10).rounded() / 10,
                        speed: (speed * uniform(0.9...1.1) * 100).rounded() / 100, course: course.rounded(),
                        horizontalAccuracy: 4, verticalAccuracy: 3))
                time = time.addingTimeInterval(10)
            }
            elapsed += spanEnd.timeIntervalSince(spanStart)
        }
        return WorkoutRoute(
            uuid: RandomUUID.make(), workout: workout.uuid, sourceName: SyntheticHealthData.watch.source.name,
            filePath: nil, locations: locations)
    }
}
