// Every HKCategoryTypeIdentifier of HealthKit's SDK (iOS 18.1 headers, plus hypertensionEvent from iOS 26.2,
// menopausalState and bleedingAfterMenopause from iOS 27.0 (Apple's documentation pages), and the deprecated
// audioExposureEvent that old exports still contain): 72 types.
// Value enums and raw values are those of HealthKit's HKCategoryValues.h. A value's full name is the enum name
// followed by the case name with its first letter upper-cased, which is how exports write it
// (HKCategoryValueSleepAnalysisAsleepCore).
//
// Read-only rule (isReadOnly: true): events and classifications that only Apple's algorithms produce:
// appleStandHour, the heart-rate and rhythm notifications, lowCardioFitnessEvent, appleWalkingSteadinessEvent,
// the audio exposure events, sleepApneaEvent, hypertensionEvent and the four cycle-deviation types.

/// A value enum: its name, its current cases (case name, raw value) and older spellings that decode to the same values.
private struct ValueEnum {
    let name: String
    let values: [CategoryValueDescription]
    let aliases: [CategoryValueDescription]

    init(_ name: String, _ cases: [(String, Int)], aliases: [(fullName: String, caseName: String, rawValue: Int)] = [])
    {
        self.name = name
        self.values = cases.map { caseName, rawValue in
            CategoryValueDescription(
                name: name + caseName.prefix(1).uppercased() + caseName.dropFirst(), caseName: caseName,
                rawValue: rawValue)
        }
        self.aliases = aliases.map {
            CategoryValueDescription(name: $0.fullName, caseName: $0.caseName, rawValue: $0.rawValue)
        }
    }
}

private let sleepAnalysis = ValueEnum(
    "HKCategoryValueSleepAnalysis",
    [("inBed", 0), ("asleepUnspecified", 1), ("awake", 2), ("asleepCore", 3), ("asleepDeep", 4), ("asleepREM", 5)],
    aliases: [("HKCategoryValueSleepAnalysisAsleep", "asleep", 1)])
private let appleStandHour = ValueEnum("HKCategoryValueAppleStandHour", [("stood", 0), ("idle", 1)])
private let environmentalAudioExposureEvent = ValueEnum(
    "HKCategoryValueEnvironmentalAudioExposureEvent", [("momentaryLimit", 1)])
private let headphoneAudioExposureEvent = ValueEnum(
    "HKCategoryValueHeadphoneAudioExposureEvent", [("sevenDayLimit", 1)])
private let audioExposureEvent = ValueEnum("HKCategoryValueAudioExposureEvent", [("loudEnvironment", 1)])
private let lowCardioFitnessEvent = ValueEnum("HKCategoryValueLowCardioFitnessEvent", [("lowFitness", 1)])
private let appleWalkingSteadinessEvent = ValueEnum(
    "HKCategoryValueAppleWalkingSteadinessEvent",
    [("initialLow", 1), ("initialVeryLow", 2), ("repeatLow", 3), ("repeatVeryLow", 4)])
private let cervicalMucusQuality = ValueEnum(
    "HKCategoryValueCervicalMucusQuality", [("dry", 1), ("sticky", 2), ("creamy", 3), ("watery", 4), ("eggWhite", 5)])
private let contraceptive = ValueEnum(
    "HKCategoryValueContraceptive",
    [
        ("unspecified", 1), ("implant", 2), ("injection", 3), ("intrauterineDevice", 4), ("intravaginalRing", 5),
        ("oral", 6), ("patch", 7),
    ])
private let vaginalBleeding = ValueEnum(
    "HKCategoryValueVaginalBleeding", [("unspecified", 1), ("light", 2), ("medium", 3), ("heavy", 4), ("none", 5)])
/// menstrualFlow used HKCategoryValueMenstrualFlow (same raw values) until iOS 18; older exports write those names.
private let menstrualFlow = ValueEnum(
    "HKCategoryValueVaginalBleeding", [("unspecified", 1), ("light", 2), ("medium", 3), ("heavy", 4), ("none", 5)],
    aliases: [
        ("HKCategoryValueMenstrualFlowUnspecified", "unspecified", 1),
        ("HKCategoryValueMenstrualFlowLight", "light", 2),
        ("HKCategoryValueMenstrualFlowMedium", "medium", 3), ("HKCategoryValueMenstrualFlowHeavy", "heavy", 4),
        ("HKCategoryValueMenstrualFlowNone", "none", 5),
    ])
/// iOS 27. Apple's pages give no raw values; the order menopause 1, perimenopause 2, none 3 is the one Apple's article
/// "Recording and querying menopausal state" states when it ranks conflicting samples (docs/decisions/types.md).
private let menopausalState = ValueEnum(
    "HKCategoryValueMenopausalState", [("menopause", 1), ("perimenopause", 2), ("none", 3)])
private let ovulationTestResult = ValueEnum(
    "HKCategoryValueOvulationTestResult",
    [("negative", 1), ("luteinizingHormoneSurge", 2), ("indeterminate", 3), ("estrogenSurge", 4)],
    aliases: [("HKCategoryValueOvulationTestResultPositive", "positive", 2)])
