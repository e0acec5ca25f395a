// HealthKit's Swift identifier types, value enums, metadata keys and sort/predicate constants, spelled as HealthKit
// spells them so that code written against HealthKit compiles with only its import changed.
// The identifier lists match HealthModel's TypeTable (QuantityTypeTable.swift, CategoryTypeTable.swift,
// WorkoutActivityTypeTable.swift); the string values of metadata keys and constants are the ones HealthKit itself
// uses (several differ from their constant names, e.g. HKMetadataKeyTimeZone is "HKTimeZone").

import Foundation

/// The identifier of a quantity type, e.g. `.stepCount`.
public struct HKQuantityTypeIdentifier: RawRepresentable, Hashable, Sendable, Codable, CustomStringConvertible {
    /// The identifier string, e.g. as it appears in an export.
    public let rawValue: String
    /// Wraps an identifier string.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Wraps an identifier string.
    public init(_ rawValue: String) { self.rawValue = rawValue }
    /// The identifier string.
    public var description: String { rawValue }
}

extension HKQuantityTypeIdentifier {
    /// HKQuantityTypeIdentifierAppleSleepingWristTemperature (degC).
    public static let appleSleepingWristTemperature = HKQuantityTypeIdentifier(
        rawValue: "HKQuantityTypeIdentifierAppleSleepingWristTemperature")
    /// HKQuantityTypeIdentifierBodyFatPercentage (%).
    public static let bodyFatPercentage = HKQuantityTypeIdentifier(
        rawValue: "HKQuantityTypeIdentifierBodyFatPercentage")
    /// HKQuantityTypeIdentifierBodyMass (kg).
    public static let bodyMass = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierBodyMass")
    /// HKQuantityTypeIdentifierBodyMassIndex (count).
    public static let bodyMassIndex = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierBodyMassIndex")
    /// HKQuantityTypeIdentifierElectrodermalActivity (S).
    public static let electrodermalActivity = HKQuantityTypeIdentifier(
        rawValue: "HKQuantityTypeIdentifierElectrodermalActivity")
    /// HKQuantityTypeIdentifierHeight (m).
    public static let height = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierHeight")
    /// HKQuantityTypeIdentifierLeanBodyMass (kg).
    public static let leanBodyMass = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierLeanBodyMass")
    /// HKQuantityTypeIdentifierWaistCircumference (m).
    public static let waistCircumference = HKQuantityTypeIdentifier(
        rawValue: "HKQuantityTypeIdentifierWaistCircumference")
    /// HKQuantityTypeIdentifierActiveEnergyBurned (kcal).
    public static let activeEnergyBurned = HKQuantityTypeIdentifier(
        rawValue: "HKQuantityTypeIdentifierActiveEnergyBurned")
    /// HKQuantityTypeIdentifierAppleExerciseTime (min).
    public static let appleExerciseTime = HKQuantityTypeIdentifier(
        rawValue: "HKQuantityTypeIdentifierAppleExerciseTime")
    /// HKQuantityTypeIdentifierAppleMoveTime (min).
    public static let appleMoveTime = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierAppleMoveTime")
    /// HKQuantityTypeIdentifierAppleStandTime (min).
    public static let appleStandTime = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierAppleStandTime")
    /// HKQuantityTypeIdentifierBasalEnergyBurned (kcal).
    public static let basalEnergyBurned = HKQuantityTypeIdentifier(
        rawValue: "HKQuantityTypeIdentifierBasalEnergyBurned")
    /// HKQuantityTypeIdentifierCrossCountrySkiingSpeed (m/s).
    public static let crossCountrySkiingSpeed = HKQuantityTypeIdentifier(
        rawValue: "HKQuantityTypeIdentifierCrossCountrySkiingSpeed")
    /// HKQuantityTypeIdentifierCyclingCadence (count/min).
    public static let cyclingCadence = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierCyclingCadence")
    /// HKQuantityTypeIdentifierCyclingFunctionalThresholdPower (W).
    public static let cyclingFunctionalThresholdPower = HKQuantityTypeIdentifier(
        rawValue: "HKQuantityTypeIdentifierCyclingFunctionalThresholdPower")
    /// HKQuantityTypeIdentifierCyclingPower (W).
    public static let cyclingPower = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierCyclingPower")
    /// HKQuantityTypeIdentifierCyclingSpeed (m/s).
    public static let cyclingSpeed = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierCyclingSpeed")
    /// HKQuantityTypeIdentifierDistanceCrossCountrySkiing (m).
    public static let distanceCrossCountrySkiing = HKQuantityTypeIdentifier(
        rawValue: "HKQuantityTypeIdentifierDistanceCrossCountrySkiing")
    /// HKQuantityTypeIdentifierDistanceCycling (m).
    public static let distanceCycling = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierDistanceCycling")
    /// HKQuantityTypeIdentifierDistanceDownhillSnowSports (m).
    public static let distanceDownhillSnowSports = HKQuantityTypeIdentifier(
        rawValue: "HKQuantityTypeIdentifierDistanceDownhillSnowSports")
    /// HKQuantityTypeIdentifierDistancePaddleSports (m).
    public static let distancePaddleSports = HKQuantityTypeIdentifier(
        rawValue: "HKQuantityTypeIdentifierDistancePaddleSports")
    /// HKQuantityTypeIdentifierDistanceRowing (m).
    public static let distanceRowing = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierDistanceRowing")
    /// HKQuantityTypeIdentifierDistanceSkatingSports (m).
    public static let distanceSkatingSports = HKQuantityTypeIdentifier(
        rawValue: "HKQuantityTypeIdentifierDistanceSkatingSports")
    /// HKQuantityTypeIdentifierDistanceSwimming (m).
    public static let distanceSwimming = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierDistanceSwimming")
    /// HKQuantityTypeIdentifierDistanceWalkingRunning (m).
    public static let distanceWalkingRunning = HKQuantityTypeIdentifier(
        rawValue: "HKQuantityTypeIdentifierDistanceWalkingRunning")
    /// HKQuantityTypeIdentifierDistanceWheelchair (m).
    public static let distanceWheelchair = HKQuantityTypeIdentifier(
        rawValue: "HKQuantityTypeIdentifierDistanceWheelchair")
    /// HKQuantityTypeIdentifierEstimatedWorkoutEffortScore (appleEffortScore).
    public static let estimatedWorkoutEffortScore = HKQuantityTypeIdentifier(
        rawValue: "HKQuantityTypeIdentifierEstimatedWorkoutEffortScore")
    /// HKQuantityTypeIdentifierFlightsClimbed (count).
    public static let flightsClimbed = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierFlightsClimbed")
    /// HKQuantityTypeIdentifierNikeFuel (count).
    public static let nikeFuel = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierNikeFuel")
    /// HKQuantityTypeIdentifierPaddleSportsSpeed (m/s).
    public static let paddleSportsSpeed = HKQuantityTypeIdentifier(
        rawValue: "HKQuantityTypeIdentifierPaddleSportsSpeed")
    /// HKQuantityTypeIdentifierPhysicalEffort (kcal/hr.kg).
    public static let physicalEffort = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierPhysicalEffort")
    /// HKQuantityTypeIdentifierPushCount (count).
    public static let pushCount = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierPushCount")
    /// HKQuantityTypeIdentifierRowingSpeed (m/s).
    public static let rowingSpeed = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierRowingSpeed")
    /// HKQuantityTypeIdentifierRunningPower (W).
    public static let runningPower = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierRunningPower")
    /// HKQuantityTypeIdentifierRunningSpeed (m/s).
    public static let runningSpeed = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierRunningSpeed")
    /// HKQuantityTypeIdentifierStepCount (count).
    public static let stepCount = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierStepCount")
    /// HKQuantityTypeIdentifierSwimmingStrokeCount (count).
    public static let swimmingStrokeCount = HKQuantityTypeIdentifier(
        rawValue: "HKQuantityTypeIdentifierSwimmingStrokeCount")
    /// HKQuantityTypeIdentifierUnderwaterDepth (m).
    public static let underwaterDepth = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierUnderwaterDepth")
    /// HKQuantityTypeIdentifierWorkoutEffortScore (appleEffortScore).
    public static let workoutEffortScore = HKQuantityTypeIdentifier(
        rawValue: "HKQuantityTypeIdentifierWorkoutEffortScore")
    /// HKQuantityTypeIdentifierEnvironmentalAudioExposure (dBASPL).
    public static let environmentalAudioExposure = HKQuantityTypeIdentifier(
        rawValue: "HKQuantityTypeIdentifierEnvironmentalAudioExposure")
    /// HKQuantityTypeIdentifierEnvironmentalSoundReduction (dBASPL).
    public static let environmentalSoundReduction = HKQuantityTypeIdentifier(
        rawValue: "HKQuantityTypeIdentifierEnvironmentalSoundReduction")
    /// HKQuantityTypeIdentifierHeadphoneAudioExposure (dBASPL).
    public static let headphoneAudioExposure = HKQuantityTypeIdentifier(
        rawValue: "HKQuantityTypeIdentifierHeadphoneAudioExposure")
    /// HKQuantityTypeIdentifierAtrialFibrillationBurden (%).
    public static let atrialFibrillationBurden = HKQuantityTypeIdentifier(
        rawValue: "HKQuantityTypeIdentifierAtrialFibrillationBurden")
    /// HKQuantityTypeIdentifierHeartRate (count/min).
    public static let heartRate = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierHeartRate")
    /// HKQuantityTypeIdentifierHeartRateRecoveryOneMinute (count/min).
    public static let heartRateRecoveryOneMinute = HKQuantityTypeIdentifier(
        rawValue: "HKQuantityTypeIdentifierHeartRateRecoveryOneMinute")
    /// HKQuantityTypeIdentifierHeartRateVariabilityRMSSD (ms; iOS 27): heart rate variability as the root mean square
    /// of successive differences between beats.
    public static let heartRateVariabilityRMSSD = HKQuantityTypeIdentifier(
        rawValue: "HKQuantityTypeIdentifierHeartRateVariabilityRMSSD")
    /// HKQuantityTypeIdentifierHeartRateVariabilitySDNN (ms).
    public static let heartRateVariabilitySDNN = HKQuantityTypeIdentifier(
        rawValue: "HKQuantityTypeIdentifierHeartRateVariabilitySDNN")
    /// HKQuantityTypeIdentifierPeripheralPerfusionIndex (%).
    public static let peripheralPerfusionIndex = HKQuantityTypeIdentifier(
        rawValue: "HKQuantityTypeIdentifierPeripheralPerfusionIndex")
    /// HKQuantityTypeIdentifierRestingHeartRate (count/min).
    public static let restingHeartRate = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierRestingHeartRate")
    /// HKQuantityTypeIdentifierVO2Max (mL/kg.min).
    public static let vo2Max = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierVO2Max")
    /// HKQuantityTypeIdentifierWalkingHeartRateAverage (count/min).
    public static let walkingHeartRateAverage = HKQuantityTypeIdentifier(
        rawValue: "HKQuantityTypeIdentifierWalkingHeartRateAverage")
    /// HKQuantityTypeIdentifierAppleWalkingSteadiness (%).
    public static let appleWalkingSteadiness = HKQuantityTypeIdentifier(
        rawValue: "HKQuantityTypeIdentifierAppleWalkingSteadiness")
    /// HKQuantityTypeIdentifierRunningGroundContactTime (ms).
    public static let runningGroundContactTime = HKQuantityTypeIdentifier(
        rawValue: "HKQuantityTypeIdentifierRunningGroundContactTime")
    /// HKQuantityTypeIdentifierRunningStrideLength (m).
    public static let runningStrideLength = HKQuantityTypeIdentifier(
        rawValue: "HKQuantityTypeIdentifierRunningStrideLength")
    /// HKQuantityTypeIdentifierRunningVerticalOscillation (cm).
    public static let runningVerticalOscillation = HKQuantityTypeIdentifier(
        rawValue: "HKQuantityTypeIdentifierRunningVerticalOscillation")
    /// HKQuantityTypeIdentifierSixMinuteWalkTestDistance (m).
    public static let sixMinuteWalkTestDistance = HKQuantityTypeIdentifier(
        rawValue: "HKQuantityTypeIdentifierSixMinuteWalkTestDistance")
    /// HKQuantityTypeIdentifierStairAscentSpeed (m/s).
    public static let stairAscentSpeed = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierStairAscentSpeed")
    /// HKQuantityTypeIdentifierStairDescentSpeed (m/s).
    public static let stairDescentSpeed = HKQuantityTypeIdentifier(
        rawValue: "HKQuantityTypeIdentifierStairDescentSpeed")
    /// HKQuantityTypeIdentifierWalkingAsymmetryPercentage (%).
    public static let walkingAsymmetryPercentage = HKQuantityTypeIdentifier(
        rawValue: "HKQuantityTypeIdentifierWalkingAsymmetryPercentage")
    /// HKQuantityTypeIdentifierWalkingDoubleSupportPercentage (%).
    public static let walkingDoubleSupportPercentage = HKQuantityTypeIdentifier(
        rawValue: "HKQuantityTypeIdentifierWalkingDoubleSupportPercentage")
    /// HKQuantityTypeIdentifierWalkingSpeed (m/s).
    public static let walkingSpeed = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierWalkingSpeed")
    /// HKQuantityTypeIdentifierWalkingStepLength (m).
    public static let walkingStepLength = HKQuantityTypeIdentifier(
        rawValue: "HKQuantityTypeIdentifierWalkingStepLength")
    /// HKQuantityTypeIdentifierDietaryBiotin (g).
    public static let dietaryBiotin = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierDietaryBiotin")
    /// HKQuantityTypeIdentifierDietaryCaffeine (g).
    public static let dietaryCaffeine = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierDietaryCaffeine")
    /// HKQuantityTypeIdentifierDietaryCalcium (g).
    public static let dietaryCalcium = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierDietaryCalcium")
    /// HKQuantityTypeIdentifierDietaryCarbohydrates (g).
    public static let dietaryCarbohydrates = HKQuantityTypeIdentifier(
        rawValue: "HKQuantityTypeIdentifierDietaryCarbohydrates")
    /// HKQuantityTypeIdentifierDietaryChloride (g).
    public static let dietaryChloride = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierDietaryChloride")
    /// HKQuantityTypeIdentifierDietaryCholesterol (g).
    public static let dietaryCholesterol = HKQuantityTypeIdentifier(
        rawValue: "HKQuantityTypeIdentifierDietaryCholesterol")
    /// HKQuantityTypeIdentifierDietaryChromium (g).
    public static let dietaryChromium = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierDietaryChromium")
    /// HKQuantityTypeIdentifierDietaryCopper (g).
    public static let dietaryCopper = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierDietaryCopper")
    /// HKQuantityTypeIdentifierDietaryEnergyConsumed (kcal).
    public static let dietaryEnergyConsumed = HKQuantityTypeIdentifier(
        rawValue: "HKQuantityTypeIdentifierDietaryEnergyConsumed")
    /// HKQuantityTypeIdentifierDietaryFatMonounsaturated (g).
    public static let dietaryFatMonounsaturated = HKQuantityTypeIdentifier(
        rawValue: "HKQuantityTypeIdentifierDietaryFatMonounsaturated")
    /// HKQuantityTypeIdentifierDietaryFatPolyunsaturated (g).
    public static let dietaryFatPolyunsaturated = HKQuantityTypeIdentifier(
        rawValue: "HKQuantityTypeIdentifierDietaryFatPolyunsaturated")
    /// HKQuantityTypeIdentifierDietaryFatSaturated (g).
    public static let dietaryFatSaturated = HKQuantityTypeIdentifier(
        rawValue: "HKQuantityTypeIdentifierDietaryFatSaturated")
    /// HKQuantityTypeIdentifierDietaryFatTotal (g).
    public static let dietaryFatTotal = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierDietaryFatTotal")
    /// HKQuantityTypeIdentifierDietaryFiber (g).
    public static let dietaryFiber = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierDietaryFiber")
    /// HKQuantityTypeIdentifierDietaryFolate (g).
    public static let dietaryFolate = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierDietaryFolate")
    /// HKQuantityTypeIdentifierDietaryIodine (g).
    public static let dietaryIodine = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierDietaryIodine")
    /// HKQuantityTypeIdentifierDietaryIron (g).
    public static let dietaryIron = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierDietaryIron")
    /// HKQuantityTypeIdentifierDietaryMagnesium (g).
    public static let dietaryMagnesium = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierDietaryMagnesium")
    /// HKQuantityTypeIdentifierDietaryManganese (g).
    public static let dietaryManganese = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierDietaryManganese")
    /// HKQuantityTypeIdentifierDietaryMolybdenum (g).
    public static let dietaryMolybdenum = HKQuantityTypeIdentifier(
        rawValue: "HKQuantityTypeIdentifierDietaryMolybdenum")
    /// HKQuantityTypeIdentifierDietaryNiacin (g).
    public static let dietaryNiacin = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierDietaryNiacin")
    /// HKQuantityTypeIdentifierDietaryPantothenicAcid (g).
    public static let dietaryPantothenicAcid = HKQuantityTypeIdentifier(
        rawValue: "HKQuantityTypeIdentifierDietaryPantothenicAcid")
    /// HKQuantityTypeIdentifierDietaryPhosphorus (g).
    public static let dietaryPhosphorus = HKQuantityTypeIdentifier(
        rawValue: "HKQuantityTypeIdentifierDietaryPhosphorus")
    /// HKQuantityTypeIdentifierDietaryPotassium (g).
    public static let dietaryPotassium = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierDietaryPotassium")
    /// HKQuantityTypeIdentifierDietaryProtein (g).
    public static let dietaryProtein = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierDietaryProtein")
    /// HKQuantityTypeIdentifierDietaryRiboflavin (g).
    public static let dietaryRiboflavin = HKQuantityTypeIdentifier(
        rawValue: "HKQuantityTypeIdentifierDietaryRiboflavin")
    /// HKQuantityTypeIdentifierDietarySelenium (g).
    public static let dietarySelenium = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierDietarySelenium")
    /// HKQuantityTypeIdentifierDietarySodium (g).
    public static let dietarySodium = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierDietarySodium")
    /// HKQuantityTypeIdentifierDietarySugar (g).
    public static let dietarySugar = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierDietarySugar")
    /// HKQuantityTypeIdentifierDietaryThiamin (g).
    public static let dietaryThiamin = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierDietaryThiamin")
    /// HKQuantityTypeIdentifierDietaryVitaminA (g).
    public static let dietaryVitaminA = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierDietaryVitaminA")
    /// HKQuantityTypeIdentifierDietaryVitaminB12 (g).
    public static let dietaryVitaminB12 = HKQuantityTypeIdentifier(
        rawValue: "HKQuantityTypeIdentifierDietaryVitaminB12")
    /// HKQuantityTypeIdentifierDietaryVitaminB6 (g).
    public static let dietaryVitaminB6 = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierDietaryVitaminB6")
    /// HKQuantityTypeIdentifierDietaryVitaminC (g).
    public static let dietaryVitaminC = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierDietaryVitaminC")
    /// HKQuantityTypeIdentifierDietaryVitaminD (g).
    public static let dietaryVitaminD = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierDietaryVitaminD")
    /// HKQuantityTypeIdentifierDietaryVitaminE (g).
    public static let dietaryVitaminE = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierDietaryVitaminE")
    /// HKQuantityTypeIdentifierDietaryVitaminK (g).
    public static let dietaryVitaminK = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierDietaryVitaminK")
    /// HKQuantityTypeIdentifierDietaryWater (mL).
    public static let dietaryWater = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierDietaryWater")
    /// HKQuantityTypeIdentifierDietaryZinc (g).
    public static let dietaryZinc = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierDietaryZinc")
    /// HKQuantityTypeIdentifierBloodAlcoholContent (%).
    public static let bloodAlcoholContent = HKQuantityTypeIdentifier(
        rawValue: "HKQuantityTypeIdentifierBloodAlcoholContent")
    /// HKQuantityTypeIdentifierBloodPressureDiastolic (mmHg).
    public static let bloodPressureDiastolic = HKQuantityTypeIdentifier(
        rawValue: "HKQuantityTypeIdentifierBloodPressureDiastolic")
    /// HKQuantityTypeIdentifierBloodPressureSystolic (mmHg).
    public static let bloodPressureSystolic = HKQuantityTypeIdentifier(
        rawValue: "HKQuantityTypeIdentifierBloodPressureSystolic")
    /// HKQuantityTypeIdentifierInsulinDelivery (IU).
    public static let insulinDelivery = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierInsulinDelivery")
    /// HKQuantityTypeIdentifierNumberOfAlcoholicBeverages (count).
    public static let numberOfAlcoholicBeverages = HKQuantityTypeIdentifier(
        rawValue: "HKQuantityTypeIdentifierNumberOfAlcoholicBeverages")
    /// HKQuantityTypeIdentifierNumberOfTimesFallen (count).
    public static let numberOfTimesFallen = HKQuantityTypeIdentifier(
        rawValue: "HKQuantityTypeIdentifierNumberOfTimesFallen")
    /// HKQuantityTypeIdentifierTimeInDaylight (min).
    public static let timeInDaylight = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierTimeInDaylight")
    /// HKQuantityTypeIdentifierUVExposure (count).
    public static let uvExposure = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierUVExposure")
    /// HKQuantityTypeIdentifierWaterTemperature (degC).
    public static let waterTemperature = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierWaterTemperature")
    /// HKQuantityTypeIdentifierBasalBodyTemperature (degC).
    public static let basalBodyTemperature = HKQuantityTypeIdentifier(
        rawValue: "HKQuantityTypeIdentifierBasalBodyTemperature")
    /// HKQuantityTypeIdentifierAppleSleepingBreathingDisturbances (count).
    public static let appleSleepingBreathingDisturbances = HKQuantityTypeIdentifier(
        rawValue: "HKQuantityTypeIdentifierAppleSleepingBreathingDisturbances")
    /// HKQuantityTypeIdentifierForcedExpiratoryVolume1 (L).
    public static let forcedExpiratoryVolume1 = HKQuantityTypeIdentifier(
        rawValue: "HKQuantityTypeIdentifierForcedExpiratoryVolume1")
    /// HKQuantityTypeIdentifierForcedVitalCapacity (L).
    public static let forcedVitalCapacity = HKQuantityTypeIdentifier(
        rawValue: "HKQuantityTypeIdentifierForcedVitalCapacity")
    /// HKQuantityTypeIdentifierInhalerUsage (count).
    public static let inhalerUsage = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierInhalerUsage")
    /// HKQuantityTypeIdentifierOxygenSaturation (%).
    public static let oxygenSaturation = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierOxygenSaturation")
    /// HKQuantityTypeIdentifierPeakExpiratoryFlowRate (L/min).
    public static let peakExpiratoryFlowRate = HKQuantityTypeIdentifier(
        rawValue: "HKQuantityTypeIdentifierPeakExpiratoryFlowRate")
    /// HKQuantityTypeIdentifierRespiratoryRate (count/min).
    public static let respiratoryRate = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierRespiratoryRate")
    /// HKQuantityTypeIdentifierBloodGlucose (mg/dL).
    public static let bloodGlucose = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierBloodGlucose")
    /// HKQuantityTypeIdentifierBodyTemperature (degC).
    public static let bodyTemperature = HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierBodyTemperature")
}

