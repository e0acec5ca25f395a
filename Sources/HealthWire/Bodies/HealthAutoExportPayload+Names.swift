import Foundation
import HealthModel

/// Health Auto Export's names: metrics, units and workouts, as the app maker's metric list and other receivers spell
/// them (../shared/docs/health-auto-export.md §3–§4; docs/guide/server.md lists what is stored and what is skipped).
extension HealthAutoExportPayload {
    /// Metric names (the app maker's 112 and the longer spellings other receivers use) and the HealthKit quantity
    /// types they carry. Names with a shape of their own (`blood_pressure`, `sleep_analysis`, `sexual_activity`,
    /// `handwashing`, `toothbrushing`, `mindful_minutes`, `apple_stand_hour`) are in `categoryMetrics` or read by
    /// `read(shaped:metric:points:)`.
    static let quantityMetrics: [String: String] = [
        // Activity
        "active_energy": "activeEnergyBurned", "basal_energy_burned": "basalEnergyBurned",
        "apple_exercise_time": "appleExerciseTime", "apple_move_time": "appleMoveTime",
        "apple_stand_time": "appleStandTime", "cycling_distance": "distanceCycling",
        "downhill_snow_sports": "distanceDownhillSnowSports", "swimming_distance": "distanceSwimming",
        "walking_running_distance": "distanceWalkingRunning", "wheelchair_distance": "distanceWheelchair",
        "flights_climbed": "flightsClimbed", "wheelchair_push_count": "pushCount",
        "swim_stroke_count": "swimmingStrokeCount", "swimming_stroke_count": "swimmingStrokeCount", "vo2_max": "vo2Max",
        "physical_effort": "physicalEffort", "step_count": "stepCount", "cycling_cadence": "cyclingCadence",
        "cycling_functional_threshold_power": "cyclingFunctionalThresholdPower", "cycling_power": "cyclingPower",
        "cycling_speed": "cyclingSpeed", "running_power": "runningPower", "running_speed": "runningSpeed",
        "running_ground_contact_time": "runningGroundContactTime", "running_stride_length": "runningStrideLength",
        // Body
        "height": "height", "weight_body_mass": "bodyMass", "waist_circumference": "waistCircumference",
        "body_fat_percentage": "bodyFatPercentage", "body_mass_index": "bodyMassIndex",
        "lean_body_mass": "leanBodyMass",
        // Heart
        "heart_rate": "heartRate", "resting_heart_rate": "restingHeartRate",
        "heart_rate_variability": "heartRateVariabilitySDNN", "heart_rate_variability_sdnn": "heartRateVariabilitySDNN",
        "cardio_recovery": "heartRateRecoveryOneMinute", "walking_heart_rate": "walkingHeartRateAverage",
        "walking_heart_rate_average": "walkingHeartRateAverage",
        "atrial_fibrillation_burden": "atrialFibrillationBurden",
        // Mobility
        "walking_speed": "walkingSpeed", "walking_step_length": "walkingStepLength",
        "walking_asymmetry_percentage": "walkingAsymmetryPercentage",
        "walking_double_support_percentage": "walkingDoubleSupportPercentage",
        "six_minute_walking_test_distance": "sixMinuteWalkTestDistance", "stair_speed_up": "stairAscentSpeed",
        "stair_speed_down": "stairDescentSpeed", "running_vertical_oscillation": "runningVerticalOscillation",
        // Respiratory
        "respiratory_rate": "respiratoryRate", "forced_expiratory_volume": "forcedExpiratoryVolume1",
        "forced_vital_capacity": "forcedVitalCapacity", "blood_oxygen_saturation": "oxygenSaturation",
        "peripheral_perfusion_index": "peripheralPerfusionIndex", "peak_expiratory_flow_rate": "peakExpiratoryFlowRate",
        "inhaler_usage": "inhalerUsage",
        // Temperature, environment
        "body_temperature": "bodyTemperature", "basal_body_temperature": "basalBodyTemperature",
        "under_water_depth": "underwaterDepth", "under_water_temperature": "waterTemperature",
        "uv_exposure": "uvExposure", "time_in_daylight": "timeInDaylight",
        "environmental_audio": "environmentalAudioExposure",
        "environmental_audio_exposure": "environmentalAudioExposure", "headphone_audio": "headphoneAudioExposure",
        "headphone_audio_exposure": "headphoneAudioExposure",
        // Mindfulness, sleep
        "electrodermal_activity": "electrodermalActivity",
        "apple_sleeping_wrist_temperature": "appleSleepingWristTemperature",
        "breathing_disturbances": "appleSleepingBreathingDisturbances",
        // Medical
        "insulin_delivery": "insulinDelivery", "blood_glucose": "bloodGlucose",
        // Nutrition
        "dietary_energy": "dietaryEnergyConsumed", "dietary_water": "dietaryWater", "dietary_sugar": "dietarySugar",
        "cholesterol": "dietaryCholesterol", "carbohydrates": "dietaryCarbohydrates", "biotin": "dietaryBiotin",
        "caffeine": "dietaryCaffeine", "calcium": "dietaryCalcium", "chloride": "dietaryChloride",
        "chromium": "dietaryChromium", "copper": "dietaryCopper", "fiber": "dietaryFiber", "folate": "dietaryFolate",
        "iodine": "dietaryIodine", "iron": "dietaryIron", "magnesium": "dietaryMagnesium",
        "manganese": "dietaryManganese", "molybdenum": "dietaryMolybdenum",
        "monosaturated_fat": "dietaryFatMonounsaturated", "monounsaturated_fat": "dietaryFatMonounsaturated",
        "niacin": "dietaryNiacin", "pantothenic_acid": "dietaryPantothenicAcid",
        "polyunsaturated_fat": "dietaryFatPolyunsaturated", "potassium": "dietaryPotassium",
        "protein": "dietaryProtein",
        "riboflavin": "dietaryRiboflavin", "saturated_fat": "dietaryFatSaturated", "selenium": "dietarySelenium",
        "sodium": "dietarySodium", "thiamin": "dietaryThiamin", "total_fat": "dietaryFatTotal",
        "vitamin_a": "dietaryVitaminA", "vitamin_b6": "dietaryVitaminB6", "vitamin_b12": "dietaryVitaminB12",
        "vitamin_c": "dietaryVitaminC", "vitamin_d": "dietaryVitaminD", "vitamin_e": "dietaryVitaminE",
        "vitamin_k": "dietaryVitaminK", "zinc": "dietaryZinc", "phosphorus": "dietaryPhosphorus",
        // Other
        "blood_alcohol_content": "bloodAlcoholContent", "number_of_time_fallen": "numberOfTimesFallen",
        "number_of_alcoholic_beverages": "numberOfAlcoholicBeverages",
    ]

