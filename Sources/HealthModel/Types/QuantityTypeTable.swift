// Every HKQuantityTypeIdentifier of HealthKit's SDK (iOS 18.1 headers; the iOS 26.5 SDK has the same 120), plus
// heartRateVariabilityRMSSD from iOS 27.0 (121), with the aggregation style and unit the SDK header comments give for
// each type. Apple's page for heartRateVariabilityRMSSD gives neither; it is taken as SDNN's (ms, discrete
// arithmetic), since both are one HRV figure in milliseconds over a recording window (docs/decisions/types.md).
//
// Units: heartRate and respiratoryRate are documented as count/s; we use count/min, the unit the Health app
// and exports write (the two are convertible). Unit strings use "." for multiplication and one "/".
//
// Read-only rule (isReadOnly: true): a type is read-only when only Apple's own algorithms produce it, so a
// client's share request for it is refused: Activity-ring times (appleExerciseTime, appleMoveTime,
// appleStandTime), walkingHeartRateAverage, appleWalkingSteadiness, atrialFibrillationBurden,
// appleSleepingWristTemperature, appleSleepingBreathingDisturbances, environmentalSoundReduction,
// estimatedWorkoutEffortScore and the legacy nikeFuel. Types the system records but apps may also save
// (sixMinuteWalkTestDistance, heartRateRecoveryOneMinute, walking/running metrics, vo2Max, restingHeartRate,
// workoutEffortScore) stay writable. See docs/decisions/types.md.

private let C = AggregationStyle.cumulative
private let A = AggregationStyle.discreteArithmetic
private let T = AggregationStyle.discreteTimeWeighted
private let L = AggregationStyle.discreteEquivalentContinuousLevel

private func quantity(
    _ name: String, _ identifier: String, _ style: AggregationStyle, _ unit: String, readOnly: Bool = false
) -> QuantityTypeDescription {
    QuantityTypeDescription(
        identifier: identifier, name: name, aggregationStyle: style, canonicalUnitString: unit, isReadOnly: readOnly)
}

