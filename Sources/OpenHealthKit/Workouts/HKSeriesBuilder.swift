import Foundation

/// The base of the builders that record a series (a route, quantity values, heartbeats), as in HealthKit.
open class HKSeriesBuilder: NSObject, @unchecked Sendable {
    /// A builder; the subclasses' initializers take the health store.
    override init() {
        super.init()
    }

    /// Stops building and drops what was collected.
    open func discard() {}
}
