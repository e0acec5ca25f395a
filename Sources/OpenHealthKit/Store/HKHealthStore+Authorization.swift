import Foundation
import HealthModel
import HealthStore

/// Whether an app may share (save) a type, as in HealthKit. Read permission is never reported.
public enum HKAuthorizationStatus: Int, Sendable, Hashable {
    /// The app has not asked.
    case notDetermined = 0
    /// The person refused sharing.
    case sharingDenied = 1
    /// The person allowed sharing.
    case sharingAuthorized = 2
}

/// Whether asking for some types would show the permission sheet, as in HealthKit.
public enum HKAuthorizationRequestStatus: Int, Sendable, Hashable {
    /// Cannot tell.
    case unknown = 0
    /// Some type has not been asked about: requesting would ask the person.
    case shouldRequest = 1
    /// Every type has been asked about already.
    case unnecessary = 2
}

/// The authorization rules behind `HKHealthStore`'s authorization methods (declared in the class so that test doubles
/// can override them).
extension HKHealthStore {
    /// Runs an authorization request on the store's executor and reports to a completion handler on the callback
    /// queue.
    func requestAuthorizationInBackground(
        toShare typesToShare: Set<HKSampleType>, read typesToRead: Set<HKObjectType>,
        completion: @escaping (Bool, (any Error)?) -> Void
    ) {
        reportInBackground(to: completion) {
            try self.requestAuthorizationNow(toShare: typesToShare, read: typesToRead)
        }
    }

    /// The share decision for a type, in HealthKit's terms.
    func shareStatus(for type: HKObjectType) -> HKAuthorizationStatus {
        switch dataStore.shareDecision(for: type.identifier) {
        case .notDetermined: return .notDetermined
        case .denied: return .sharingDenied
        case .authorized: return .sharingAuthorized
        }
    }

    func requestStatus(
        toShare typesToShare: Set<HKSampleType>, read typesToRead: Set<HKObjectType>
    ) -> HKAuthorizationRequestStatus {
        dataStore.access.wouldAsk(
            client: client.bundleIdentifier, share: Set(typesToShare.map(\.identifier)),
            read: Set(typesToRead.map(\.identifier)))
            ? .shouldRequest : .unnecessary
    }

    func requestAuthorizationNow(
        toShare typesToShare: Set<HKSampleType>, read typesToRead: Set<HKObjectType>
    ) throws {
        if dataStore.condition == .unavailable {
            throw HKError(.errorHealthDataUnavailable, "health data is not available in this store")
        }
        guard !typesToShare.isEmpty || !typesToRead.isEmpty else {
            throw HKError(.errorInvalidArgument, "an authorization request needs at least one type to share or read")
        }
        let correlations = (Array(typesToShare) as [HKObjectType] + Array(typesToRead)).filter {
            $0 is HKCorrelationType
        }
        if let first = correlations.map(\.identifier).sorted().first {
            throw HKError(
                .errorInvalidArgument, "authorization for \(first) cannot be requested: ask for the types it contains")
        }
        if let readOnly = typesToShare.map(\.sampleType).filter(\.isReadOnly).map(\.identifier).sorted().first {
            throw HKError(.errorInvalidArgument, "sharing \(readOnly) cannot be requested: it is read-only")
        }
        dataStore.access.request(
            client: client.bundleIdentifier, share: Set(typesToShare.map(\.identifier)),
            read: Set(typesToRead.map(\.identifier)))
    }
}