extension TypeTable {
    /// Every HealthKit quantity type, grouped as HealthKit's header groups them.
    public static let quantityTypes: [QuantityTypeDescription] = [
        // Body measurements
        quantity(
            "appleSleepingWristTemperature", "HKQuantityTypeIdentifierAppleSleepingWristTemperature", A, "degC",
            readOnly: true),
        quantity("bodyFatPercentage", "HKQuantityTypeIdentifierBodyFatPercentage", A, "%"),
        quantity("bodyMass", "HKQuantityTypeIdentifierBodyMass", A, "kg"),
        quantity("bodyMassIndex", "HKQuantityTypeIdentifierBodyMassIndex", A, "count"),
        quantity("electrodermalActivity", "HKQuantityTypeIdentifierElectrodermalActivity", A, "S"),
        quantity("height", "HKQuantityTypeIdentifierHeight", A, "m"),
        quantity("leanBodyMass", "HKQuantityTypeIdentifierLeanBodyMass", A, "kg"),
        quantity("waistCircumference", "HKQuantityTypeIdentifierWaistCircumference", A, "m"),

        // Fitness
        quantity("activeEnergyBurned", "HKQuantityTypeIdentifierActiveEnergyBurned", C, "kcal"),
        quantity("appleExerciseTime", "HKQuantityTypeIdentifierAppleExerciseTime", C, "min", readOnly: true),
        quantity("appleMoveTime", "HKQuantityTypeIdentifierAppleMoveTime", C, "min", readOnly: true),
        quantity("appleStandTime", "HKQuantityTypeIdentifierAppleStandTime", C, "min", readOnly: true),
        quantity("basalEnergyBurned", "HKQuantityTypeIdentifierBasalEnergyBurned", C, "kcal"),
        quantity("crossCountrySkiingSpeed", "HKQuantityTypeIdentifierCrossCountrySkiingSpeed", A, "m/s"),
        quantity("cyclingCadence", "HKQuantityTypeIdentifierCyclingCadence", A, "count/min"),
        quantity("cyclingFunctionalThresholdPower", "HKQuantityTypeIdentifierCyclingFunctionalThresholdPower", A, "W"),
        quantity("cyclingPower", "HKQuantityTypeIdentifierCyclingPower", A, "W"),
        quantity("cyclingSpeed", "HKQuantityTypeIdentifierCyclingSpeed", A, "m/s"),
        quantity("distanceCrossCountrySkiing", "HKQuantityTypeIdentifierDistanceCrossCountrySkiing", C, "m"),
        quantity("distanceCycling", "HKQuantityTypeIdentifierDistanceCycling", C, "m"),
        quantity("distanceDownhillSnowSports", "HKQuantityTypeIdentifierDistanceDownhillSnowSports", C, "m"),
        quantity("distancePaddleSports", "HKQuantityTypeIdentifierDistancePaddleSports", C, "m"),
        quantity("distanceRowing", "HKQuantityTypeIdentifierDistanceRowing", C, "m"),
        quantity("distanceSkatingSports", "HKQuantityTypeIdentifierDistanceSkatingSports", C, "m"),
        quantity("distanceSwimming", "HKQuantityTypeIdentifierDistanceSwimming", C, "m"),
        quantity("distanceWalkingRunning", "HKQuantityTypeIdentifierDistanceWalkingRunning", C, "m"),
        quantity("distanceWheelchair", "HKQuantityTypeIdentifierDistanceWheelchair", C, "m"),
        quantity(
            "estimatedWorkoutEffortScore", "HKQuantityTypeIdentifierEstimatedWorkoutEffortScore", A, "appleEffortScore",
            readOnly: true),
        quantity("flightsClimbed", "HKQuantityTypeIdentifierFlightsClimbed", C, "count"),
        quantity("nikeFuel", "HKQuantityTypeIdentifierNikeFuel", C, "count", readOnly: true),
        quantity("paddleSportsSpeed", "HKQuantityTypeIdentifierPaddleSportsSpeed", A, "m/s"),
        quantity("physicalEffort", "HKQuantityTypeIdentifierPhysicalEffort", A, "kcal/hr.kg"),
        quantity("pushCount", "HKQuantityTypeIdentifierPushCount", C, "count"),
        quantity("rowingSpeed", "HKQuantityTypeIdentifierRowingSpeed", A, "m/s"),
        quantity("runningPower", "HKQuantityTypeIdentifierRunningPower", A, "W"),
        quantity("runningSpeed", "HKQuantityTypeIdentifierRunningSpeed", A, "m/s"),
        quantity("stepCount", "HKQuantityTypeIdentifierStepCount", C, "count"),
        quantity("swimmingStrokeCount", "HKQuantityTypeIdentifierSwimmingStrokeCount", C, "count"),
        quantity("underwaterDepth", "HKQuantityTypeIdentifierUnderwaterDepth", A, "m"),
        quantity("workoutEffortScore", "HKQuantityTypeIdentifierWorkoutEffortScore", A, "appleEffortScore"),

        // Hearing health
        quantity("environmentalAudioExposure", "HKQuantityTypeIdentifierEnvironmentalAudioExposure", L, "dBASPL"),
        quantity(
            "environmentalSoundReduction", "HKQuantityTypeIdentifierEnvironmentalSoundReduction", L, "dBASPL",
            readOnly: true),
        quantity("headphoneAudioExposure", "HKQuantityTypeIdentifierHeadphoneAudioExposure", L, "dBASPL"),

        // Heart
        quantity(
            "atrialFibrillationBurden", "HKQuantityTypeIdentifierAtrialFibrillationBurden", T, "%", readOnly: true),
        quantity("heartRate", "HKQuantityTypeIdentifierHeartRate", T, "count/min"),
        quantity("heartRateRecoveryOneMinute", "HKQuantityTypeIdentifierHeartRateRecoveryOneMinute", A, "count/min"),
        quantity("heartRateVariabilityRMSSD", "HKQuantityTypeIdentifierHeartRateVariabilityRMSSD", A, "ms"),  // iOS 27
        quantity("heartRateVariabilitySDNN", "HKQuantityTypeIdentifierHeartRateVariabilitySDNN", A, "ms"),
        quantity("peripheralPerfusionIndex", "HKQuantityTypeIdentifierPeripheralPerfusionIndex", A, "%"),
        quantity("restingHeartRate", "HKQuantityTypeIdentifierRestingHeartRate", A, "count/min"),
        quantity("vo2Max", "HKQuantityTypeIdentifierVO2Max", A, "mL/kg.min"),
        quantity(
            "walkingHeartRateAverage", "HKQuantityTypeIdentifierWalkingHeartRateAverage", A, "count/min", readOnly: true
        ),

        // Mobility
        quantity("appleWalkingSteadiness", "HKQuantityTypeIdentifierAppleWalkingSteadiness", A, "%", readOnly: true),
        quantity("runningGroundContactTime", "HKQuantityTypeIdentifierRunningGroundContactTime", A, "ms"),
        quantity("runningStrideLength", "HKQuantityTypeIdentifierRunningStrideLength", A, "m"),
        quantity("runningVerticalOscillation", "HKQuantityTypeIdentifierRunningVerticalOscillation", A, "cm"),
        quantity("sixMinuteWalkTestDistance", "HKQuantityTypeIdentifierSixMinuteWalkTestDistance", A, "m"),
        quantity("stairAscentSpeed", "HKQuantityTypeIdentifierStairAscentSpeed", A, "m/s"),
        quantity("stairDescentSpeed", "HKQuantityTypeIdentifierStairDescentSpeed", A, "m/s"),
        quantity("walkingAsymmetryPercentage", "HKQuantityTypeIdentifierWalkingAsymmetryPercentage", A, "%"),
        quantity("walkingDoubleSupportPercentage", "HKQuantityTypeIdentifierWalkingDoubleSupportPercentage", A, "%"),
        quantity("walkingSpeed", "HKQuantityTypeIdentifierWalkingSpeed", A, "m/s"),
        quantity("walkingStepLength", "HKQuantityTypeIdentifierWalkingStepLength", A, "m"),

        // Nutrition
        quantity("dietaryBiotin", "HKQuantityTypeIdentifierDietaryBiotin", C, "g"),
        quantity("dietaryCaffeine", "HKQuantityTypeIdentifierDietaryCaffeine", C, "g"),
        quantity("dietaryCalcium", "HKQuantityTypeIdentifierDietaryCalcium", C, "g"),
        quantity("dietaryCarbohydrates", "HKQuantityTypeIdentifierDietaryCarbohydrates", C, "g"),
        quantity("dietaryChloride", "HKQuantityTypeIdentifierDietaryChloride", C, "g"),
        quantity("dietaryCholesterol", "HKQuantityTypeIdentifierDietaryCholesterol", C, "g"),
        quantity("dietaryChromium", "HKQuantityTypeIdentifierDietaryChromium", C, "g"),
        quantity("dietaryCopper", "HKQuantityTypeIdentifierDietaryCopper", C, "g"),
        quantity("dietaryEnergyConsumed", "HKQuantityTypeIdentifierDietaryEnergyConsumed", C, "kcal"),
        quantity("dietaryFatMonounsaturated", "HKQuantityTypeIdentifierDietaryFatMonounsaturated", C, "g"),
        quantity("dietaryFatPolyunsaturated", "HKQuantityTypeIdentifierDietaryFatPolyunsaturated", C, "g"),
        quantity("dietaryFatSaturated", "HKQuantityTypeIdentifierDietaryFatSaturated", C, "g"),
        quantity("dietaryFatTotal", "HKQuantityTypeIdentifierDietaryFatTotal", C, "g"),
        quantity("dietaryFiber", "HKQuantityTypeIdentifierDietaryFiber", C, "g"),
        quantity("dietaryFolate", "HKQuantityTypeIdentifierDietaryFolate", C, "g"),
        quantity("dietaryIodine", "HKQuantityTypeIdentifierDietaryIodine", C, "g"),
        quantity("dietaryIron", "HKQuantityTypeIdentifierDietaryIron", C, "g"),
        quantity("dietaryMagnesium", "HKQuantityTypeIdentifierDietaryMagnesium", C, "g"),
        quantity("dietaryManganese", "HKQuantityTypeIdentifierDietaryManganese", C, "g"),
        quantity("dietaryMolybdenum", "HKQuantityTypeIdentifierDietaryMolybdenum", C, "g"),
        quantity("dietaryNiacin", "HKQuantityTypeIdentifierDietaryNiacin", C, "g"),
        quantity("dietaryPantothenicAcid", "HKQuantityTypeIdentifierDietaryPantothenicAcid", C, "g"),
        quantity("dietaryPhosphorus", "HKQuantityTypeIdentifierDietaryPhosphorus", C, "g"),
        quantity("dietaryPotassium", "HKQuantityTypeIdentifierDietaryPotassium", C, "g"),
        quantity("dietaryProtein", "HKQuantityTypeIdentifierDietaryProtein", C, "g"),
        quantity("dietaryRiboflavin", "HKQuantityTypeIdentifierDietaryRiboflavin", C, "g"),
        quantity("dietarySelenium", "HKQuantityTypeIdentifierDietarySelenium", C, "g"),
        quantity("dietarySodium", "HKQuantityTypeIdentifierDietarySodium", C, "g"),
        quantity("dietarySugar", "HKQuantityTypeIdentifierDietarySugar", C, "g"),
        quantity("dietaryThiamin", "HKQuantityTypeIdentifierDietaryThiamin", C, "g"),
        quantity("dietaryVitaminA", "HKQuantityTypeIdentifierDietaryVitaminA", C, "g"),
        quantity("dietaryVitaminB12", "HKQuantityTypeIdentifierDietaryVitaminB12", C, "g"),
        quantity("dietaryVitaminB6", "HKQuantityTypeIdentifierDietaryVitaminB6", C, "g"),
        quantity("dietaryVitaminC", "HKQuantityTypeIdentifierDietaryVitaminC", C, "g"),
        quantity("dietaryVitaminD", "HKQuantityTypeIdentifierDietaryVitaminD", C, "g"),
        quantity("dietaryVitaminE", "HKQuantityTypeIdentifierDietaryVitaminE", C, "g"),
        quantity("dietaryVitaminK", "HKQuantityTypeIdentifierDietaryVitaminK", C, "g"),
        quantity("dietaryWater", "HKQuantityTypeIdentifierDietaryWater", C, "mL"),
        quantity("dietaryZinc", "HKQuantityTypeIdentifierDietaryZinc", C, "g"),

        // Other
        quantity("bloodAlcoholContent", "HKQuantityTypeIdentifierBloodAlcoholContent", A, "%"),
        quantity("bloodPressureDiastolic", "HKQuantityTypeIdentifierBloodPressureDiastolic", A, "mmHg"),
        quantity("bloodPressureSystolic", "HKQuantityTypeIdentifierBloodPressureSystolic", A, "mmHg"),
        quantity("insulinDelivery", "HKQuantityTypeIdentifierInsulinDelivery", C, "IU"),
        quantity("numberOfAlcoholicBeverages", "HKQuantityTypeIdentifierNumberOfAlcoholicBeverages", C, "count"),
        quantity("numberOfTimesFallen", "HKQuantityTypeIdentifierNumberOfTimesFallen", C, "count"),
        quantity("timeInDaylight", "HKQuantityTypeIdentifierTimeInDaylight", C, "min"),
        quantity("uvExposure", "HKQuantityTypeIdentifierUVExposure", A, "count"),
        quantity("waterTemperature", "HKQuantityTypeIdentifierWaterTemperature", A, "degC"),

        // Reproductive health
        quantity("basalBodyTemperature", "HKQuantityTypeIdentifierBasalBodyTemperature", A, "degC"),

        // Respiratory
        quantity(
            "appleSleepingBreathingDisturbances", "HKQuantityTypeIdentifierAppleSleepingBreathingDisturbances", A,
            "count", readOnly: true),
        quantity("forcedExpiratoryVolume1", "HKQuantityTypeIdentifierForcedExpiratoryVolume1", A, "L"),
        quantity("forcedVitalCapacity", "HKQuantityTypeIdentifierForcedVitalCapacity", A, "L"),
        quantity("inhalerUsage", "HKQuantityTypeIdentifierInhalerUsage", C, "count"),
        quantity("oxygenSaturation", "HKQuantityTypeIdentifierOxygenSaturation", A, "%"),
        quantity("peakExpiratoryFlowRate", "HKQuantityTypeIdentifierPeakExpiratoryFlowRate", A, "L/min"),
        quantity("respiratoryRate", "HKQuantityTypeIdentifierRespiratoryRate", A, "count/min"),

        // Vital signs
        quantity("bloodGlucose", "HKQuantityTypeIdentifierBloodGlucose", A, "mg/dL"),
        quantity("bodyTemperature", "HKQuantityTypeIdentifierBodyTemperature", A, "degC"),
    ]
}