/// The identifier of a category type, e.g. `.sleepAnalysis`.
public struct HKCategoryTypeIdentifier: RawRepresentable, Hashable, Sendable, Codable, CustomStringConvertible {
    /// The identifier string, e.g. as it appears in an export.
    public let rawValue: String
    /// Wraps an identifier string.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Wraps an identifier string.
    public init(_ rawValue: String) { self.rawValue = rawValue }
    /// The identifier string.
    public var description: String { rawValue }
}

extension HKCategoryTypeIdentifier {
    /// HKCategoryTypeIdentifierAppleStandHour.
    public static let appleStandHour = HKCategoryTypeIdentifier(rawValue: "HKCategoryTypeIdentifierAppleStandHour")
    /// HKCategoryTypeIdentifierEnvironmentalAudioExposureEvent.
    public static let environmentalAudioExposureEvent = HKCategoryTypeIdentifier(
        rawValue: "HKCategoryTypeIdentifierEnvironmentalAudioExposureEvent")
    /// HKCategoryTypeIdentifierHeadphoneAudioExposureEvent.
    public static let headphoneAudioExposureEvent = HKCategoryTypeIdentifier(
        rawValue: "HKCategoryTypeIdentifierHeadphoneAudioExposureEvent")
    /// HKCategoryTypeIdentifierAudioExposureEvent.
    public static let audioExposureEvent = HKCategoryTypeIdentifier(
        rawValue: "HKCategoryTypeIdentifierAudioExposureEvent")
    /// HKCategoryTypeIdentifierHighHeartRateEvent.
    public static let highHeartRateEvent = HKCategoryTypeIdentifier(
        rawValue: "HKCategoryTypeIdentifierHighHeartRateEvent")
    /// HKCategoryTypeIdentifierHypertensionEvent.
    public static let hypertensionEvent = HKCategoryTypeIdentifier(
        rawValue: "HKCategoryTypeIdentifierHypertensionEvent")
    /// HKCategoryTypeIdentifierIrregularHeartRhythmEvent.
    public static let irregularHeartRhythmEvent = HKCategoryTypeIdentifier(
        rawValue: "HKCategoryTypeIdentifierIrregularHeartRhythmEvent")
    /// HKCategoryTypeIdentifierLowCardioFitnessEvent.
    public static let lowCardioFitnessEvent = HKCategoryTypeIdentifier(
        rawValue: "HKCategoryTypeIdentifierLowCardioFitnessEvent")
    /// HKCategoryTypeIdentifierLowHeartRateEvent.
    public static let lowHeartRateEvent = HKCategoryTypeIdentifier(
        rawValue: "HKCategoryTypeIdentifierLowHeartRateEvent")
    /// HKCategoryTypeIdentifierMindfulSession.
    public static let mindfulSession = HKCategoryTypeIdentifier(rawValue: "HKCategoryTypeIdentifierMindfulSession")
    /// HKCategoryTypeIdentifierAppleWalkingSteadinessEvent.
    public static let appleWalkingSteadinessEvent = HKCategoryTypeIdentifier(
        rawValue: "HKCategoryTypeIdentifierAppleWalkingSteadinessEvent")
    /// HKCategoryTypeIdentifierHandwashingEvent.
    public static let handwashingEvent = HKCategoryTypeIdentifier(rawValue: "HKCategoryTypeIdentifierHandwashingEvent")
    /// HKCategoryTypeIdentifierToothbrushingEvent.
    public static let toothbrushingEvent = HKCategoryTypeIdentifier(
        rawValue: "HKCategoryTypeIdentifierToothbrushingEvent")
    /// HKCategoryTypeIdentifierBleedingAfterMenopause (iOS 27; values `HKCategoryValueVaginalBleeding`).
    public static let bleedingAfterMenopause = HKCategoryTypeIdentifier(
        rawValue: "HKCategoryTypeIdentifierBleedingAfterMenopause")
    /// HKCategoryTypeIdentifierBleedingAfterPregnancy.
    public static let bleedingAfterPregnancy = HKCategoryTypeIdentifier(
        rawValue: "HKCategoryTypeIdentifierBleedingAfterPregnancy")
    /// HKCategoryTypeIdentifierBleedingDuringPregnancy.
    public static let bleedingDuringPregnancy = HKCategoryTypeIdentifier(
        rawValue: "HKCategoryTypeIdentifierBleedingDuringPregnancy")
    /// HKCategoryTypeIdentifierCervicalMucusQuality.
    public static let cervicalMucusQuality = HKCategoryTypeIdentifier(
        rawValue: "HKCategoryTypeIdentifierCervicalMucusQuality")
    /// HKCategoryTypeIdentifierContraceptive.
    public static let contraceptive = HKCategoryTypeIdentifier(rawValue: "HKCategoryTypeIdentifierContraceptive")
    /// HKCategoryTypeIdentifierInfrequentMenstrualCycles.
    public static let infrequentMenstrualCycles = HKCategoryTypeIdentifier(
        rawValue: "HKCategoryTypeIdentifierInfrequentMenstrualCycles")
    /// HKCategoryTypeIdentifierIntermenstrualBleeding.
    public static let intermenstrualBleeding = HKCategoryTypeIdentifier(
        rawValue: "HKCategoryTypeIdentifierIntermenstrualBleeding")
    /// HKCategoryTypeIdentifierIrregularMenstrualCycles.
    public static let irregularMenstrualCycles = HKCategoryTypeIdentifier(
        rawValue: "HKCategoryTypeIdentifierIrregularMenstrualCycles")
    /// HKCategoryTypeIdentifierLactation.
    public static let lactation = HKCategoryTypeIdentifier(rawValue: "HKCategoryTypeIdentifierLactation")
    /// HKCategoryTypeIdentifierMenopausalState (iOS 27; values `HKCategoryValueMenopausalState`): points in time, so a
    /// sample whose end differs from its start fails to save.
    public static let menopausalState = HKCategoryTypeIdentifier(
        rawValue: "HKCategoryTypeIdentifierMenopausalState")
    /// HKCategoryTypeIdentifierMenstrualFlow.
    public static let menstrualFlow = HKCategoryTypeIdentifier(rawValue: "HKCategoryTypeIdentifierMenstrualFlow")
    /// HKCategoryTypeIdentifierOvulationTestResult.
    public static let ovulationTestResult = HKCategoryTypeIdentifier(
        rawValue: "HKCategoryTypeIdentifierOvulationTestResult")
    /// HKCategoryTypeIdentifierPersistentIntermenstrualBleeding.
    public static let persistentIntermenstrualBleeding = HKCategoryTypeIdentifier(
        rawValue: "HKCategoryTypeIdentifierPersistentIntermenstrualBleeding")
    /// HKCategoryTypeIdentifierPregnancy.
    public static let pregnancy = HKCategoryTypeIdentifier(rawValue: "HKCategoryTypeIdentifierPregnancy")
    /// HKCategoryTypeIdentifierPregnancyTestResult.
    public static let pregnancyTestResult = HKCategoryTypeIdentifier(
        rawValue: "HKCategoryTypeIdentifierPregnancyTestResult")
    /// HKCategoryTypeIdentifierProgesteroneTestResult.
    public static let progesteroneTestResult = HKCategoryTypeIdentifier(
        rawValue: "HKCategoryTypeIdentifierProgesteroneTestResult")
    /// HKCategoryTypeIdentifierProlongedMenstrualPeriods.
    public static let prolongedMenstrualPeriods = HKCategoryTypeIdentifier(
        rawValue: "HKCategoryTypeIdentifierProlongedMenstrualPeriods")
    /// HKCategoryTypeIdentifierSexualActivity.
    public static let sexualActivity = HKCategoryTypeIdentifier(rawValue: "HKCategoryTypeIdentifierSexualActivity")
    /// HKCategoryTypeIdentifierSleepApneaEvent.
    public static let sleepApneaEvent = HKCategoryTypeIdentifier(rawValue: "HKCategoryTypeIdentifierSleepApneaEvent")
    /// HKCategoryTypeIdentifierSleepAnalysis.
    public static let sleepAnalysis = HKCategoryTypeIdentifier(rawValue: "HKCategoryTypeIdentifierSleepAnalysis")
    /// HKCategoryTypeIdentifierAbdominalCramps.
    public static let abdominalCramps = HKCategoryTypeIdentifier(rawValue: "HKCategoryTypeIdentifierAbdominalCramps")
    /// HKCategoryTypeIdentifierAcne.
    public static let acne = HKCategoryTypeIdentifier(rawValue: "HKCategoryTypeIdentifierAcne")
    /// HKCategoryTypeIdentifierAppetiteChanges.
    public static let appetiteChanges = HKCategoryTypeIdentifier(rawValue: "HKCategoryTypeIdentifierAppetiteChanges")
    /// HKCategoryTypeIdentifierBladderIncontinence.
    public static let bladderIncontinence = HKCategoryTypeIdentifier(
        rawValue: "HKCategoryTypeIdentifierBladderIncontinence")
    /// HKCategoryTypeIdentifierBloating.
    public static let bloating = HKCategoryTypeIdentifier(rawValue: "HKCategoryTypeIdentifierBloating")
    /// HKCategoryTypeIdentifierBreastPain.
    public static let breastPain = HKCategoryTypeIdentifier(rawValue: "HKCategoryTypeIdentifierBreastPain")
    /// HKCategoryTypeIdentifierChestTightnessOrPain.
    public static let chestTightnessOrPain = HKCategoryTypeIdentifier(
        rawValue: "HKCategoryTypeIdentifierChestTightnessOrPain")
    /// HKCategoryTypeIdentifierChills.
    public static let chills = HKCategoryTypeIdentifier(rawValue: "HKCategoryTypeIdentifierChills")
    /// HKCategoryTypeIdentifierConstipation.
    public static let constipation = HKCategoryTypeIdentifier(rawValue: "HKCategoryTypeIdentifierConstipation")
    /// HKCategoryTypeIdentifierCoughing.
    public static let coughing = HKCategoryTypeIdentifier(rawValue: "HKCategoryTypeIdentifierCoughing")
    /// HKCategoryTypeIdentifierDiarrhea.
    public static let diarrhea = HKCategoryTypeIdentifier(rawValue: "HKCategoryTypeIdentifierDiarrhea")
    /// HKCategoryTypeIdentifierDizziness.
    public static let dizziness = HKCategoryTypeIdentifier(rawValue: "HKCategoryTypeIdentifierDizziness")
    /// HKCategoryTypeIdentifierDrySkin.
    public static let drySkin = HKCategoryTypeIdentifier(rawValue: "HKCategoryTypeIdentifierDrySkin")
    /// HKCategoryTypeIdentifierFainting.
    public static let fainting = HKCategoryTypeIdentifier(rawValue: "HKCategoryTypeIdentifierFainting")
    /// HKCategoryTypeIdentifierFatigue.
    public static let fatigue = HKCategoryTypeIdentifier(rawValue: "HKCategoryTypeIdentifierFatigue")
    /// HKCategoryTypeIdentifierFever.
    public static let fever = HKCategoryTypeIdentifier(rawValue: "HKCategoryTypeIdentifierFever")
    /// HKCategoryTypeIdentifierGeneralizedBodyAche.
    public static let generalizedBodyAche = HKCategoryTypeIdentifier(
        rawValue: "HKCategoryTypeIdentifierGeneralizedBodyAche")
    /// HKCategoryTypeIdentifierHairLoss.
    public static let hairLoss = HKCategoryTypeIdentifier(rawValue: "HKCategoryTypeIdentifierHairLoss")
    /// HKCategoryTypeIdentifierHeadache.
    public static let headache = HKCategoryTypeIdentifier(rawValue: "HKCategoryTypeIdentifierHeadache")
    /// HKCategoryTypeIdentifierHeartburn.
    public static let heartburn = HKCategoryTypeIdentifier(rawValue: "HKCategoryTypeIdentifierHeartburn")
    /// HKCategoryTypeIdentifierHotFlashes.
    public static let hotFlashes = HKCategoryTypeIdentifier(rawValue: "HKCategoryTypeIdentifierHotFlashes")
    /// HKCategoryTypeIdentifierLossOfSmell.
    public static let lossOfSmell = HKCategoryTypeIdentifier(rawValue: "HKCategoryTypeIdentifierLossOfSmell")
    /// HKCategoryTypeIdentifierLossOfTaste.
    public static let lossOfTaste = HKCategoryTypeIdentifier(rawValue: "HKCategoryTypeIdentifierLossOfTaste")
    /// HKCategoryTypeIdentifierLowerBackPain.
    public static let lowerBackPain = HKCategoryTypeIdentifier(rawValue: "HKCategoryTypeIdentifierLowerBackPain")
    /// HKCategoryTypeIdentifierMemoryLapse.
    public static let memoryLapse = HKCategoryTypeIdentifier(rawValue: "HKCategoryTypeIdentifierMemoryLapse")
    /// HKCategoryTypeIdentifierMoodChanges.
    public static let moodChanges = HKCategoryTypeIdentifier(rawValue: "HKCategoryTypeIdentifierMoodChanges")
    /// HKCategoryTypeIdentifierNausea.
    public static let nausea = HKCategoryTypeIdentifier(rawValue: "HKCategoryTypeIdentifierNausea")
    /// HKCategoryTypeIdentifierNightSweats.
    public static let nightSweats = HKCategoryTypeIdentifier(rawValue: "HKCategoryTypeIdentifierNightSweats")
    /// HKCategoryTypeIdentifierPelvicPain.
    public static let pelvicPain = HKCategoryTypeIdentifier(rawValue: "HKCategoryTypeIdentifierPelvicPain")
    /// HKCategoryTypeIdentifierRapidPoundingOrFlutteringHeartbeat.
    public static let rapidPoundingOrFlutteringHeartbeat = HKCategoryTypeIdentifier(
        rawValue: "HKCategoryTypeIdentifierRapidPoundingOrFlutteringHeartbeat")
    /// HKCategoryTypeIdentifierRunnyNose.
    public static let runnyNose = HKCategoryTypeIdentifier(rawValue: "HKCategoryTypeIdentifierRunnyNose")
    /// HKCategoryTypeIdentifierShortnessOfBreath.
    public static let shortnessOfBreath = HKCategoryTypeIdentifier(
        rawValue: "HKCategoryTypeIdentifierShortnessOfBreath")
    /// HKCategoryTypeIdentifierSinusCongestion.
    public static let sinusCongestion = HKCategoryTypeIdentifier(rawValue: "HKCategoryTypeIdentifierSinusCongestion")
    /// HKCategoryTypeIdentifierSkippedHeartbeat.
    public static let skippedHeartbeat = HKCategoryTypeIdentifier(rawValue: "HKCategoryTypeIdentifierSkippedHeartbeat")
    /// HKCategoryTypeIdentifierSleepChanges.
    public static let sleepChanges = HKCategoryTypeIdentifier(rawValue: "HKCategoryTypeIdentifierSleepChanges")
    /// HKCategoryTypeIdentifierSoreThroat.
    public static let soreThroat = HKCategoryTypeIdentifier(rawValue: "HKCategoryTypeIdentifierSoreThroat")
    /// HKCategoryTypeIdentifierVaginalDryness.
    public static let vaginalDryness = HKCategoryTypeIdentifier(rawValue: "HKCategoryTypeIdentifierVaginalDryness")
    /// HKCategoryTypeIdentifierVomiting.
    public static let vomiting = HKCategoryTypeIdentifier(rawValue: "HKCategoryTypeIdentifierVomiting")
    /// HKCategoryTypeIdentifierWheezing.
    public static let wheezing = HKCategoryTypeIdentifier(rawValue: "HKCategoryTypeIdentifierWheezing")
}