    /// Metric names whose points are category samples, and the category types: each point is one event (or, for
    /// `mindful_minutes`, a session lasting `qty`; for `apple_stand_hour`, the hour starting at `date`).
    static let categoryMetrics: [String: String] = [
        "mindful_minutes": "mindfulSession", "apple_stand_hour": "appleStandHour", "handwashing": "handwashingEvent",
        "toothbrushing": "toothbrushingEvent", "sexual_activity": "sexualActivity",
    ]

    /// Health Auto Export's unit spellings (lowercased, `·` read as `.`) that are not HealthKit unit strings.
    static let unitSpellings: [String: String] = [
        "bpm": "count/min", "breaths/min": "count/min", "spm": "count/min", "steps/min": "count/min", "kcal": "kcal",
        "hr": "hr", "km/hr": "km/hr", "mi/hr": "mi/hr", "mph": "mi/hr", "kmph": "km/hr", "kph": "km/hr",
        "ml/(kg.min)": "mL/(kg*min)", "ml/(kg*min)": "mL/(kg*min)", "kcal/hr.kg": "kcal/(hr*kg)",
        "kcal/(hr.kg)": "kcal/(hr*kg)", "ml": "mL", "l": "L", "l/min": "L/min", "fl_oz_us": "fl_oz_us",
        "dbaspl": "dBASPL", "db": "dBASPL", "steps": "count", "strokes": "count", "times": "count", "count": "count",
        "mg/dl": "mg/dL", "mmol/l": "mmol<180.15588000005408>/L", "degc": "degC", "degf": "degF", "ºc": "degC",
        "ºf": "degF", "°c": "degC", "°f": "degF", "iu": "IU", "µs": "mcS", "us": "mcS", "mcs": "mcS", "µg": "mcg",
        "ug": "mcg", "mcg": "mcg", "ft/s": "ft/s", "m/s": "m/s", "mmhg": "mmHg", "kj": "kJ", "ms": "ms", "m": "m",
        "km": "km", "mi": "mi", "ft": "ft", "yd": "yd", "cm": "cm", "in": "in", "kg": "kg", "lb": "lb", "g": "g",
        "mg": "mg", "min": "min", "s": "s", "sec": "s", "%": "%",
    ]

    /// Workout names (as the app writes them) whose activity type is not their camel-cased name.
    static let workoutNames: [String: String] = [
        "outdoor walk": "walking", "indoor walk": "walking", "outdoor run": "running", "indoor run": "running",
        "outdoor cycle": "cycling", "indoor cycle": "cycling", "pool swim": "swimming", "open water swim": "swimming",
        "hiit": "highIntensityIntervalTraining", "high intensity interval training": "highIntensityIntervalTraining",
        "functional strength training": "functionalStrengthTraining",
        "traditional strength training": "traditionalStrengthTraining", "elliptical": "elliptical",
        "rowing": "rowing", "indoor rowing": "rowing", "hiking": "hiking", "yoga": "yoga",
        "stair stepper": "stairClimbing", "stairs": "stairs", "cooldown": "cooldown",
        "core training": "coreTraining", "pilates": "pilates", "dance": "cardioDance",
    ]

    /// The units a metric's quantity type reads in, from the app's spelling (`·` read as `.`).
    static func spelledUnit(_ text: String) -> String {
        let lowered = text.lowercased().replacingOccurrences(of: "·", with: ".")
        return unitSpellings[lowered] ?? text
    }
}
