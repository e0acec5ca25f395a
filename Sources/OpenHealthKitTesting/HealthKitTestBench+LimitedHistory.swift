import Foundation
import HealthStore
import OpenHealthKit

/// A person sharing only a recent window of their history with an app (HealthKit in iOS 27): the app reads the
/// samples of those types that start at the window's start or later (and its own), on every query path, and
/// `earliestAuthorizedSampleDate(for:)` tells it the date.
extension HealthKitTestBench {
    /// Limits what the app reads of the types to the samples starting at `date` or later; nil gives the whole
    /// history back. The app must still be granted reading the types.
    public func limitHistory(of app: HKSource, for types: Set<HKObjectType>, from date: Date?) {
        for type in types {
            dataStore.access.setReadWindow(from: date, client: app.bundleIdentifier, type: type.identifier)
        }
    }
}