/// The identifier of a correlation type: `.bloodPressure` or `.food`.
public struct HKCorrelationTypeIdentifier: RawRepresentable, Hashable, Sendable, Codable, CustomStringConvertible {
    /// The identifier string, e.g. as it appears in an export.
    public let rawValue: String
    /// Wraps an identifier string.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Wraps an identifier string.
    public init(_ rawValue: String) { self.rawValue = rawValue }
    /// The identifier string.
    public var description: String { rawValue }
}

extension HKCorrelationTypeIdentifier {
    /// HKCorrelationTypeIdentifierBloodPressure.
    public static let bloodPressure = HKCorrelationTypeIdentifier(rawValue: "HKCorrelationTypeIdentifierBloodPressure")
    /// HKCorrelationTypeIdentifierFood.
    public static let food = HKCorrelationTypeIdentifier(rawValue: "HKCorrelationTypeIdentifierFood")
}

/// The identifier of a characteristic type, e.g. `.dateOfBirth`.
public struct HKCharacteristicTypeIdentifier: RawRepresentable, Hashable, Sendable, Codable, CustomStringConvertible {
    /// The identifier string, e.g. as it appears in an export.
    public let rawValue: String
    /// Wraps an identifier string.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Wraps an identifier string.
    public init(_ rawValue: String) { self.rawValue = rawValue }
    /// The identifier string.
    public var description: String { rawValue }
}

