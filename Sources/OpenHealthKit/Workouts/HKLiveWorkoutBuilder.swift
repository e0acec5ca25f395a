import Foundation
import HealthModel
import Synchronization

/// What a live workout builder tells its delegate, as in HealthKit. Off-device the calls come synchronously, on the
/// thread that delivered the data or event.
public protocol HKLiveWorkoutBuilderDelegate: AnyObject {
    /// New samples of these types were added to the builder.
    func workoutBuilder(_ workoutBuilder: HKLiveWorkoutBuilder, didCollectDataOf collectedTypes: Set<HKSampleType>)
    /// A new event was added to the builder.
    func workoutBuilderDidCollectEvent(_ workoutBuilder: HKLiveWorkoutBuilder)
    /// An activity began.
    func workoutBuilder(_ workoutBuilder: HKLiveWorkoutBuilder, didBegin workoutActivity: HKWorkoutActivity)
    /// An activity ended.
    func workoutBuilder(_ workoutBuilder: HKLiveWorkoutBuilder, didEnd workoutActivity: HKWorkoutActivity)
    /// The current zone of heart rate or cycling power changed (iOS 27); not called while it stays the same.
    func workoutBuilder(
        _ workoutBuilder: HKLiveWorkoutBuilder, didUpdateWorkoutZone zoneUpdate: HKLiveWorkoutZoneUpdate)
}

extension HKLiveWorkoutBuilderDelegate {
    /// Optional in HealthKit: ignored unless implemented.
    public func workoutBuilder(_ workoutBuilder: HKLiveWorkoutBuilder, didBegin workoutActivity: HKWorkoutActivity) {}
    /// Optional in HealthKit: ignored unless implemented.
    public func workoutBuilder(_ workoutBuilder: HKLiveWorkoutBuilder, didEnd workoutActivity: HKWorkoutActivity) {}
    /// Optional in HealthKit: ignored unless implemented.
    public func workoutBuilder(
        _ workoutBuilder: HKLiveWorkoutBuilder, didUpdateWorkoutZone zoneUpdate: HKLiveWorkoutZoneUpdate
    ) {}
}

/// The builder a workout session gives (`associatedWorkoutBuilder()`): it collects the session's samples from its
/// data source and the session's pause and resume events while collection is under way, as in HealthKit.
open class HKLiveWorkoutBuilder: HKWorkoutBuilder, @unchecked Sendable {
    private struct Live: @unchecked Sendable {
        var dataSource: HKLiveWorkoutDataSource?
        var shouldCollectWorkoutEvents = true
        weak var session: HKWorkoutSession?
        weak var delegate: (any HKLiveWorkoutBuilderDelegate)?
        /// The current zone of each zone type as last told to the delegate.
        var currentZones: [SampleType: Int] = [:]
    }

    private let live: Mutex<Live>

    /// A live builder with no session (HealthKit's designated initializer; a session's `associatedWorkoutBuilder()`
    /// gives the one that follows the session).
    public override init(healthStore: HKHealthStore, configuration: HKWorkoutConfiguration, device: HKDevice?) {
        live = Mutex(Live())
        super.init(healthStore: healthStore, configuration: configuration, device: device)
    }

    init(session: HKWorkoutSession, healthStore: HKHealthStore, configuration: HKWorkoutConfiguration) {
        var initial = Live()
        initial.session = session
        live = Mutex(initial)
        super.init(healthStore: healthStore, configuration: configuration, device: nil)
    }

    /// The builder's delegate (held weakly).
    open var delegate: (any HKLiveWorkoutBuilderDelegate)? {
        get { live.withLock { $0.delegate } }
        set { live.withLock { $0.delegate = newValue } }
    }

    /// Where the builder's samples come from; off-device, the test bench's scripted sensor feed.
    open var dataSource: HKLiveWorkoutDataSource? {
        get { live.withLock { $0.dataSource } }
        set {
            live.withLock { $0.dataSource = newValue }
            newValue?.attach(to: self)
        }
    }

    /// Whether the session's pause and resume events are added to the workout (true by default).
    open var shouldCollectWorkoutEvents: Bool {
        get { live.withLock { $0.shouldCollectWorkoutEvents } }
        set { live.withLock { $0.shouldCollectWorkoutEvents = newValue } }
    }

    /// The session this builder belongs to.
    open var workoutSession: HKWorkoutSession? { live.withLock { $0.session } }

    /// The active time up to the health store's clock, pauses taken out.
    open var elapsedTime: TimeInterval { elapsedTime(at: healthStore.clock()) }

    /// The activity under way, once one was added and while it has not ended.
    open var currentWorkoutActivity: HKWorkoutActivity? {
        workoutActivities.last.flatMap { $0.endDate == nil ? $0 : nil }
    }

    // MARK: From the session and the data source

    func tellDelegate(_ call: (any HKLiveWorkoutBuilderDelegate) -> Void) {
        if let delegate { call(delegate) }
    }

    func hasActivity(_ uuid: UUID) -> Bool { state.withLock { $0.activities.contains { $0.uuid == uuid } } }

    /// Whether collection is under way (begun, not ended).
    var isCollecting: Bool { state.withLock { $0.phase == .collecting } }

    func sessionGenerated(_ event: HKWorkoutEvent) {
        guard shouldCollectWorkoutEvents, isCollecting else { return }
        do {
            try addEventsNow([event])
        } catch {
            return
        }
        tellDelegate { $0.workoutBuilderDidCollectEvent(self) }
    }

    /// Adds samples the data source collected and tells the delegate their types.
    func collected(_ samples: [HKSample]) {
        guard !samples.isEmpty, isCollecting else { return }
        do {
            try addNow(samples)
        } catch {
            if let session = workoutSession { session.delegate?.workoutSession(session, didFailWithError: error) }
            return
        }
        let types = Set(samples.map(\.sampleType))
        tellDelegate { $0.workoutBuilder(self, didCollectDataOf: types) }
        for type in Set(types.map(\.sampleType))
        where WorkoutZoneConfiguration.typeIdentifiers.contains(type.identifier) {
            reportZoneChange(of: type)
        }
    }

    /// Tells the delegate when the current zone of a type changed with the samples just collected.
    private func reportZoneChange(of type: SampleType) {
        guard let outcome = zoneOutcome(for: type), let current = outcome.lastZone else { return }
        let previous = live.withLock { live -> Int? in
            let previous = live.currentZones[type]
            live.currentZones[type] = current
            return previous
        }
        guard previous != current else { return }
        let group = HKWorkoutZoneGroup(outcome.group)
        let update = HKLiveWorkoutZoneUpdate(
            lastSampleProcessedDate: outcome.lastReadingDate, currentZoneDuration: group.zoneDurations[current],
            previousZoneDuration: previous.map { group.zoneDurations[$0] }, zoneGroup: group)
        tellDelegate { $0.workoutBuilder(self, didUpdateWorkoutZone: update) }
    }
}
