import Foundation

// The value enums of HealthKit's metadata keys, with HealthKit's raw values: a sample's metadata holds the raw value
// as a number (`[HKMetadataKeyInsulinDeliveryReason: HKInsulinDeliveryReason.bolus.rawValue]`), as in HealthKit.

/// Why insulin was delivered (`HKMetadataKeyInsulinDeliveryReason`).
public enum HKInsulinDeliveryReason: Int, Sendable, Hashable, CaseIterable {
    /// Basal insulin: the steady background dose.
    case basal = 1
    /// A bolus: a dose for a meal or a correction.
    case bolus = 2
}

/// When a blood glucose reading was taken relative to a meal (`HKMetadataKeyBloodGlucoseMealTime`).
public enum HKBloodGlucoseMealTime: Int, Sendable, Hashable, CaseIterable {
    /// Before a meal.
    case preprandial = 1
    /// After a meal.
    case postprandial = 2
}

/// What the person was doing when a heart rate was measured (`HKMetadataKeyHeartRateMotionContext`).
public enum HKHeartRateMotionContext: Int, Sendable, Hashable, CaseIterable {
    /// Not known.
    case notSet = 0
    /// At rest.
    case sedentary = 1
    /// Moving.
    case active = 2
}

/// Whether the person was still or moving when a sample was taken (`HKMetadataKeyUserMotionContext`).
public enum HKUserMotionContext: Int, Sendable, Hashable, CaseIterable {
    /// Not known.
    case notSet = 0
    /// Still.
    case stationary = 1
    /// Moving.
    case active = 2
}

/// Where on the body a heart rate sensor was worn (`HKMetadataKeyHeartRateSensorLocation`).
public enum HKHeartRateSensorLocation: Int, Sendable, Hashable, CaseIterable {
    /// Elsewhere.
    case other = 0
    /// The chest.
    case chest = 1
    /// The wrist.
    case wrist = 2
    /// A finger.
    case finger = 3
    /// The hand.
    case hand = 4
    /// An ear lobe.
    case earLobe = 5
    /// The foot.
    case foot = 6
}

/// Where a body temperature was measured (`HKMetadataKeyBodyTemperatureSensorLocation`).
public enum HKBodyTemperatureSensorLocation: Int, Sendable, Hashable, CaseIterable {
    /// Elsewhere.
    case other = 0
    /// The armpit.
    case armpit = 1
    /// The body in general.
    case body = 2
    /// The ear.
    case ear = 3
    /// A finger.
    case finger = 4
    /// The gastrointestinal tract.
    case gastroIntestinal = 5
    /// The mouth.
    case mouth = 6
    /// The rectum.
    case rectum = 7
    /// A toe.
    case toe = 8
    /// The ear drum.
    case earDrum = 9
    /// The temporal artery.
    case temporalArtery = 10
    /// The forehead.
    case forehead = 11
}

/// How a heart rate recovery figure was obtained (`HKMetadataKeyHeartRateRecoveryTestType`).
public enum HKHeartRateRecoveryTestType: Int, Sendable, Hashable, CaseIterable {
    /// Measured after maximal exercise.
    case maxExercise = 1
    /// Predicted from submaximal exercise.
    case predictionSubMaxExercise = 2
    /// Predicted without exercise.
    case predictionNonExercise = 3
}

/// How a VO₂ max figure was obtained (`HKMetadataKeyVO2MaxTestType`).
public enum HKVO2MaxTestType: Int, Sendable, Hashable, CaseIterable {
    /// Measured during maximal exercise.
    case maxExercise = 1
    /// Predicted from submaximal exercise.
    case predictionSubMaxExercise = 2
    /// Predicted without exercise.
    case predictionNonExercise = 3
    /// Predicted from a step test.
    case predictionStepTest = 4
}

/// How a cycling functional threshold power was obtained (`HKMetadataKeyCyclingFunctionalThresholdPowerTestType`).
public enum HKCyclingFunctionalThresholdPowerTestType: Int, Sendable, Hashable, CaseIterable {
    /// A 60-minute maximal effort.
    case maxExercise60Minute = 1
    /// A 20-minute maximal effort.
    case maxExercise20Minute = 2
    /// A ramp test.
    case rampTest = 3
    /// Predicted from exercise.
    case predictionExercise = 4
}

