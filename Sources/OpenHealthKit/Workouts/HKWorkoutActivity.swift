import Foundation
import HealthEngine
import HealthModel
import HealthStore

/// One activity within a workout (a leg of a triathlon, an interval), as in HealthKit.
open class HKWorkoutActivity: NSObject, @unchecked Sendable {
    /// The model activity, or why its values were rejected (reported when the workout is saved).
    let backing: Result<WorkoutActivity, HealthModelError>
    private let storedConfiguration: HKWorkoutConfiguration
    private let storedMetadata: [String: Any]?

    /// An activity with its configuration and interval; an activity that is still going on has no end date yet.
    public init(
        workoutConfiguration: HKWorkoutConfiguration, start startDate: Date, end endDate: Date?,
        metadata: [String: Any]?
    ) {
        let configuration = workoutConfiguration.copy() as! HKWorkoutConfiguration
        storedConfiguration = configuration
        storedMetadata = metadata
        backing = Result { () throws(HealthModelError) -> WorkoutActivity in
            try WorkoutActivity(
                configuration: configuration.model, startDate: startDate, endDate: endDate,
                metadata: try MetadataBridge.model(metadata))
        }
        fallbackStart = startDate
        fallbackEnd = endDate
        super.init()
    }

    /// HealthKit's Objective-C spelling of `init(workoutConfiguration:start:end:metadata:)`.
    public convenience init(
        workoutConfiguration: HKWorkoutConfiguration, startDate: Date, endDate: Date?, metadata: [String: Any]?
    ) {
        self.init(workoutConfiguration: workoutConfiguration, start: startDate, end: endDate, metadata: metadata)
    }

    /// Unarchives an activity (`NSSecureCoding`, HKWorkoutActivity+Coding.swift); fails, with the reason, on an
    /// archive that holds no valid activity.
    public required init?(coder: NSCoder) {
        if let reason = ObjectArchive.string(coder, ObjectArchive.invalidKey) {
            ObjectArchive.report(coder, "HKWorkoutActivity", "archived from invalid values: \(reason)")
            return nil
        }
        guard let bytes = ObjectArchive.data(coder, HKWorkoutActivity.activityKey),
            let activity = try? SampleDetailCoding.activity(from: Array(bytes))
        else {
            ObjectArchive.report(coder, "HKWorkoutActivity", "no activity that reads")
            return nil
        }
        backing = .success(activity)
        storedConfiguration = HKWorkoutConfiguration(activity.configuration)
        storedMetadata = MetadataBridge.healthKit(activity.metadata)
        fallbackStart = activity.startDate
        fallbackEnd = activity.endDate
        super.init()
    }

    /// Activities are equal when their identifiers are, as objects are.
    open override func isEqual(_ object: Any?) -> Bool { (object as? HKWorkoutActivity)?.uuid == uuid }
    /// A hash of the identifier.
    open override var hash: Int { uuid.hashValue }

    init(_ activity: WorkoutActivity) {
        backing = .success(activity)
        storedConfiguration = HKWorkoutConfiguration(activity.configuration)
        storedMetadata = MetadataBridge.healthKit(activity.metadata)
        fallbackStart = activity.startDate
        fallbackEnd = activity.endDate
        super.init()
    }

    private let fallbackStart: Date
    private let fallbackEnd: Date?
    /// Where the activity's time in zone comes from (`HKWorkout+Zones`).
    let zoneLookup = WorkoutZoneLookup()

    /// The activity's identifier.
    open var uuid: UUID { (try? backing.get().uuid) ?? placeholderUUID }
    private lazy var placeholderUUID = RandomUUID.make()
    /// The activity's configuration.
    open var workoutConfiguration: HKWorkoutConfiguration { storedConfiguration }
    /// When it starts.
    open var startDate: Date { fallbackStart }
    /// When it ends; nil while it is going on.
    open var endDate: Date? { fallbackEnd }
    /// The activity's metadata.
    open var metadata: [String: Any]? { storedMetadata }
    /// The workout's events during the activity.
    open var workoutEvents: [HKWorkoutEvent] { ((try? backing.get().events) ?? []).map(HKWorkoutEvent.init) }
    /// The active time, pauses taken out.
    open var duration: TimeInterval { (try? backing.get().duration) ?? 0 }

    /// The statistics of the samples recorded during the activity, by quantity type.
    open var allStatistics: [HKQuantityType: HKStatistics] {
        guard let activity = try? backing.get() else { return [:] }
        return HKStatistics.of(activity.statistics, startDate: activity.startDate, endDate: activity.endDate)
    }

    /// The statistics of one quantity type during the activity, or nil when none was recorded.
    open func statistics(for quantityType: HKQuantityType) -> HKStatistics? {
        allStatistics[quantityType]
    }
}

extension HKStatistics {
    /// A workout's or activity's recorded figures as HealthKit statistics over its interval.
    static func of(
        _ statistics: [String: WorkoutStatistic], startDate: Date, endDate: Date?
    ) -> [HKQuantityType: HKStatistics] {
        var result: [HKQuantityType: HKStatistics] = [:]
        for statistic in statistics.values {
            guard let figures = try? statistic.statistics(startDate: startDate, endDate: endDate ?? startDate) else {
                continue
            }
            result[HKQuantityType(sampleType: figures.type)] = HKStatistics(figures)
        }
        return result
    }
}
