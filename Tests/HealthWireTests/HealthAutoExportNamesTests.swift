import Foundation
import HealthModel
import Testing

@testable import HealthWire

@Suite("Health Auto Export names")
struct HealthAutoExportNamesTests {
    /// The app maker's metric list (health-auto-export.md §3), 112 names.
    static let makersNames = [
        "active_energy", "basal_energy_burned", "apple_exercise_time", "apple_move_time", "apple_stand_time",
        "apple_stand_hour", "cycling_distance", "downhill_snow_sports", "swimming_distance", "walking_running_distance",
        "wheelchair_distance", "flights_climbed", "wheelchair_push_count", "swim_stroke_count", "vo2_max",
        "physical_effort", "step_count", "cycling_cadence", "cycling_functional_threshold_power", "cycling_power",
        "cycling_speed", "running_power", "running_speed", "running_ground_contact_time", "running_stride_length",
        "height", "weight_body_mass", "waist_circumference", "body_fat_percentage", "body_mass_index",
        "lean_body_mass", "heart_rate", "resting_heart_rate", "heart_rate_variability", "cardio_recovery",
        "walking_heart_rate", "atrial_fibrillation_burden", "blood_pressure", "walking_speed", "walking_step_length",
        "walking_asymmetry_percentage", "walking_double_support_percentage", "six_minute_walking_test_distance",
        "stair_speed_up", "stair_speed_down", "running_vertical_oscillation", "respiratory_rate",
        "forced_expiratory_volume", "forced_vital_capacity", "blood_oxygen_saturation", "peripheral_perfusion_index",
        "peak_expiratory_flow_rate", "inhaler_usage", "body_temperature", "basal_body_temperature",
        "under_water_depth", "under_water_temperature", "uv_exposure", "time_in_daylight", "environmental_audio",
        "headphone_audio", "mindful_minutes", "sexual_activity", "electrodermal_activity", "sleep_analysis",
        "apple_sleeping_wrist_temperature", "breathing_disturbances", "insulin_delivery", "blood_glucose",
        "dietary_energy", "dietary_water", "dietary_sugar", "cholesterol", "carbohydrates", "biotin", "caffeine",
        "calcium", "chloride", "chromium", "copper", "fiber", "folate", "iodine", "iron", "magnesium", "manganese",
        "molybdenum", "monosaturated_fat", "niacin", "pantothenic_acid", "polyunsaturated_fat", "potassium",
        "protein", "riboflavin", "saturated_fat", "selenium", "sodium", "thiamin", "total_fat", "vitamin_a",
        "vitamin_b6", "vitamin_b12", "vitamin_c", "vitamin_d", "vitamin_e", "vitamin_k", "zinc",
        "blood_alcohol_content", "handwashing", "number_of_time_fallen", "number_of_alcoholic_beverages",
        "toothbrushing",
    ]
    /// The longer spellings other receivers use.
    static let otherSpellings = [
        "walking_heart_rate_average", "environmental_audio_exposure", "headphone_audio_exposure",
        "swimming_stroke_count", "heart_rate_variability_sdnn", "monounsaturated_fat",
    ]

    @Test("Every name of the maker's list and every longer spelling maps to a HealthKit type")
    func everyNameMaps() throws {
        #expect(Set(Self.makersNames).count == 112)
        let shaped: Set = ["blood_pressure", "sleep_analysis"]
        for name in Self.makersNames + Self.otherSpellings where !shaped.contains(name) {
            if let quantity = HealthAutoExportPayload.quantityMetrics[name] {
                #expect((try? SampleType.quantity(quantity)) != nil, "\(name) → \(quantity)")
            } else if let category = HealthAutoExportPayload.categoryMetrics[name] {
                #expect((try? SampleType.category(category)) != nil, "\(name) → \(category)")
            } else {
                Issue.record("\(name) is not mapped")
            }
        }
        for (short, long) in [
            ("walking_heart_rate", "walking_heart_rate_average"),
            ("environmental_audio", "environmental_audio_exposure"),
            ("headphone_audio", "headphone_audio_exposure"), ("swim_stroke_count", "swimming_stroke_count"),
            ("heart_rate_variability", "heart_rate_variability_sdnn"), ("monosaturated_fat", "monounsaturated_fat"),
        ] {
            #expect(HealthAutoExportPayload.quantityMetrics[short] == HealthAutoExportPayload.quantityMetrics[long])
        }
    }

    @Test("The app's unit spellings parse as units of their metrics' types")
    func unitSpellings() throws {
        for (text, type) in [
            ("ml/(kg·min)", "vo2Max"), ("kcal/hr·kg", "physicalEffort"), ("ft/s", "stairAscentSpeed"),
            ("bpm", "heartRate"), ("spm", "cyclingCadence"), ("dBASPL", "headphoneAudioExposure"),
            ("IU", "insulinDelivery"),
            ("steps", "stepCount"), ("mmHg", "bloodPressureSystolic"), ("hr", "appleExerciseTime"),
            ("µS", "electrodermalActivity"),
        ] {
            let unit = try HealthUnit(parsing: HealthAutoExportPayload.spelledUnit(text))
            let canonical = try #require(try SampleType.quantity(type).canonicalUnit)
            #expect(unit.isCompatible(with: canonical), "\(text) for \(type)")
        }
    }
}