extension HKCharacteristicTypeIdentifier {
    /// HKCharacteristicTypeIdentifierActivityMoveMode.
    public static let activityMoveMode = HKCharacteristicTypeIdentifier(
        rawValue: "HKCharacteristicTypeIdentifierActivityMoveMode")
    /// HKCharacteristicTypeIdentifierBiologicalSex.
    public static let biologicalSex = HKCharacteristicTypeIdentifier(
        rawValue: "HKCharacteristicTypeIdentifierBiologicalSex")
    /// HKCharacteristicTypeIdentifierBloodType.
    public static let bloodType = HKCharacteristicTypeIdentifier(rawValue: "HKCharacteristicTypeIdentifierBloodType")
    /// HKCharacteristicTypeIdentifierDateOfBirth.
    public static let dateOfBirth = HKCharacteristicTypeIdentifier(
        rawValue: "HKCharacteristicTypeIdentifierDateOfBirth")
    /// HKCharacteristicTypeIdentifierFitzpatrickSkinType.
    public static let fitzpatrickSkinType = HKCharacteristicTypeIdentifier(
        rawValue: "HKCharacteristicTypeIdentifierFitzpatrickSkinType")
    /// HKCharacteristicTypeIdentifierWheelchairUse.
    public static let wheelchairUse = HKCharacteristicTypeIdentifier(
        rawValue: "HKCharacteristicTypeIdentifierWheelchairUse")
}

