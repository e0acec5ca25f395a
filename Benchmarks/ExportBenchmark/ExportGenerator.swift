import Foundation
import HealthModel
import HealthStore

/// Writes a large, realistic Apple Health export (`apple_health_export/export.xml` and `workout-routes/*.gpx`) from a
/// seed: several overlapping sources (Apple Watch, iPhone, third-party apps), minute-level energy, heart rate, steps
/// and distance, sleep, stand hours, HRV with beat lists, food and blood-pressure correlations, workouts with events,
/// statistics and GPX routes, a few exact duplicates, and a time zone with daylight-saving changes.
struct ExportGenerator {
    /// The folder to write `apple_health_export/` into.
    let folder: URL
    /// The size of `export.xml` to reach, in bytes.
    let targetBytes: Int64
    /// The seed of the random numbers.
    let seed: UInt64
    /// The time zone the data was recorded in (its offsets change with daylight saving time).
    let timeZone: TimeZone
    /// The first day.
    let startDay: Date

    private var random: SeededRandomNumberGenerator
    private var buffer: [UInt8] = []
    private var handle: FileHandle?
    private(set) var bytesWritten: Int64 = 0
    private(set) var records = 0
    private(set) var workouts = 0
    private(set) var routePoints = 0
    private(set) var days = 0
    private var offsetCache: [Int: Int] = [:]

    init(folder: URL, targetBytes: Int64, seed: UInt64, timeZone: TimeZone, startDay: Date) {
        self.folder = folder
        self.targetBytes = targetBytes
        self.seed = seed
        self.timeZone = timeZone
        self.startDay = startDay
        self.random = SeededRandomNumberGenerator(seed: seed)
    }

    private static let watchDevice =
        "&lt;&lt;HKDevice: 0x%@&gt;, name:Apple Watch, manufacturer:Apple Inc., model:Watch, hardware:Watch6,1, software:9.4&gt;"
    private static let phoneDevice =
        "&lt;&lt;HKDevice: 0x%@&gt;, name:iPhone, manufacturer:Apple Inc., model:iPhone, hardware:iPhone14,5, software:16.3&gt;"
    private static let watch = "Alex’s Apple Watch"
    private static let phone = "Alex’s iPhone"

    /// Writes the export; returns the path of `export.xml`.
    mutating func generate() throws -> URL {
        let export = folder.appendingPathComponent("apple_health_export")
        try FileManager.default.createDirectory(
            at: export.appendingPathComponent("workout-routes"), withIntermediateDirectories: true)
        let url = export.appendingPathComponent("export.xml")
        FileManager.default.createFile(atPath: url.path, contents: nil)
        handle = try FileHandle(forWritingTo: url)
        write(ExportGenerator.prologue)
        write(
            "<HealthData locale=\"en_US\">\n <ExportDate value=\"\(format(startDay.addingTimeInterval(86_400 * 2000)))\"/>\n"
        )
        write(
            " <Me HKCharacteristicTypeIdentifierDateOfBirth=\"1985-06-01\" HKCharacteristicTypeIdentifierBiologicalSex=\"HKBiologicalSexFemale\" HKCharacteristicTypeIdentifierBloodType=\"HKBloodTypeAPositive\" HKCharacteristicTypeIdentifierFitzpatrickSkinType=\"HKFitzpatrickSkinTypeNotSet\" HKCharacteristicTypeIdentifierCardioFitnessMedicationsUse=\"None\"/>\n"
        )
        var workoutLines: [String] = []
        var summaries: [String] = []
        var correlations: [String] = []
        // Records first (as real exports write them), then correlations, workouts and activity summaries; the
        // later sections are kept small enough to hold in memory (a few percent of the file).
        var day = startDay
        while bytesWritten < targetBytes * 93 / 100 {
            try writeDay(day, workouts: &workoutLines, correlations: &correlations, summaries: &summaries)
            day = day.addingTimeInterval(86_400)
            days += 1
        }
        for line in correlations { write(line) }
        for line in workoutLines { write(line) }
        for line in summaries { write(line) }
        write("</HealthData>\n")
        flush(force: true)
        try handle?.close()
        return url
    }