/// How a physical effort figure was estimated (`HKMetadataKeyPhysicalEffortEstimationType`).
public enum HKPhysicalEffortEstimationType: Int, Sendable, Hashable, CaseIterable {
    /// Looked up from the kind of activity.
    case activityLookup = 1
    /// Sensed by the device.
    case deviceSensed = 2
}

/// The weather during a workout or sample (`HKMetadataKeyWeatherCondition`).
public enum HKWeatherCondition: Int, Sendable, Hashable, CaseIterable {
    /// No condition given.
    case none = 0
    /// Clear.
    case clear = 1
    /// Fair.
    case fair = 2
    /// Partly cloudy.
    case partlyCloudy = 3
    /// Mostly cloudy.
    case mostlyCloudy = 4
    /// Cloudy.
    case cloudy = 5
    /// Foggy.
    case foggy = 6
    /// Hazy.
    case haze = 7
    /// Windy.
    case windy = 8
    /// Blustery.
    case blustery = 9
    /// Smoky.
    case smoky = 10
    /// Dusty.
    case dust = 11
    /// Snow.
    case snow = 12
    /// Hail.
    case hail = 13
    /// Sleet.
    case sleet = 14
    /// Freezing drizzle.
    case freezingDrizzle = 15
    /// Freezing rain.
    case freezingRain = 16
    /// Rain and hail.
    case mixedRainAndHail = 17
    /// Rain and snow.
    case mixedRainAndSnow = 18
    /// Rain and sleet.
    case mixedRainAndSleet = 19
    /// Snow and sleet.
    case mixedSnowAndSleet = 20
    /// Drizzle.
    case drizzle = 21
    /// Scattered showers.
    case scatteredShowers = 22
    /// Showers.
    case showers = 23
    /// Thunderstorms.
    case thunderstorms = 24
    /// A tropical storm.
    case tropicalStorm = 25
    /// A hurricane.
    case hurricane = 26
    /// A tornado.
    case tornado = 27
}

/// Where a swim took place (`HKMetadataKeySwimmingLocationType`).
public enum HKWorkoutSwimmingLocationType: Int, Sendable, Hashable, CaseIterable {
    /// Not known.
    case unknown = 0
    /// A pool.
    case pool = 1
    /// Open water.
    case openWater = 2
}

/// The stroke of a swimming lap or segment (`HKMetadataKeySwimmingStrokeStyle`).
public enum HKSwimmingStrokeStyle: Int, Sendable, Hashable, CaseIterable {
    /// Not known.
    case unknown = 0
    /// Several strokes.
    case mixed = 1
    /// Freestyle.
    case freestyle = 2
    /// Backstroke.
    case backstroke = 3
    /// Breaststroke.
    case breaststroke = 4
    /// Butterfly.
    case butterfly = 5
    /// With a kickboard.
    case kickboard = 6
}

/// On which side of the body a device was worn (`HKMetadataKeyDevicePlacementSide`).
public enum HKDevicePlacementSide: Int, Sendable, Hashable, CaseIterable {
    /// Not known.
    case unknown = 0
    /// The left side.
    case left = 1
    /// The right side.
    case right = 2
    /// The middle.
    case central = 3
}

/// The salinity of the water of an underwater sample (`HKMetadataKeyWaterSalinity`).
public enum HKWaterSalinity: Int, Sendable, Hashable, CaseIterable {
    /// Fresh water.
    case freshWater = 1
    /// Salt water.
    case saltWater = 2
}

/// The version of Apple's electrocardiogram algorithm that classified a recording (`HKMetadataKeyAppleECGAlgorithmVersion`).
public enum HKAppleECGAlgorithmVersion: Int, Sendable, Hashable, CaseIterable {
    /// The first version.
    case version1 = 1
    /// The second version.
    case version2 = 2
}