/// The identifier of the workout type.
public let HKWorkoutTypeIdentifier = "HKWorkoutTypeIdentifier"
/// The identifier of the workout route series type.
public let HKWorkoutRouteTypeIdentifier = "HKWorkoutRouteTypeIdentifier"
/// The identifier of the heartbeat series type.
public let HKDataTypeIdentifierHeartbeatSeries = "HKDataTypeIdentifierHeartbeatSeries"
/// The identifier of the activity summary type.
public let HKActivitySummaryTypeIdentifier = "HKActivitySummaryTypeIdentifier"
/// The identifier HealthKit gives the audiogram sample type.
public let HKAudiogramSampleTypeIdentifier = "HKDataTypeIdentifierAudiogram"
/// The identifier of the vision prescription type.
public let HKVisionPrescriptionTypeIdentifier = "HKVisionPrescriptionTypeIdentifier"
/// The identifier of the state of mind type.
public let HKDataTypeIdentifierStateOfMind = "HKDataTypeStateOfMind"

/// The kind of activity a workout records, with HealthKit's raw values.
public enum HKWorkoutActivityType: UInt, Sendable, CaseIterable, Codable {
    /// HKWorkoutActivityTypeAmericanFootball = 1.
    case americanFootball = 1
    /// HKWorkoutActivityTypeArchery = 2.
    case archery = 2
    /// HKWorkoutActivityTypeAustralianFootball = 3.
    case australianFootball = 3
    /// HKWorkoutActivityTypeBadminton = 4.
    case badminton = 4
    /// HKWorkoutActivityTypeBaseball = 5.
    case baseball = 5
    /// HKWorkoutActivityTypeBasketball = 6.
    case basketball = 6
    /// HKWorkoutActivityTypeBowling = 7.
    case bowling = 7
    /// HKWorkoutActivityTypeBoxing = 8.
    case boxing = 8
    /// HKWorkoutActivityTypeClimbing = 9.
    case climbing = 9
    /// HKWorkoutActivityTypeCricket = 10.
    case cricket = 10
    /// HKWorkoutActivityTypeCrossTraining = 11.
    case crossTraining = 11
    /// HKWorkoutActivityTypeCurling = 12.
    case curling = 12
    /// HKWorkoutActivityTypeCycling = 13.
    case cycling = 13
    /// HKWorkoutActivityTypeDance = 14 (deprecated since iOS 14: use socialDance or cardioDance).
    case dance = 14
    /// HKWorkoutActivityTypeDanceInspiredTraining = 15 (deprecated since iOS 10: use barre, pilates, socialDance or cardioDance).
    case danceInspiredTraining = 15
    /// HKWorkoutActivityTypeElliptical = 16.
    case elliptical = 16
    /// HKWorkoutActivityTypeEquestrianSports = 17.
    case equestrianSports = 17
    /// HKWorkoutActivityTypeFencing = 18.
    case fencing = 18
    /// HKWorkoutActivityTypeFishing = 19.
    case fishing = 19
    /// HKWorkoutActivityTypeFunctionalStrengthTraining = 20.
    case functionalStrengthTraining = 20
    /// HKWorkoutActivityTypeGolf = 21.
    case golf = 21
    /// HKWorkoutActivityTypeGymnastics = 22.
    case gymnastics = 22
    /// HKWorkoutActivityTypeHandball = 23.
    case handball = 23
    /// HKWorkoutActivityTypeHiking = 24.
    case hiking = 24
    /// HKWorkoutActivityTypeHockey = 25.
    case hockey = 25
    /// HKWorkoutActivityTypeHunting = 26.
    case hunting = 26
    /// HKWorkoutActivityTypeLacrosse = 27.
    case lacrosse = 27
    /// HKWorkoutActivityTypeMartialArts = 28.
    case martialArts = 28
    /// HKWorkoutActivityTypeMindAndBody = 29.
    case mindAndBody = 29
    /// HKWorkoutActivityTypeMixedMetabolicCardioTraining = 30 (deprecated since iOS 11: use mixedCardio or highIntensityIntervalTraining).
    case mixedMetabolicCardioTraining = 30
    /// HKWorkoutActivityTypePaddleSports = 31.
    case paddleSports = 31
    /// HKWorkoutActivityTypePlay = 32.
    case play = 32
    /// HKWorkoutActivityTypePreparationAndRecovery = 33.
    case preparationAndRecovery = 33
    /// HKWorkoutActivityTypeRacquetball = 34.
    case racquetball = 34
    /// HKWorkoutActivityTypeRowing = 35.
    case rowing = 35
    /// HKWorkoutActivityTypeRugby = 36.
    case rugby = 36
    /// HKWorkoutActivityTypeRunning = 37.
    case running = 37
    /// HKWorkoutActivityTypeSailing = 38.
    case sailing = 38
    /// HKWorkoutActivityTypeSkatingSports = 39.
    case skatingSports = 39
    /// HKWorkoutActivityTypeSnowSports = 40.
    case snowSports = 40
    /// HKWorkoutActivityTypeSoccer = 41.
    case soccer = 41
    /// HKWorkoutActivityTypeSoftball = 42.
    case softball = 42
    /// HKWorkoutActivityTypeSquash = 43.
    case squash = 43
    /// HKWorkoutActivityTypeStairClimbing = 44.
    case stairClimbing = 44
    /// HKWorkoutActivityTypeSurfingSports = 45.
    case surfingSports = 45
    /// HKWorkoutActivityTypeSwimming = 46.
    case swimming = 46
    /// HKWorkoutActivityTypeTableTennis = 47.
    case tableTennis = 47
    /// HKWorkoutActivityTypeTennis = 48.
    case tennis = 48
    /// HKWorkoutActivityTypeTrackAndField = 49.
    case trackAndField = 49
    /// HKWorkoutActivityTypeTraditionalStrengthTraining = 50.
    case traditionalStrengthTraining = 50
    /// HKWorkoutActivityTypeVolleyball = 51.
    case volleyball = 51
    /// HKWorkoutActivityTypeWalking = 52.
    case walking = 52
    /// HKWorkoutActivityTypeWaterFitness = 53.
    case waterFitness = 53
    /// HKWorkoutActivityTypeWaterPolo = 54.
    case waterPolo = 54
    /// HKWorkoutActivityTypeWaterSports = 55.
    case waterSports = 55
    /// HKWorkoutActivityTypeWrestling = 56.
    case wrestling = 56
    /// HKWorkoutActivityTypeYoga = 57.
    case yoga = 57
    /// HKWorkoutActivityTypeBarre = 58.
    case barre = 58
    /// HKWorkoutActivityTypeCoreTraining = 59.
    case coreTraining = 59
    /// HKWorkoutActivityTypeCrossCountrySkiing = 60.
    case crossCountrySkiing = 60
    /// HKWorkoutActivityTypeDownhillSkiing = 61.
    case downhillSkiing = 61
    /// HKWorkoutActivityTypeFlexibility = 62.
    case flexibility = 62
    /// HKWorkoutActivityTypeHighIntensityIntervalTraining = 63.
    case highIntensityIntervalTraining = 63
    /// HKWorkoutActivityTypeJumpRope = 64.
    case jumpRope = 64
    /// HKWorkoutActivityTypeKickboxing = 65.
    case kickboxing = 65
    /// HKWorkoutActivityTypePilates = 66.
    case pilates = 66
    /// HKWorkoutActivityTypeSnowboarding = 67.
    case snowboarding = 67
    /// HKWorkoutActivityTypeStairs = 68.
    case stairs = 68
    /// HKWorkoutActivityTypeStepTraining = 69.
    case stepTraining = 69
    /// HKWorkoutActivityTypeWheelchairWalkPace = 70.
    case wheelchairWalkPace = 70
    /// HKWorkoutActivityTypeWheelchairRunPace = 71.
    case wheelchairRunPace = 71
    /// HKWorkoutActivityTypeTaiChi = 72.
    case taiChi = 72
    /// HKWorkoutActivityTypeMixedCardio = 73.
    case mixedCardio = 73
    /// HKWorkoutActivityTypeHandCycling = 74.
    case handCycling = 74
    /// HKWorkoutActivityTypeDiscSports = 75.
    case discSports = 75
    /// HKWorkoutActivityTypeFitnessGaming = 76.
    case fitnessGaming = 76
    /// HKWorkoutActivityTypeCardioDance = 77.
    case cardioDance = 77
    /// HKWorkoutActivityTypeSocialDance = 78.
    case socialDance = 78
    /// HKWorkoutActivityTypePickleball = 79.
    case pickleball = 79
    /// HKWorkoutActivityTypeCooldown = 80.
    case cooldown = 80
    /// HKWorkoutActivityTypeSwimBikeRun = 82.
    case swimBikeRun = 82
    /// HKWorkoutActivityTypeTransition = 83.
    case transition = 83
    /// HKWorkoutActivityTypeUnderwaterDiving = 84.
    case underwaterDiving = 84
    /// HKWorkoutActivityTypeOther = 3000.
    case other = 3000
}