    private static let prologue = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE HealthData [
        <!-- HealthKit Export Version: 12 -->
        <!ELEMENT HealthData (ExportDate,Me,(Record|Correlation|Workout|ActivitySummary|ClinicalRecord|Audiogram|VisionPrescription)*)>
        <!ATTLIST HealthData
          locale CDATA #REQUIRED
        >
        <!ELEMENT ExportDate EMPTY>
        <!ATTLIST ExportDate
          value CDATA #REQUIRED
        >
        <!ELEMENT Record ((MetadataEntry|HeartRateVariabilityMetadataList)*)>
        <!ATTLIST Record
          type          CDATA #REQUIRED
          unit          CDATA #IMPLIED
          value         CDATA #IMPLIED
          sourceName    CDATA #REQUIRED
          sourceVersion CDATA #IMPLIED
          device        CDATA #IMPLIED
          creationDate  CDATA #IMPLIED
          startDate     CDATA #REQUIRED
          endDate       CDATA #REQUIRED
        >
        ]>

        """

    // MARK: Output

    private mutating func write(_ text: String) {
        buffer.append(contentsOf: text.utf8)
        if buffer.count >= 4 << 20 { flush(force: false) }
    }

    private mutating func flush(force: Bool) {
        guard !buffer.isEmpty else { return }
        handle?.write(Data(buffer))
        bytesWritten += Int64(buffer.count)
        buffer.removeAll(keepingCapacity: true)
    }

    private mutating func offset(at date: Date) -> Int {
        let hour = Int(date.timeIntervalSince1970 / 3600)
        if let cached = offsetCache[hour] { return cached }
        let offset = timeZone.secondsFromGMT(for: date)
        offsetCache[hour] = offset
        return offset
    }

    /// `yyyy-MM-dd HH:mm:ss ±hhmm` in the generator's time zone.
    private mutating func format(_ date: Date) -> String {
        let offset = offset(at: date)
        let local = Int(date.timeIntervalSince1970.rounded(.down)) + offset
        let days = local >= 0 ? local / 86_400 : (local - 86_399) / 86_400
        let seconds = local - days * 86_400
        let (year, month, day) = ProlepticGregorian.date(daysSince1970: days)
        let sign = offset < 0 ? "-" : "+"
        let absolute = abs(offset)
        return
            "\(year)-\(two(month))-\(two(day)) \(two(seconds / 3600)):\(two(seconds / 60 % 60)):\(two(seconds % 60)) \(sign)\(two(absolute / 3600))\(two(absolute / 60 % 60))"
    }

    private func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }

    private mutating func number(_ range: ClosedRange<Double>) -> Double { Double.random(in: range, using: &random) }
    private mutating func integer(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &random) }

    private mutating func address() -> String { String(random.next() & 0xFFFF_FFFF_FF, radix: 16) }

    private mutating func record(
        _ type: String, unit: String?, value: String, source: String, version: String, device: String?, start: Date,
        end: Date,
        metadata: [(String, String)] = [], children: String = ""
    ) -> String {
        records += 1
        var line = " <Record type=\"\(type)\" sourceName=\"\(source)\" sourceVersion=\"\(version)\""
        if let device { line += " device=\"\(device.replacingOccurrences(of: "%@", with: address()))\"" }
        if let unit { line += " unit=\"\(unit)\"" }
        line +=
            " creationDate=\"\(format(end.addingTimeInterval(120)))\" startDate=\"\(format(start))\" endDate=\"\(format(end))\" value=\"\(value)\""
        if metadata.isEmpty && children.isEmpty { return line + "/>\n" }
        line += ">\n"
        for (key, value) in metadata { line += "  <MetadataEntry key=\"\(key)\" value=\"\(value)\"/>\n" }
        return line + children + " </Record>\n"
    }

    private func rounded(_ value: Double, _ places: Int) -> String { String(format: "%.\(places)f", value) }

    // MARK: One day

    private mutating func writeDay(
        _ day: Date, workouts workoutLines: inout [String], correlations: inout [String], summaries: inout [String]
    ) throws {
        let dayStart = day
        var activeEnergy = 0.0
        // Minute-level active energy from the watch, waking hours.
        var minute = 7 * 60
        while minute < 23 * 60 {
            let start = dayStart.addingTimeInterval(Double(minute * 60))
            let length = integer(1...3)
            let kcal = number(0.05...2.5)
            activeEnergy += kcal
            write(
                record(
                    "HKQuantityTypeIdentifierActiveEnergyBurned", unit: "Cal", value: rounded(kcal, 3),
                    source: ExportGenerator.watch,
                    version: "9.4", device: ExportGenerator.watchDevice, start: start,
                    end: start.addingTimeInterval(Double(length * 60))))
            minute += length
        }
        // Basal energy every ~5 minutes all day.
        minute = 0
        while minute < 24 * 60 {
            let start = dayStart.addingTimeInterval(Double(minute * 60))
            write(
                record(
                    "HKQuantityTypeIdentifierBasalEnergyBurned", unit: "Cal", value: rounded(number(4...7), 3),
                    source: ExportGenerator.watch,
                    version: "9.4", device: ExportGenerator.watchDevice, start: start,
                    end: start.addingTimeInterval(300)))
            minute += 5
        }
        // Heart rate every ~4 minutes, with motion context.
        minute = 0
        while minute < 24 * 60 {
            let at = dayStart.addingTimeInterval(Double(minute * 60 + integer(0...59)))
            let motion = minute < 7 * 60 ? "1" : "0"
            write(
                record(
                    "HKQuantityTypeIdentifierHeartRate", unit: "count/min", value: String(integer(52...140)),
                    source: ExportGenerator.watch,
                    version: "9.4", device: ExportGenerator.watchDevice, start: at, end: at,
                    metadata: [("HKMetadataKeyHeartRateMotionContext", motion)]))
            minute += integer(3...6)
        }
        // Steps and distance from both the phone and the watch (overlapping sources), every ~10 minutes while awake.
        for (source, device, version) in [
            (ExportGenerator.phone, ExportGenerator.phoneDevice, "16.3"),
            (ExportGenerator.watch, ExportGenerator.watchDevice, "9.4"),
        ] {
            minute = 7 * 60
            while minute < 22 * 60 {
                let start = dayStart.addingTimeInterval(Double(minute * 60))
                let end = start.addingTimeInterval(Double(integer(60...600)))
                let steps = integer(5...900)
                write(
                    record(
                        "HKQuantityTypeIdentifierStepCount", unit: "count", value: String(steps), source: source,
                        version: version,
                        device: device, start: start, end: end))
                write(
                    record(
                        "HKQuantityTypeIdentifierDistanceWalkingRunning", unit: "km",
                        value: rounded(Double(steps) * 0.00075, 5),
                        source: source, version: version, device: device, start: start, end: end))
                minute += integer(6...14)
            }
        }
        // Stand hours and exercise minutes.
        for hour in 8..<22 {
            let start = dayStart.addingTimeInterval(Double(hour * 3600))
            write(
                record(
                    "HKCategoryTypeIdentifierAppleStandHour", unit: nil,
                    value: integer(0...3) == 0
                        ? "HKCategoryValueAppleStandHourIdle" : "HKCategoryValueAppleStandHourStood",
                    source: ExportGenerator.watch, version: "9.4", device: ExportGenerator.watchDevice, start: start,
                    end: start.addingTimeInterval(3600)))
        }
        for _ in 0..<integer(5...30) {
            let start = dayStart.addingTimeInterval(Double(integer(8 * 60...21 * 60) * 60))
            write(
                record(
                    "HKQuantityTypeIdentifierAppleExerciseTime", unit: "min", value: "1", source: ExportGenerator.watch,
                    version: "9.4",
                    device: ExportGenerator.watchDevice, start: start, end: start.addingTimeInterval(60)))
        }
        // Sleep from a third-party app, stages by name.
        var sleepAt = dayStart.addingTimeInterval(-3600 * 1.5)
        for _ in 0..<integer(6...10) {
            let length = Double(integer(15...90) * 60)
            let stage = [
                "HKCategoryValueSleepAnalysisAsleepCore", "HKCategoryValueSleepAnalysisAsleepDeep",
                "HKCategoryValueSleepAnalysisAsleepREM", "HKCategoryValueSleepAnalysisAwake",
            ][integer(0...3)]
            write(
                record(
                    "HKCategoryTypeIdentifierSleepAnalysis", unit: nil, value: stage, source: "AutoSleep",
                    version: "6.8", device: nil,
                    start: sleepAt, end: sleepAt.addingTimeInterval(length),
                    metadata: [("HKTimeZone", timeZone.identifier)]))
            sleepAt = sleepAt.addingTimeInterval(length)
        }
        // HRV with a beat list, twice a day.
        for hour in [3, 15] {
            let start = dayStart.addingTimeInterval(Double(hour * 3600 + integer(0...3000)))
            var beats = "  <HeartRateVariabilityMetadataList>\n"
            var at = start
            for _ in 0..<integer(40...60) {
                at = at.addingTimeInterval(number(0.7...1.1))
                let local = Int(at.timeIntervalSince1970) + offset(at: at)
                let secondsOfDay = ((local % 86_400) + 86_400) % 86_400
                let hundredths = Int((at.timeIntervalSince1970 * 100).rounded()) % 100
                beats +=
                    "   <InstantaneousBeatsPerMinute bpm=\"\(integer(55...90))\" time=\"\(secondsOfDay / 3600 % 12 == 0 ? 12 : secondsOfDay / 3600 % 12):\(two(secondsOfDay / 60 % 60)):\(two(secondsOfDay % 60)).\(two(hundredths)) \(secondsOfDay >= 43_200 ? "PM" : "AM")\"/>\n"
            }
            beats += "  </HeartRateVariabilityMetadataList>\n"
            write(
                record(
                    "HKQuantityTypeIdentifierHeartRateVariabilitySDNN", unit: "ms", value: rounded(number(20...90), 4),
                    source: ExportGenerator.watch,
                    version: "9.4", device: ExportGenerator.watchDevice, start: start, end: at, children: beats))
        }
        // Body mass from a scale app; an exact duplicate now and then (real exports have them).
        let weighed = dayStart.addingTimeInterval(7.5 * 3600)
        let weight = record(
            "HKQuantityTypeIdentifierBodyMass", unit: "kg", value: rounded(number(68...72), 2), source: "Withings",
            version: "5.1",
            device: nil, start: weighed, end: weighed)
        write(weight)
        if integer(0...19) == 0 {
            write(weight)
        }
        // Food (MyFitnessPal): dietary records at top level and again inside a Food correlation.
        for meal in 0..<3 {
            let at = dayStart.addingTimeInterval(Double((8 + meal * 5) * 3600))
            var nested = ""
            for (type, unit, range) in [
                ("HKQuantityTypeIdentifierDietaryEnergyConsumed", "kcal", 200.0...900.0),
                ("HKQuantityTypeIdentifierDietaryProtein", "g", 5.0...45.0),
                ("HKQuantityTypeIdentifierDietaryCarbohydrates", "g", 10.0...120.0),
                ("HKQuantityTypeIdentifierDietaryFatTotal", "g", 2.0...40.0),
            ] {
                let line = record(
                    type, unit: unit, value: rounded(number(range), 1), source: "MyFitnessPal", version: "22.1",
                    device: nil,
                    start: at, end: at, metadata: [("meal", ["Breakfast", "Lunch", "Dinner"][meal])])
                write(line)
                nested += " " + line  // the same record again, nested (as real exports write it)
            }
            correlations.append(
                " <Correlation type=\"HKCorrelationTypeIdentifierFood\" sourceName=\"MyFitnessPal\" sourceVersion=\"22.1\" creationDate=\"\(format(at))\" startDate=\"\(format(at))\" endDate=\"\(format(at))\">\n  <MetadataEntry key=\"meal\" value=\"\(["Breakfast", "Lunch", "Dinner"][meal])\"/>\n"
                    + nested + " </Correlation>\n")
        }
        // Workouts most days, with events, statistics and (outdoors) a GPX route.
        if integer(0...9) < 6 {
            try writeWorkout(dayStart: dayStart, into: &workoutLines)
        }
        summaries.append(
            " <ActivitySummary dateComponents=\"\(format(dayStart.addingTimeInterval(12 * 3600)).prefix(10))\" activeEnergyBurned=\"\(rounded(activeEnergy, 3))\" activeEnergyBurnedGoal=\"600\" activeEnergyBurnedUnit=\"Cal\" appleMoveTime=\"0\" appleMoveTimeGoal=\"0\" appleExerciseTime=\"\(integer(5...80))\" appleExerciseTimeGoal=\"30\" appleStandHours=\"\(integer(6...14))\" appleStandHoursGoal=\"12\"/>\n"
        )
    }

    private mutating func writeWorkout(dayStart: Date, into lines: inout [String]) throws {
        workouts += 1
        let start = dayStart.addingTimeInterval(Double(integer(6 * 60...19 * 60) * 60))
        let minutes = integer(25...70)
        let end = start.addingTimeInterval(Double(minutes * 60))
        let outdoor = integer(0...2) == 0
        let distance = Double(minutes) * number(0.12...0.2)
        let energy = Double(minutes) * number(8...12)
        var text =
            " <Workout workoutActivityType=\"HKWorkoutActivityTypeRunning\" duration=\"\(minutes - 2)\" durationUnit=\"min\" sourceName=\"\(ExportGenerator.watch)\" sourceVersion=\"9.4\" device=\"\(ExportGenerator.watchDevice.replacingOccurrences(of: "%@", with: address()))\" creationDate=\"\(format(end))\" startDate=\"\(format(start))\" endDate=\"\(format(end))\">\n"
        text +=
            "  <MetadataEntry key=\"HKIndoorWorkout\" value=\"\(outdoor ? 0 : 1)\"/>\n  <MetadataEntry key=\"HKTimeZone\" value=\"\(timeZone.identifier)\"/>\n  <MetadataEntry key=\"HKAverageMETs\" value=\"9.8 kcal/hr·kg\"/>\n"
        let pause = start.addingTimeInterval(Double(minutes * 30))
        text +=
            "  <WorkoutEvent type=\"HKWorkoutEventTypePause\" date=\"\(format(pause))\" duration=\"0\" durationUnit=\"min\"/>\n"
        text +=
            "  <WorkoutEvent type=\"HKWorkoutEventTypeResume\" date=\"\(format(pause.addingTimeInterval(120)))\" duration=\"0\" durationUnit=\"min\"/>\n"
        text +=
            "  <WorkoutEvent type=\"HKWorkoutEventTypeSegment\" date=\"\(format(start))\" duration=\"\(minutes / 2)\" durationUnit=\"min\"/>\n"
        text +=
            "  <WorkoutStatistics type=\"HKQuantityTypeIdentifierActiveEnergyBurned\" startDate=\"\(format(start))\" endDate=\"\(format(end))\" sum=\"\(rounded(energy, 3))\" unit=\"Cal\"/>\n"
        text +=
            "  <WorkoutStatistics type=\"HKQuantityTypeIdentifierDistanceWalkingRunning\" startDate=\"\(format(start))\" endDate=\"\(format(end))\" sum=\"\(rounded(distance, 4))\" unit=\"km\"/>\n"
        text +=
            "  <WorkoutStatistics type=\"HKQuantityTypeIdentifierHeartRate\" startDate=\"\(format(start))\" endDate=\"\(format(end))\" average=\"148\" minimum=\"95\" maximum=\"178\" unit=\"count/min\"/>\n"
        if outdoor {
            let name = "route_\(format(start).prefix(10))_\(workouts).gpx"
            text +=
                "  <WorkoutRoute sourceName=\"\(ExportGenerator.watch)\" sourceVersion=\"9.4\" creationDate=\"\(format(end))\" startDate=\"\(format(start))\" endDate=\"\(format(end))\">\n"
            text +=
                "   <MetadataEntry key=\"HKMetadataKeySyncVersion\" value=\"2\"/>\n   <FileReference path=\"/workout-routes/\(name)\"/>\n  </WorkoutRoute>\n"
            try writeRoute(named: name, start: start, seconds: minutes * 60)
        }
        text += " </Workout>\n"
        lines.append(text)
    }

    private mutating func writeRoute(named name: String, start: Date, seconds: Int) throws {
        var gpx =
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<gpx version=\"1.1\" creator=\"Apple Health Export\" xmlns=\"http://www.topografix.com/GPX/1/1\">\n  <trk>\n    <name>\(name)</name>\n    <trkseg>\n"
        var latitude = 37.77 + number(-0.05...0.05)
        var longitude = -122.42 + number(-0.05...0.05)
        let formatter = ISO8601DateFormatter()
        for second in stride(from: 0, to: seconds, by: 2) {
            latitude += number(-0.00003...0.00003)
            longitude += number(-0.00003...0.00003)
            gpx +=
                "      <trkpt lon=\"\(rounded(longitude, 6))\" lat=\"\(rounded(latitude, 6))\"><ele>\(rounded(number(10...40), 6))</ele><time>\(formatter.string(from: start.addingTimeInterval(Double(second))))</time><extensions><speed>\(rounded(number(2...4), 6))</speed><course>\(rounded(number(0...359), 6))</course><hAcc>\(rounded(number(2...6), 6))</hAcc><vAcc>\(rounded(number(2...5), 6))</vAcc></extensions></trkpt>\n"
            routePoints += 1
        }
        gpx += "    </trkseg>\n  </trk>\n</gpx>\n"
        try Data(gpx.utf8).write(to: folder.appendingPathComponent("apple_health_export/workout-routes/\(name)"))
    }
}
