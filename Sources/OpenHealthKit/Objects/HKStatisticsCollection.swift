import Foundation
import HealthEngine
import HealthModel

/// The statistics of a series of time intervals, as a statistics collection query returns them (SEMANTICS §5.3).
open class HKStatisticsCollection: NSObject, @unchecked Sendable {
    /// The engine's collection.
    let collection: StatisticsCollection

    init(_ collection: StatisticsCollection) {
        self.collection = collection
        super.init()
    }

    /// The intervals that hold data, in time order.
    open func statistics() -> [HKStatistics] {
        collection.statistics().map(HKStatistics.init)
    }

    /// The interval that contains `date`; when it holds no data, its statistics have nil quantities.
    ///
    /// HealthKit declares the result optional; here every date has an interval, so it is never nil.
    open func statistics(for date: Date) -> HKStatistics? {
        HKStatistics(collection.statistics(for: date))
    }

    /// Visits every interval from the one containing `startDate` to the one containing `endDate`, empty ones
    /// included (nil quantities); set `stop.pointee = true` to stop early.
    open func enumerateStatistics(
        from startDate: Date, to endDate: Date, with block: (HKStatistics, UnsafeMutablePointer<ObjCBool>) -> Void
    ) {
        var stop = ObjCBool(false)
        collection.enumerateStatistics(from: startDate, to: endDate) { statistics, shouldStop in
            withUnsafeMutablePointer(to: &stop) { block(HKStatistics(statistics), $0) }
            if stop.boolValue { shouldStop = true }
        }
    }

    /// Every source with data in the collection (only known with `.separateBySource`; otherwise empty).
    open func sources() -> Set<HKSource> {
        var sources = Set<Source>()
        for statistics in collection.buckets.values { sources.formUnion(statistics.bySource.keys) }
        return Set(sources.map(HKSource.init))
    }

    open override var description: String {
        "HKStatisticsCollection(\(collection.type.identifier), \(collection.buckets.count) intervals with data)"
    }
}