/// The value of category types that have no value enum.
public enum HKCategoryValue: Int, Sendable, CaseIterable, Codable {
    /// HKCategoryValueNotApplicable = 0.
    case notApplicable = 0
}

/// Sleep analysis values.
public enum HKCategoryValueSleepAnalysis: Int, Sendable, CaseIterable, Codable {
    /// HKCategoryValueSleepAnalysisInBed = 0.
    case inBed = 0
    /// HKCategoryValueSleepAnalysisAsleepUnspecified = 1.
    case asleepUnspecified = 1
    /// HKCategoryValueSleepAnalysisAwake = 2.
    case awake = 2
    /// HKCategoryValueSleepAnalysisAsleepCore = 3.
    case asleepCore = 3
    /// HKCategoryValueSleepAnalysisAsleepDeep = 4.
    case asleepDeep = 4
    /// HKCategoryValueSleepAnalysisAsleepREM = 5.
    case asleepREM = 5
    /// The pre-iOS 16 name of `asleepUnspecified` (HKCategoryValueSleepAnalysisAsleep = 1).
    public static var asleep: Self { .asleepUnspecified }
    /// Every value that counts as asleep.
    public static var allAsleepValues: Set<Self> { [.asleepUnspecified, .asleepCore, .asleepDeep, .asleepREM] }
}

/// Apple stand hour values.
public enum HKCategoryValueAppleStandHour: Int, Sendable, CaseIterable, Codable {
    /// HKCategoryValueAppleStandHourStood = 0.
    case stood = 0
    /// HKCategoryValueAppleStandHourIdle = 1.
    case idle = 1
}

/// Symptom severity values.
public enum HKCategoryValueSeverity: Int, Sendable, CaseIterable, Codable {
    /// HKCategoryValueSeverityUnspecified = 0.
    case unspecified = 0
    /// HKCategoryValueSeverityNotPresent = 1.
    case notPresent = 1
    /// HKCategoryValueSeverityMild = 2.
    case mild = 2
    /// HKCategoryValueSeverityModerate = 3.
    case moderate = 3
    /// HKCategoryValueSeveritySevere = 4.
    case severe = 4
}

/// Presence values of the mood and sleep change symptoms.
public enum HKCategoryValuePresence: Int, Sendable, CaseIterable, Codable {
    /// HKCategoryValuePresencePresent = 0.
    case present = 0
    /// HKCategoryValuePresenceNotPresent = 1.
    case notPresent = 1
}

/// Appetite change values.
public enum HKCategoryValueAppetiteChanges: Int, Sendable, CaseIterable, Codable {
    /// HKCategoryValueAppetiteChangesUnspecified = 0.
    case unspecified = 0
    /// HKCategoryValueAppetiteChangesNoChange = 1.
    case noChange = 1
    /// HKCategoryValueAppetiteChangesDecreased = 2.
    case decreased = 2
    /// HKCategoryValueAppetiteChangesIncreased = 3.
    case increased = 3
}

/// Walking steadiness event values.
public enum HKCategoryValueAppleWalkingSteadinessEvent: Int, Sendable, CaseIterable, Codable {
    /// HKCategoryValueAppleWalkingSteadinessEventInitialLow = 1.
    case initialLow = 1
    /// HKCategoryValueAppleWalkingSteadinessEventInitialVeryLow = 2.
    case initialVeryLow = 2
    /// HKCategoryValueAppleWalkingSteadinessEventRepeatLow = 3.
    case repeatLow = 3
    /// HKCategoryValueAppleWalkingSteadinessEventRepeatVeryLow = 4.
    case repeatVeryLow = 4
}

/// Cervical mucus quality values, least to most fertile.
public enum HKCategoryValueCervicalMucusQuality: Int, Sendable, CaseIterable, Codable {
    /// HKCategoryValueCervicalMucusQualityDry = 1.
    case dry = 1
    /// HKCategoryValueCervicalMucusQualitySticky = 2.
    case sticky = 2
    /// HKCategoryValueCervicalMucusQualityCreamy = 3.
    case creamy = 3
    /// HKCategoryValueCervicalMucusQualityWatery = 4.
    case watery = 4
    /// HKCategoryValueCervicalMucusQualityEggWhite = 5.
    case eggWhite = 5
}

/// Contraceptive values.
public enum HKCategoryValueContraceptive: Int, Sendable, CaseIterable, Codable {
    /// HKCategoryValueContraceptiveUnspecified = 1.
    case unspecified = 1
    /// HKCategoryValueContraceptiveImplant = 2.
    case implant = 2
    /// HKCategoryValueContraceptiveInjection = 3.
    case injection = 3
    /// HKCategoryValueContraceptiveIntrauterineDevice = 4.
    case intrauterineDevice = 4
    /// HKCategoryValueContraceptiveIntravaginalRing = 5.
    case intravaginalRing = 5
    /// HKCategoryValueContraceptiveOral = 6.
    case oral = 6
    /// HKCategoryValueContraceptivePatch = 7.
    case patch = 7
}

