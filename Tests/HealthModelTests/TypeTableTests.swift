import Testing

@testable import HealthModel

@Suite("TypeTable")
struct TypeTableTests {
    @Test func identifiersAndNamesAreUnique() {
        let quantity = TypeTable.quantityTypes
        #expect(Set(quantity.map(\.identifier)).count == quantity.count)
        #expect(Set(quantity.map(\.name)).count == quantity.count)
        let category = TypeTable.categoryTypes
        #expect(Set(category.map(\.identifier)).count == category.count)
        #expect(Set(category.map(\.name)).count == category.count)
        let workout = TypeTable.workoutActivityTypes
        #expect(Set(workout.map(\.name)).count == workout.count)
        #expect(Set(workout.map(\.caseName)).count == workout.count)
        #expect(Set(workout.map(\.rawValue)).count == workout.count)
        let all =
            quantity.map(\.identifier) + category.map(\.identifier)
            + TypeTable.correlationTypes.map(\.identifier) + TypeTable.characteristicTypes.map(\.identifier)
        #expect(Set(all).count == all.count)
    }

    @Test func identifiersFollowHealthKitSpelling() {
        for type in TypeTable.quantityTypes {
            #expect(type.identifier.hasPrefix("HKQuantityTypeIdentifier"), "\(type.identifier)")
            #expect(
                type.identifier.lowercased().hasSuffix(type.name.lowercased()), "\(type.identifier) vs \(type.name)")
        }
        for type in TypeTable.categoryTypes {
            #expect(
                type.identifier == "HKCategoryTypeIdentifier" + type.name.prefix(1).uppercased() + type.name.dropFirst()
            )
        }
        for type in TypeTable.characteristicTypes {
            #expect(
                type.identifier == "HKCharacteristicTypeIdentifier" + type.name.prefix(1).uppercased()
                    + type.name.dropFirst())
        }
        for type in TypeTable.workoutActivityTypes {
            #expect(
                type.name == "HKWorkoutActivityType" + type.caseName.prefix(1).uppercased() + type.caseName.dropFirst())
        }
    }

    @Test func everyCanonicalUnitStringParses() throws {
        for type in TypeTable.quantityTypes {
            #expect(throws: Never.self, "\(type.name): \(type.canonicalUnitString)") {
                _ = try HealthUnit(parsing: type.canonicalUnitString)
            }
        }
    }

    @Test func counts() {
        #expect(TypeTable.quantityTypes.count >= 100)
        #expect(TypeTable.quantityTypes.count == 121)
        #expect(TypeTable.categoryTypes.count >= 60)
        #expect(TypeTable.categoryTypes.count == 72)
        #expect(TypeTable.workoutActivityTypes.count >= 80)
        #expect(TypeTable.correlationTypes.count == 2)
        #expect(TypeTable.characteristicTypes.count == 6)
    }

    @Test func quantitySpotChecks() throws {
        let steps = try #require(TypeTable.quantityType("HKQuantityTypeIdentifierStepCount"))
        #expect(steps.name == "stepCount")
        #expect(steps.aggregationStyle == .cumulative && steps.aggregationStyle.isCumulative)
        #expect(steps.canonicalUnitString == "count")
        #expect(TypeTable.quantityType("stepCount") == steps)

        let heartRate = try #require(TypeTable.quantityType("heartRate"))
        #expect(heartRate.aggregationStyle == .discreteTimeWeighted)
        #expect(heartRate.canonicalUnitString == "count/min")
        #expect(TypeTable.quantityType("atrialFibrillationBurden")?.aggregationStyle == .discreteTimeWeighted)

        for name in ["environmentalAudioExposure", "headphoneAudioExposure", "environmentalSoundReduction"] {
            let audio = try #require(TypeTable.quantityType(name))
            #expect(audio.aggregationStyle == .discreteEquivalentContinuousLevel)
            #expect(audio.canonicalUnitString == "dBASPL")
        }

        let glucose = try #require(TypeTable.quantityType("HKQuantityTypeIdentifierBloodGlucose"))
        #expect(glucose.aggregationStyle == .discreteArithmetic && !glucose.aggregationStyle.isCumulative)
        #expect(glucose.canonicalUnitString == "mg/dL")

        #expect(TypeTable.quantityType("vo2Max")?.identifier == "HKQuantityTypeIdentifierVO2Max")
        #expect(TypeTable.quantityType("vo2Max")?.canonicalUnitString == "mL/kg.min")
        #expect(TypeTable.quantityType("uvExposure")?.identifier == "HKQuantityTypeIdentifierUVExposure")
        #expect(TypeTable.quantityType("dietaryWater")?.canonicalUnitString == "mL")
        #expect(TypeTable.quantityType("dietaryEnergyConsumed")?.canonicalUnitString == "kcal")
        #expect(TypeTable.quantityType("dietaryProtein")?.canonicalUnitString == "g")
        #expect(TypeTable.quantityType("oxygenSaturation")?.canonicalUnitString == "%")
        #expect(TypeTable.quantityType("bodyTemperature")?.canonicalUnitString == "degC")
        #expect(TypeTable.quantityType("timeInDaylight")?.aggregationStyle == .cumulative)
        #expect(TypeTable.quantityType("insulinDelivery")?.canonicalUnitString == "IU")
        #expect(TypeTable.quantityType("physicalEffort")?.canonicalUnitString == "kcal/hr.kg")
        #expect(TypeTable.quantityType("workoutEffortScore")?.canonicalUnitString == "appleEffortScore")
        #expect(TypeTable.quantityType("walkingHeartRateAverage")?.isReadOnly == true)
        #expect(TypeTable.quantityType("appleExerciseTime")?.isReadOnly == true)
        #expect(TypeTable.quantityType("stepCount")?.isReadOnly == false)
        #expect(TypeTable.quantityType("sixMinuteWalkTestDistance")?.isReadOnly == false)
        #expect(TypeTable.quantityType("HKQuantityTypeIdentifierNoSuchThing") == nil)
        #expect(TypeTable.quantityType("HKCategoryTypeIdentifierSleepAnalysis") == nil)
    }

    @Test func cumulativeTypesMatchSemantics() {
        let cumulative = Set(TypeTable.quantityTypes.filter { $0.aggregationStyle.isCumulative }.map(\.name))
        let expected: Set<String> = [
            "stepCount", "distanceWalkingRunning", "distanceCycling", "distanceWheelchair", "distanceSwimming",
            "distanceDownhillSnowSports", "distanceCrossCountrySkiing", "distancePaddleSports", "distanceRowing",
            "distanceSkatingSports", "pushCount", "swimmingStrokeCount", "flightsClimbed", "nikeFuel",
            "numberOfTimesFallen", "numberOfAlcoholicBeverages", "inhalerUsage", "activeEnergyBurned",
            "basalEnergyBurned", "appleExerciseTime", "appleMoveTime", "appleStandTime", "timeInDaylight",
            "insulinDelivery",
        ]
        let dietary = Set(TypeTable.quantityTypes.map(\.name).filter { $0.hasPrefix("dietary") })
        #expect(dietary.count == 39)
        #expect(cumulative == expected.union(dietary))
    }

    @Test func sleepAnalysisValues() throws {
        let sleep = try #require(TypeTable.categoryType("HKCategoryTypeIdentifierSleepAnalysis"))
        #expect(TypeTable.categoryType("sleepAnalysis") == sleep)
        #expect(sleep.valueEnumName == "HKCategoryValueSleepAnalysis")
        #expect(sleep.values.map(\.rawValue) == [0, 1, 2, 3, 4, 5])
        #expect(
            sleep.values.map(\.caseName) == [
                "inBed", "asleepUnspecified", "awake", "asleepCore", "asleepDeep", "asleepREM",
            ])
        #expect(sleep.value(named: "HKCategoryValueSleepAnalysisAsleepCore")?.rawValue == 3)
        #expect(sleep.value(named: "asleepREM")?.name == "HKCategoryValueSleepAnalysisAsleepREM")
        #expect(sleep.value(named: "HKCategoryValueSleepAnalysisInBed")?.rawValue == 0)
        #expect(sleep.value(named: "4")?.caseName == "asleepDeep")
        #expect(sleep.value(named: "HKCategoryValueSleepAnalysisAsleep")?.caseName == "asleepUnspecified")
        #expect(sleep.value(named: "asleep")?.rawValue == 1)
        #expect(sleep.value(named: "6") == nil)
        #expect(sleep.value(named: "HKCategoryValueSleepAnalysisDreaming") == nil)
        #expect(sleep.value(raw: 2)?.name == "HKCategoryValueSleepAnalysisAwake")
        #expect(sleep.isValid(5) && !sleep.isValid(6) && !sleep.isValid(-1))
    }

    @Test func otherCategoryValues() throws {
        let stand = try #require(TypeTable.categoryType("appleStandHour"))
        #expect(stand.value(named: "HKCategoryValueAppleStandHourStood")?.rawValue == 0)
        #expect(stand.value(named: "idle")?.rawValue == 1)

        let headache = try #require(TypeTable.categoryType("HKCategoryTypeIdentifierHeadache"))
        #expect(headache.valueEnumName == "HKCategoryValueSeverity")
        #expect(headache.values.map(\.rawValue) == [0, 1, 2, 3, 4])
        #expect(headache.value(named: "HKCategoryValueSeveritySevere")?.rawValue == 4)

        let mood = try #require(TypeTable.categoryType("moodChanges"))
        #expect(mood.value(named: "HKCategoryValuePresencePresent")?.rawValue == 0)
        #expect(mood.value(named: "notPresent")?.rawValue == 1)

        let flow = try #require(TypeTable.categoryType("menstrualFlow"))
        #expect(flow.value(named: "HKCategoryValueVaginalBleedingMedium")?.rawValue == 3)
        #expect(flow.value(named: "HKCategoryValueMenstrualFlowMedium")?.rawValue == 3)
        #expect(flow.value(named: "HKCategoryValueMenstrualFlowUnspecified")?.rawValue == 1)

        let ovulation = try #require(TypeTable.categoryType("ovulationTestResult"))
        #expect(
            ovulation.value(named: "HKCategoryValueOvulationTestResultPositive")?.caseName == "luteinizingHormoneSurge")
        #expect(ovulation.value(named: "HKCategoryValueOvulationTestResultEstrogenSurge")?.rawValue == 4)

        let cervical = try #require(TypeTable.categoryType("cervicalMucusQuality"))
        #expect(cervical.value(named: "HKCategoryValueCervicalMucusQualityEggWhite")?.rawValue == 5)
        #expect(!cervical.isValid(0))
    }

    @Test func valuelessCategoryTypes() throws {
        let valueless = Set(TypeTable.categoryTypes.filter(\.values.isEmpty).map(\.name))
        #expect(
            valueless == [
                "mindfulSession", "highHeartRateEvent", "lowHeartRateEvent", "irregularHeartRhythmEvent",
                "hypertensionEvent",
                "toothbrushingEvent", "handwashingEvent", "sexualActivity", "intermenstrualBleeding", "lactation",
                "pregnancy",
                "infrequentMenstrualCycles", "irregularMenstrualCycles", "persistentIntermenstrualBleeding",
                "prolongedMenstrualPeriods", "sleepApneaEvent",
            ])
        for type in TypeTable.categoryTypes {
            if type.values.isEmpty {
                #expect(type.valueEnumName == nil, "\(type.name)")
                #expect(type.isValid(0) && !type.isValid(1), "\(type.name)")
                #expect(type.value(named: "HKCategoryValueNotApplicable")?.rawValue == 0)
                #expect(type.value(named: "0")?.rawValue == 0)
            } else {
                let enumName = try #require(type.valueEnumName, "\(type.name)")
                for value in type.values {
                    #expect(value.name == enumName + value.caseName.prefix(1).uppercased() + value.caseName.dropFirst())
                    #expect(type.value(named: value.name) == value)
                    #expect(type.value(named: value.caseName) == value)
                    #expect(type.value(named: String(value.rawValue)) == value)
                }
                #expect(Set(type.values.map(\.rawValue)).count == type.values.count, "\(type.name)")
            }
        }
    }

    @Test func workoutActivityTypes() throws {
        let running = try #require(TypeTable.workoutActivityType("HKWorkoutActivityTypeRunning"))
        #expect(running.rawValue == 37 && running.caseName == "running")
        #expect(TypeTable.workoutActivityType("running") == running)
        #expect(TypeTable.workoutActivityType(rawValue: 37) == running)
        #expect(TypeTable.workoutActivityType(rawValue: 3000)?.name == "HKWorkoutActivityTypeOther")
        #expect(TypeTable.workoutActivityType(rawValue: 1)?.caseName == "americanFootball")
        #expect(TypeTable.workoutActivityType("underwaterDiving")?.rawValue == 84)
        #expect(TypeTable.workoutActivityType("cardioDance")?.rawValue == 77)
        #expect(TypeTable.workoutActivityType("pickleball")?.rawValue == 79)
        #expect(TypeTable.workoutActivityType("swimBikeRun")?.rawValue == 82)
        #expect(TypeTable.workoutActivityType(rawValue: 81) == nil)
        #expect(TypeTable.workoutActivityType("jogging") == nil)
    }

    @Test func correlationAndCharacteristicTypes() throws {
        let pressure = try #require(TypeTable.correlationType("bloodPressure"))
        #expect(pressure.identifier == "HKCorrelationTypeIdentifierBloodPressure")
        #expect(
            Set(pressure.memberQuantityTypeIdentifiers) == [
                "HKQuantityTypeIdentifierBloodPressureSystolic", "HKQuantityTypeIdentifierBloodPressureDiastolic",
            ])
        let food = try #require(TypeTable.correlationType("HKCorrelationTypeIdentifierFood"))
        #expect(food.memberQuantityTypeIdentifiers.count == 39)
        #expect(food.memberQuantityTypeIdentifiers.contains("HKQuantityTypeIdentifierDietaryEnergyConsumed"))
        #expect(food.memberQuantityTypeIdentifiers.allSatisfy { TypeTable.quantityType($0) != nil })
        #expect(TypeTable.characteristicType("dateOfBirth")?.identifier == "HKCharacteristicTypeIdentifierDateOfBirth")
        #expect(
            TypeTable.characteristicType("HKCharacteristicTypeIdentifierActivityMoveMode")?.name == "activityMoveMode")
        #expect(TypeTable.workoutTypeIdentifier == "HKWorkoutTypeIdentifier")
        #expect(TypeTable.activitySummaryTypeIdentifier == "HKActivitySummaryTypeIdentifier")
    }
}
