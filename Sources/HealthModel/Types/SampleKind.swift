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
    /// Series data belonging to another sample: workout routes (locations) and heartbeat series (beat times). The
    /// store keeps them beside their workout or heart rate variability sample, not as samples of their own, so no
    /// sample of this kind can be built; queries read them through the series queries.
    case series
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
    /// A heartbeat series an app built with `HKHeartbeatSeriesBuilder` (`HKDataTypeIdentifierHeartbeatSeries`): the
    /// beats' times since the series' start and their gap flags, exactly as added. Series under imported heart rate
    /// variability samples stay beside their sample (`series`).
    case heartbeatSeries
    /// A logged dose of a medication on the person's list (`HKMedicationDoseEvent`); read-only for apps and readable
    /// only for the medications the person shared with the app.
    case medicationDoseEvent

    /// Whether samples of this kind keep their whole content in a `SamplePayload`.
    public var carriesPayload: Bool { self >= .electrocardiogram }

    /// Orders by raw value: the order in which the kinds are declared.
    public static func < (lhs: SampleKind, rhs: SampleKind) -> Bool { lhs.rawValue < rhs.rawValue }
}