/// Environmental audio exposure event values.
public enum HKCategoryValueEnvironmentalAudioExposureEvent: Int, Sendable, CaseIterable, Codable {
    /// HKCategoryValueEnvironmentalAudioExposureEventMomentaryLimit = 1.
    case momentaryLimit = 1
}

/// Headphone audio exposure event values.
public enum HKCategoryValueHeadphoneAudioExposureEvent: Int, Sendable, CaseIterable, Codable {
    /// HKCategoryValueHeadphoneAudioExposureEventSevenDayLimit = 1.
    case sevenDayLimit = 1
}

/// Audio exposure event values (deprecated since iOS 14).
public enum HKCategoryValueAudioExposureEvent: Int, Sendable, CaseIterable, Codable {
    /// HKCategoryValueAudioExposureEventLoudEnvironment = 1.
    case loudEnvironment = 1
}

/// Low cardio fitness event values.
public enum HKCategoryValueLowCardioFitnessEvent: Int, Sendable, CaseIterable, Codable {
    /// HKCategoryValueLowCardioFitnessEventLowFitness = 1.
    case lowFitness = 1
}

/// Menstrual flow values (deprecated since iOS 18 in favour of HKCategoryValueVaginalBleeding, same raw values).
public enum HKCategoryValueMenstrualFlow: Int, Sendable, CaseIterable, Codable {
    /// HKCategoryValueMenstrualFlowUnspecified = 1.
    case unspecified = 1
    /// HKCategoryValueMenstrualFlowLight = 2.
    case light = 2
    /// HKCategoryValueMenstrualFlowMedium = 3.
    case medium = 3
    /// HKCategoryValueMenstrualFlowHeavy = 4.
    case heavy = 4
    /// HKCategoryValueMenstrualFlowNone = 5.
    case none = 5
}

/// The menopausal state a person recorded at a point in time (menopausalState, iOS 27). `none` is a confirmed absence
/// of menopause and perimenopause, not missing data. Raw values as Apple's menopausal-state article ranks them.
public enum HKCategoryValueMenopausalState: Int, Sendable, CaseIterable, Codable {
    /// HKCategoryValueMenopausalStateMenopause = 1.
    case menopause = 1
    /// HKCategoryValueMenopausalStatePerimenopause = 2.
    case perimenopause = 2
    /// HKCategoryValueMenopausalStateNone = 3.
    case none = 3
}

/// Vaginal bleeding values (menstrualFlow, bleedingDuringPregnancy, bleedingAfterPregnancy, bleedingAfterMenopause).
public enum HKCategoryValueVaginalBleeding: Int, Sendable, CaseIterable, Codable {
    /// HKCategoryValueVaginalBleedingUnspecified = 1.
    case unspecified = 1
    /// HKCategoryValueVaginalBleedingLight = 2.
    case light = 2
    /// HKCategoryValueVaginalBleedingMedium = 3.
    case medium = 3
    /// HKCategoryValueVaginalBleedingHeavy = 4.
    case heavy = 4
    /// HKCategoryValueVaginalBleedingNone = 5.
    case none = 5
}

/// Ovulation test result values.
public enum HKCategoryValueOvulationTestResult: Int, Sendable, CaseIterable, Codable {
    /// HKCategoryValueOvulationTestResultNegative = 1.
    case negative = 1
    /// HKCategoryValueOvulationTestResultLuteinizingHormoneSurge = 2.
    case luteinizingHormoneSurge = 2
    /// HKCategoryValueOvulationTestResultIndeterminate = 3.
    case indeterminate = 3
    /// HKCategoryValueOvulationTestResultEstrogenSurge = 4.
    case estrogenSurge = 4
    /// The pre-iOS 13 name of `luteinizingHormoneSurge` (HKCategoryValueOvulationTestResultPositive = 2).
    public static var positive: Self { .luteinizingHormoneSurge }
}

/// Pregnancy test result values.
public enum HKCategoryValuePregnancyTestResult: Int, Sendable, CaseIterable, Codable {
    /// HKCategoryValuePregnancyTestResultNegative = 1.
    case negative = 1
    /// HKCategoryValuePregnancyTestResultPositive = 2.
    case positive = 2
    /// HKCategoryValuePregnancyTestResultIndeterminate = 3.
    case indeterminate = 3
}

/// Progesterone test result values.
public enum HKCategoryValueProgesteroneTestResult: Int, Sendable, CaseIterable, Codable {
    /// HKCategoryValueProgesteroneTestResultNegative = 1.
    case negative = 1
    /// HKCategoryValueProgesteroneTestResultPositive = 2.
    case positive = 2
    /// HKCategoryValueProgesteroneTestResultIndeterminate = 3.
    case indeterminate = 3
}

// MARK: - Metadata keys (values as HealthKit stores them; many differ from the constant's name)