private let pregnancyTestResult = ValueEnum(
    "HKCategoryValuePregnancyTestResult", [("negative", 1), ("positive", 2), ("indeterminate", 3)])
private let progesteroneTestResult = ValueEnum(
    "HKCategoryValueProgesteroneTestResult", [("negative", 1), ("positive", 2), ("indeterminate", 3)])
private let appetiteChanges = ValueEnum(
    "HKCategoryValueAppetiteChanges", [("unspecified", 0), ("noChange", 1), ("decreased", 2), ("increased", 3)])
private let presence = ValueEnum("HKCategoryValuePresence", [("present", 0), ("notPresent", 1)])
private let severity = ValueEnum(
    "HKCategoryValueSeverity", [("unspecified", 0), ("notPresent", 1), ("mild", 2), ("moderate", 3), ("severe", 4)])

/// Builds one row; `values` nil means a valueless type (HKCategoryValueNotApplicable = 0).
private func category(
    _ name: String, _ identifier: String, _ values: ValueEnum?, readOnly: Bool = false, pointInTime: Bool = false
) -> CategoryTypeDescription {
    CategoryTypeDescription(
        identifier: identifier, name: name, values: values?.values ?? [], valueEnumName: values?.name,
        isReadOnly: readOnly, valueAliases: values?.aliases ?? [], isPointInTime: pointInTime)
}

extension TypeTable {
    /// The value every valueless category sample holds: HKCategoryValueNotApplicable = 0.
    public static let notApplicableCategoryValue = CategoryValueDescription(
        name: "HKCategoryValueNotApplicable", caseName: "notApplicable", rawValue: 0)

