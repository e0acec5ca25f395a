/// The concrete kind of object that a sample type holds.
public enum SampleKind: UInt8, Sendable, Hashable, CaseIterable, Comparable {
    /// Numeric measurements with a unit (steps, heart rate).
    case quantity
    /// Enumerated values over a time span (sleep stages, stand hours).
    case category
    /// Containers of other samples (blood pressure, food).
    case correlation
    /// Workouts with events and statistics.
    case workout
    /// A workout's route (`HKWorkoutRoute`, a sample of `HKSeriesType.workoutRoute()`): its locations in time order,
    /// kept whole in a `SamplePayload` like the payload kinds below and tied to its workout by association. Its raw
    /// value is the one the retired side-table kind `series` had; no stored sample ever had that kind.
    case workoutRoute
    /// Clinical documents (CDA), kept whole beside the samples; read with document queries.
    case document
    /// Electrocardiograms with their voltage measurements (`HKElectrocardiogram`); read-only for apps, as in
    /// HealthKit, but imported from an export's `electrocardiograms/*.csv`. The kinds from here on keep their whole
    /// content in a `SamplePayload` (docs/decisions/sample-payloads.md).
    case electrocardiogram
    /// Hearing sensitivity by frequency (`HKAudiogramSample`).
    case audiogram
    /// A logged emotion or mood (`HKStateOfMind`).
    case stateOfMind
    /// A scored questionnaire, GAD-7 or PHQ-9 (`HKScoredAssessment`).
    case scoredAssessment
    /// A glasses or contacts prescription (`HKVisionPrescription`), readable only object by object.
    case visionPrescription
    /// A clinical record holding a FHIR resource (`HKClinicalRecord`); read-only for apps, as in HealthKit, and
    /// imported from an export's `ClinicalRecord` elements and their `clinical-records/*.json` files.
    case clinicalRecord
    /// An effort score sample related to a workout, or to one of its activities (HealthKit's
    /// `HKWorkoutEffortRelationship`): a record of its own, so relating and unrelating go through the commit path and
    /// the change log (docs/decisions/workout-effort.md). No HealthKit type names it; apps reach it through
    /// `relateWorkoutEffortSample` and `HKWorkoutEffortRelationshipQuery`.
    case workoutEffortRelationship
    /// A heartbeat series (`HKHeartbeatSeriesSample`, `HKDataTypeIdentifierHeartbeatSeries`): the beats' times since the
    /// series' start and their gap flags, as an app's `HKHeartbeatSeriesBuilder` added them or as an export's
    /// `InstantaneousBeatsPerMinute` list under a heart rate variability record gave them.
    case heartbeatSeries
    /// A logged dose of a medication on the person's list (`HKMedicationDoseEvent`); read-only for apps and readable
    /// only for the medications the person shared with the app.
    case medicationDoseEvent

    /// Whether samples of this kind keep their whole content in a `SamplePayload`.
    public var carriesPayload: Bool { self == .workoutRoute || self >= .electrocardiogram }

    /// Orders by raw value: the order in which the kinds are declared.
    public static func < (lhs: SampleKind, rhs: SampleKind) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// How HealthKit combines the samples of a quantity type into statistics (HKQuantityAggregationStyle).
public enum AggregationStyle: String, Sendable, Hashable, CaseIterable {
    /// Values add up over time (steps, energy, distance): statistics offer sums.
    case cumulative
    /// Independent readings averaged one sample at a time (body mass, blood glucose).
    case discreteArithmetic
    /// Readings averaged by the time each one covers (heart rate, atrial fibrillation burden).
    case discreteTimeWeighted
    /// Sound levels averaged as an equivalent continuous level, Leq (audio exposure).
    case discreteEquivalentContinuousLevel

    /// True for `cumulative`, false for every discrete style.
    public var isCumulative: Bool { self == .cumulative }

    /// True for every discrete style.
    public var isDiscrete: Bool { self != .cumulative }

    /// HealthKit's raw value of HKQuantityAggregationStyle (cumulative 0, discreteArithmetic 1, discreteTimeWeighted 2, discreteEquivalentContinuousLevel 3).
    public var healthKitRawValue: Int {
        switch self {
        case .cumulative: return 0
        case .discreteArithmetic: return 1
        case .discreteTimeWeighted: return 2
        case .discreteEquivalentContinuousLevel: return 3
        }
    }
}