/// The serial number of the device that created the object.
public let HKMetadataKeyDeviceSerialNumber = "HKDeviceSerialNumber"
/// Where a body temperature was taken (HKBodyTemperatureSensorLocation raw value).
public let HKMetadataKeyBodyTemperatureSensorLocation = "HKBodyTemperatureSensorLocation"
/// Where a heart rate was measured (HKHeartRateSensorLocation raw value).
public let HKMetadataKeyHeartRateSensorLocation = "HKHeartRateSensorLocation"
/// The user's activity while the heart rate was measured (HKHeartRateMotionContext raw value).
public let HKMetadataKeyHeartRateMotionContext = "HKMetadataKeyHeartRateMotionContext"
/// The user's motion while a sample was measured.
public let HKMetadataKeyUserMotionContext = "HKMetadataKeyUserMotionContext"
/// The name of a food, on a food correlation.
public let HKMetadataKeyFoodType = "HKFoodType"
/// The device identifier part of a Unique Device Identifier.
public let HKMetadataKeyUDIDeviceIdentifier = "HKUDIDeviceIdentifier"
/// The production identifier part of a Unique Device Identifier.
public let HKMetadataKeyUDIProductionIdentifier = "HKUDIProductionIdentifier"
/// A digital signature of the sample's data.
public let HKMetadataKeyDigitalSignature = "HKDigitalSignature"
/// An identifier the creating app assigns (not used for de-duplication).
public let HKMetadataKeyExternalUUID = "HKExternalUUID"
/// An app-assigned identifier that lets a newer version replace an older object.
public let HKMetadataKeySyncIdentifier = "HKMetadataKeySyncIdentifier"
/// The version that goes with HKMetadataKeySyncIdentifier (a higher version replaces).
public let HKMetadataKeySyncVersion = "HKMetadataKeySyncVersion"
/// The time zone name where the sample was recorded.
public let HKMetadataKeyTimeZone = "HKTimeZone"
/// The name of the device that took the reading.
public let HKMetadataKeyDeviceName = "HKDeviceName"
/// The manufacturer of the device that took the reading.
public let HKMetadataKeyDeviceManufacturerName = "HKDeviceManufacturerName"
/// Whether the reading was taken in a laboratory.
public let HKMetadataKeyWasTakenInLab = "HKWasTakenInLab"
/// The lower limit of a lab result's reference range.
public let HKMetadataKeyReferenceRangeLowerLimit = "HKReferenceRangeLowerLimit"
/// The upper limit of a lab result's reference range.
public let HKMetadataKeyReferenceRangeUpperLimit = "HKReferenceRangeUpperLimit"
/// Whether the user entered the data by hand.
public let HKMetadataKeyWasUserEntered = "HKWasUserEntered"
/// The brand of a workout class or program.
public let HKMetadataKeyWorkoutBrandName = "HKWorkoutBrandName"
/// Whether the workout was a group class.
public let HKMetadataKeyGroupFitness = "HKGroupFitness"
/// Whether the workout took place indoors.
public let HKMetadataKeyIndoorWorkout = "HKIndoorWorkout"
/// Whether a coach or trainer led the workout.
public let HKMetadataKeyCoachedWorkout = "HKCoachedWorkout"
/// The weather during the workout (HKWeatherCondition raw value).
public let HKMetadataKeyWeatherCondition = "HKWeatherCondition"
/// The temperature during the workout (a temperature quantity).
public let HKMetadataKeyWeatherTemperature = "HKWeatherTemperature"
/// The humidity during the workout (a percent quantity).
public let HKMetadataKeyWeatherHumidity = "HKWeatherHumidity"
/// Whether protection was used, on sexual activity samples.
public let HKMetadataKeySexualActivityProtectionUsed = "HKSexualActivityProtectionUsed"
/// Whether a menstrual flow sample starts a cycle (required on menstrualFlow).
public let HKMetadataKeyMenstrualCycleStart = "HKMenstrualCycleStart"
/// The pool length of a lap swimming workout (a length quantity).
public let HKMetadataKeyLapLength = "HKLapLength"
/// Pool or open water (HKWorkoutSwimmingLocationType raw value).
public let HKMetadataKeySwimmingLocationType = "HKSwimmingLocationType"
/// The stroke style of a swimming sample (HKSwimmingStrokeStyle raw value).
public let HKMetadataKeySwimmingStrokeStyle = "HKSwimmingStrokeStyle"
/// The SWOLF score of a swimming lap.
public let HKMetadataKeySWOLFScore = "HKSWOLFScore"
/// Basal or bolus, on insulin delivery samples (required).
public let HKMetadataKeyInsulinDeliveryReason = "HKInsulinDeliveryReason"
/// Before or after a meal, on blood glucose samples.
public let HKMetadataKeyBloodGlucoseMealTime = "HKBloodGlucoseMealTime"
/// How a VO2 max value was obtained.
public let HKMetadataKeyVO2MaxTestType = "HKVO2MaxTestType"
/// The VO2 max value behind a low cardio fitness event.
public let HKMetadataKeyVO2MaxValue = "HKVO2MaxValue"
/// The average speed of a workout or segment (a speed quantity).
public let HKMetadataKeyAverageSpeed = "HKAverageSpeed"
/// The maximum speed of a workout or segment (a speed quantity).
public let HKMetadataKeyMaximumSpeed = "HKMaximumSpeed"
/// The grade of a ski slope (a percent quantity).
public let HKMetadataKeyAlpineSlopeGrade = "HKAlpineSlopeGrade"
/// The total elevation gained during a workout (a length quantity).
public let HKMetadataKeyElevationAscended = "HKElevationAscended"
/// The total elevation lost during a workout (a length quantity).
public let HKMetadataKeyElevationDescended = "HKElevationDescended"
/// The workout duration a fitness machine reported (a time quantity).
public let HKMetadataKeyFitnessMachineDuration = "HKFitnessMachineDuration"
/// The distance an indoor bike reported (a length quantity).
public let HKMetadataKeyIndoorBikeDistance = "HKIndoorBikeDistance"
/// The distance a cross trainer reported (a length quantity).
public let HKMetadataKeyCrossTrainerDistance = "HKCrossTrainerDistance"
/// The average metabolic equivalent of a workout (kcal/hr.kg quantity).
public let HKMetadataKeyAverageMETs = "HKAverageMETs"
/// The threshold that triggered a high or low heart rate event.
public let HKMetadataKeyHeartRateEventThreshold = "HKHeartRateEventThreshold"
/// The threshold that triggered a low cardio fitness event.
public let HKMetadataKeyLowCardioFitnessEventThreshold = "HKLowCardioFitnessEventThreshold"
/// The sound level behind an audio exposure event.
public let HKMetadataKeyAudioExposureLevel = "HKMetadataKeyAudioExposureLevel"
/// The exposure duration behind an audio exposure event.
public let HKMetadataKeyAudioExposureDuration = "HKMetadataKeyAudioExposureDuration"
/// The headphone volume during a headphone audio exposure sample.
public let HKMetadataKeyHeadphoneGain = "HKMetadataKeyHeadphoneGain"
/// Which side of the body the device was worn on.
public let HKMetadataKeyDevicePlacementSide = "HKMetadataKeyDevicePlacementSide"
/// The barometric pressure during the sample (a pressure quantity).
public let HKMetadataKeyBarometricPressure = "HKMetadataKeyBarometricPressure"
/// The version of Apple's ECG algorithm.
public let HKMetadataKeyAppleECGAlgorithmVersion = "HKMetadataKeyAppleECGAlgorithmVersion"
/// Whether the Apple device was calibrated when it took the reading.
public let HKMetadataKeyAppleDeviceCalibrated = "HKMetadataKeyAppleDeviceCalibrated"
/// The version of the algorithm that computed the sample.
public let HKMetadataKeyAlgorithmVersion = "HKAlgorithmVersion"
/// The date of the earliest data an estimate used.
public let HKMetadataKeyDateOfEarliestDataUsedForEstimate = "HKDateOfEarliestDataUsedForEstimate"
/// The workout activity type a sample belongs to (HKWorkoutActivityType raw value).
public let HKMetadataKeyActivityType = "HKActivityType"
/// How a physical effort value was estimated.
public let HKMetadataKeyPhysicalEffortEstimationType = "HKPhysicalEffortEstimationType"
/// How a cycling FTP value was obtained (HealthKit's value repeats "Cycling").
public let HKMetadataKeyCyclingFunctionalThresholdPowerTestType = "HKCyclingCyclingFunctionalThresholdPowerTestType"
/// How a heart rate recovery value was obtained.
public let HKMetadataKeyHeartRateRecoveryTestType = "HKMetadataKeyHeartRateRecoveryTestType"
/// The activity before a heart rate recovery measurement.
public let HKMetadataKeyHeartRateRecoveryActivityType = "HKMetadataKeyHeartRateRecoveryActivityType"
/// The duration of the activity before a heart rate recovery measurement.
public let HKMetadataKeyHeartRateRecoveryActivityDuration = "HKMetadataKeyHeartRateRecoveryActivityDuration"
/// The highest heart rate seen before recovery.
public let HKMetadataKeyHeartRateRecoveryMaxObservedRecoveryHeartRate =
    "HKMetadataKeyHeartRateRecoveryMaxObservedRecoveryHeartRate"
/// Whether a value is an estimate made for a whole session.
public let HKMetadataKeySessionEstimate = "HKMetadataKeySessionEstimate"
/// Whether the value was clamped to the type's lower bound.
public let HKMetadataKeyQuantityClampedToLowerBound = "HKMetadataKeyQuantityClampedToLowerBound"
/// Whether the value was clamped to the type's upper bound.
public let HKMetadataKeyQuantityClampedToUpperBound = "HKMetadataKeyQuantityClampedToUpperBound"
/// The brightest light seen during a time-in-daylight sample.
public let HKMetadataKeyMaximumLightIntensity = "HKMetadataKeyMaximumLightIntensity"
/// Fresh or salt water, on water temperature and depth samples.
public let HKMetadataKeyWaterSalinity = "HKMetadataKeyWaterSalinity"
/// Whether the workout was an Apple Fitness+ session.
public let HKMetadataKeyAppleFitnessPlusSession = "HKMetadataKeyAppleFitnessPlusSession"
/// The Fitness+ catalog identifier of a workout completed in Fitness+ (a string; iOS 18.2).
public let HKMetadataKeyAppleFitnessPlusCatalogIdentifier = "HKMetadataKeyAppleFitnessPlusCatalogIdentifier"
/// A description of a glasses prescription.
public let HKMetadataKeyGlassesPrescriptionDescription = "HKMetadataKeyGlassesPrescriptionDescription"

// MARK: - Sort identifiers

/// Sorts samples by start date.
public let HKSampleSortIdentifierStartDate = "startDate"
/// Sorts samples by end date.
public let HKSampleSortIdentifierEndDate = "endDate"
/// Sorts workouts by duration.
public let HKWorkoutSortIdentifierDuration = "duration"
/// Sorts workouts by total distance.
public let HKWorkoutSortIdentifierTotalDistance = "totalDistance"
/// Sorts workouts by total energy burned.
public let HKWorkoutSortIdentifierTotalEnergyBurned = "totalEnergyBurned"
/// Sorts workouts by total swimming stroke count.
public let HKWorkoutSortIdentifierTotalSwimmingStrokeCount = "totalSwimmingStrokeCount"
/// Sorts workouts by total flights climbed.
public let HKWorkoutSortIdentifierTotalFlightsClimbed = "totalFlightsClimbed"

// MARK: - Predicate key paths (for NSPredicate format strings)

/// The key path of an object's UUID.
public let HKPredicateKeyPathUUID = "UUID"
/// The key path of an object's source.
public let HKPredicateKeyPathSource = "source"
/// The key path of an object's metadata.
public let HKPredicateKeyPathMetadata = "metadata"
/// The key path of the correlation that contains a sample.
public let HKPredicateKeyPathCorrelation = "correlation"
/// The key path of the workout a sample is associated with.
public let HKPredicateKeyPathWorkout = "workout"
/// The key path of an object's device.
public let HKPredicateKeyPathDevice = "device"
/// The key path of an object's source revision.
public let HKPredicateKeyPathSourceRevision = "sourceRevision"
/// The key path of a sample's start date.
public let HKPredicateKeyPathStartDate = "startDate"
/// The key path of a sample's end date.
public let HKPredicateKeyPathEndDate = "endDate"
/// The key path of a quantity sample's quantity.
public let HKPredicateKeyPathQuantity = "quantity"
/// The key path of a category sample's value.
public let HKPredicateKeyPathCategoryValue = "value"
/// The key path of a workout's activity type.
public let HKPredicateKeyPathWorkoutType = "workoutType"
/// The key path of a workout's duration.
public let HKPredicateKeyPathWorkoutDuration = "duration"
/// The key path of a workout's total distance.
public let HKPredicateKeyPathWorkoutTotalDistance = "totalDistance"
/// The key path of a workout's total energy burned.
public let HKPredicateKeyPathWorkoutTotalEnergyBurned = "totalEnergyBurned"
/// The key path of a workout's total swimming strokes.
public let HKPredicateKeyPathWorkoutTotalSwimmingStrokeCount = "totalSwimmingStrokeCount"
/// The key path of a workout's total flights climbed.
public let HKPredicateKeyPathWorkoutTotalFlightsClimbed = "totalFlightsClimbed"
/// The key path of an activity summary's date components.
public let HKPredicateKeyPathDateComponents = "dateComponents"