    /// Every HealthKit category type, grouped as HealthKit's header groups them.
    public static let categoryTypes: [CategoryTypeDescription] = [
        // Fitness
        category("appleStandHour", "HKCategoryTypeIdentifierAppleStandHour", appleStandHour, readOnly: true),

        // Hearing health
        category(
            "environmentalAudioExposureEvent", "HKCategoryTypeIdentifierEnvironmentalAudioExposureEvent",
            environmentalAudioExposureEvent, readOnly: true),
        category(
            "headphoneAudioExposureEvent", "HKCategoryTypeIdentifierHeadphoneAudioExposureEvent",
            headphoneAudioExposureEvent, readOnly: true),
        // Deprecated in iOS 14.
        category(
            "audioExposureEvent", "HKCategoryTypeIdentifierAudioExposureEvent", audioExposureEvent, readOnly: true),

        // Heart
        category("highHeartRateEvent", "HKCategoryTypeIdentifierHighHeartRateEvent", nil, readOnly: true),
        category("hypertensionEvent", "HKCategoryTypeIdentifierHypertensionEvent", nil, readOnly: true),  // iOS 26.2
        category("irregularHeartRhythmEvent", "HKCategoryTypeIdentifierIrregularHeartRhythmEvent", nil, readOnly: true),
        category(
            "lowCardioFitnessEvent", "HKCategoryTypeIdentifierLowCardioFitnessEvent", lowCardioFitnessEvent,
            readOnly: true),
        category("lowHeartRateEvent", "HKCategoryTypeIdentifierLowHeartRateEvent", nil, readOnly: true),

        // Mindfulness
        category("mindfulSession", "HKCategoryTypeIdentifierMindfulSession", nil),

        // Mobility
        category(
            "appleWalkingSteadinessEvent", "HKCategoryTypeIdentifierAppleWalkingSteadinessEvent",
            appleWalkingSteadinessEvent, readOnly: true),

        // Other
        category("handwashingEvent", "HKCategoryTypeIdentifierHandwashingEvent", nil),
        category("toothbrushingEvent", "HKCategoryTypeIdentifierToothbrushingEvent", nil),

        // Reproductive health
        // iOS 27
        category("bleedingAfterMenopause", "HKCategoryTypeIdentifierBleedingAfterMenopause", vaginalBleeding),
        category("bleedingAfterPregnancy", "HKCategoryTypeIdentifierBleedingAfterPregnancy", vaginalBleeding),
        category("bleedingDuringPregnancy", "HKCategoryTypeIdentifierBleedingDuringPregnancy", vaginalBleeding),
        category("cervicalMucusQuality", "HKCategoryTypeIdentifierCervicalMucusQuality", cervicalMucusQuality),
        category("contraceptive", "HKCategoryTypeIdentifierContraceptive", contraceptive),
        category("infrequentMenstrualCycles", "HKCategoryTypeIdentifierInfrequentMenstrualCycles", nil, readOnly: true),
        category("intermenstrualBleeding", "HKCategoryTypeIdentifierIntermenstrualBleeding", nil),
        category("irregularMenstrualCycles", "HKCategoryTypeIdentifierIrregularMenstrualCycles", nil, readOnly: true),
        category("lactation", "HKCategoryTypeIdentifierLactation", nil),
        // iOS 27
        category("menopausalState", "HKCategoryTypeIdentifierMenopausalState", menopausalState, pointInTime: true),
        category("menstrualFlow", "HKCategoryTypeIdentifierMenstrualFlow", menstrualFlow),
        category("ovulationTestResult", "HKCategoryTypeIdentifierOvulationTestResult", ovulationTestResult),
        category(
            "persistentIntermenstrualBleeding", "HKCategoryTypeIdentifierPersistentIntermenstrualBleeding", nil,
            readOnly: true),
        category("pregnancy", "HKCategoryTypeIdentifierPregnancy", nil),
        category("pregnancyTestResult", "HKCategoryTypeIdentifierPregnancyTestResult", pregnancyTestResult),
        category("progesteroneTestResult", "HKCategoryTypeIdentifierProgesteroneTestResult", progesteroneTestResult),
        category("prolongedMenstrualPeriods", "HKCategoryTypeIdentifierProlongedMenstrualPeriods", nil, readOnly: true),
        category("sexualActivity", "HKCategoryTypeIdentifierSexualActivity", nil),

        // Respiratory
        category("sleepApneaEvent", "HKCategoryTypeIdentifierSleepApneaEvent", nil, readOnly: true),

        // Sleep
        category("sleepAnalysis", "HKCategoryTypeIdentifierSleepAnalysis", sleepAnalysis),

        // Symptoms
        category("abdominalCramps", "HKCategoryTypeIdentifierAbdominalCramps", severity),
        category("acne", "HKCategoryTypeIdentifierAcne", severity),
        category("appetiteChanges", "HKCategoryTypeIdentifierAppetiteChanges", appetiteChanges),
        category("bladderIncontinence", "HKCategoryTypeIdentifierBladderIncontinence", severity),
        category("bloating", "HKCategoryTypeIdentifierBloating", severity),
        category("breastPain", "HKCategoryTypeIdentifierBreastPain", severity),
        category("chestTightnessOrPain", "HKCategoryTypeIdentifierChestTightnessOrPain", severity),
        category("chills", "HKCategoryTypeIdentifierChills", severity),
        category("constipation", "HKCategoryTypeIdentifierConstipation", severity),
        category("coughing", "HKCategoryTypeIdentifierCoughing", severity),
        category("diarrhea", "HKCategoryTypeIdentifierDiarrhea", severity),
        category("dizziness", "HKCategoryTypeIdentifierDizziness", severity),
        category("drySkin", "HKCategoryTypeIdentifierDrySkin", severity),
        category("fainting", "HKCategoryTypeIdentifierFainting", severity),
        category("fatigue", "HKCategoryTypeIdentifierFatigue", severity),
        category("fever", "HKCategoryTypeIdentifierFever", severity),
        category("generalizedBodyAche", "HKCategoryTypeIdentifierGeneralizedBodyAche", severity),
        category("hairLoss", "HKCategoryTypeIdentifierHairLoss", severity),
        category("headache", "HKCategoryTypeIdentifierHeadache", severity),
        category("heartburn", "HKCategoryTypeIdentifierHeartburn", severity),
        category("hotFlashes", "HKCategoryTypeIdentifierHotFlashes", severity),
        category("lossOfSmell", "HKCategoryTypeIdentifierLossOfSmell", severity),
        category("lossOfTaste", "HKCategoryTypeIdentifierLossOfTaste", severity),
        category("lowerBackPain", "HKCategoryTypeIdentifierLowerBackPain", severity),
        category("memoryLapse", "HKCategoryTypeIdentifierMemoryLapse", severity),
        category("moodChanges", "HKCategoryTypeIdentifierMoodChanges", presence),
        category("nausea", "HKCategoryTypeIdentifierNausea", severity),
        category("nightSweats", "HKCategoryTypeIdentifierNightSweats", severity),
        category("pelvicPain", "HKCategoryTypeIdentifierPelvicPain", severity),
        category(
            "rapidPoundingOrFlutteringHeartbeat", "HKCategoryTypeIdentifierRapidPoundingOrFlutteringHeartbeat", severity
        ),
        category("runnyNose", "HKCategoryTypeIdentifierRunnyNose", severity),
        category("shortnessOfBreath", "HKCategoryTypeIdentifierShortnessOfBreath", severity),
        category("sinusCongestion", "HKCategoryTypeIdentifierSinusCongestion", severity),
        category("skippedHeartbeat", "HKCategoryTypeIdentifierSkippedHeartbeat", severity),
        category("sleepChanges", "HKCategoryTypeIdentifierSleepChanges", presence),
        category("soreThroat", "HKCategoryTypeIdentifierSoreThroat", severity),
        category("vaginalDryness", "HKCategoryTypeIdentifierVaginalDryness", severity),
        category("vomiting", "HKCategoryTypeIdentifierVomiting", severity),
        category("wheezing", "HKCategoryTypeIdentifierWheezing", severity),
    ]
}
