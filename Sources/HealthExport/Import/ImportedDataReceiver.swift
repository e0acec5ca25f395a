import Foundation
import HealthModel

/// Receives what an export holds besides samples: the store keeps samples, and this receiver keeps the rest
/// (activity summaries, characteristics, routes, heartbeat series and elements kept as written).
///
/// The importer streams these as it meets them and keeps none itself, so its memory stays bounded; where they go
/// (memory, a database) is the receiver's choice. Every value carries a content-derived identity or key, so a
/// receiver that replaces by key is idempotent across re-imports.
public protocol ImportedDataReceiver: AnyObject {
    /// The export's date (`ExportDate`) and locale (`HealthData@locale`).
    func receive(exportDate: Date?, locale: String?)
    /// The `Me` characteristics, by identifier (`HKCharacteristicTypeIdentifierDateOfBirth` → `1989-04-24`).
    func receive(characteristics: [String: String])
    /// One day's activity rings.
    func receive(activitySummary: ActivitySummary)
    /// A workout's route.
    func receive(route: WorkoutRoute)
    /// The beat-to-beat series of an HRV sample.
    func receive(heartbeatSeries: HeartbeatSeries)
    /// An element kept as written (unknown record types, clinical records, workout activities…), with the sample it
    /// belongs to, if any.
    func receive(keptElement: ExportElement, parent: UUID?)
}

/// A receiver that keeps everything in memory, keyed so that re-importing replaces instead of adding.
public final class ImportedDataCollector: ImportedDataReceiver {
    /// The export's date.
    public private(set) var exportDate: Date?
    /// The export's locale.
    public private(set) var locale: String?
    /// The characteristics, by identifier.
    public private(set) var characteristics: [String: String] = [:]
    /// Activity summaries by day (`yyyy-MM-dd`).
    public private(set) var activitySummaries: [String: ActivitySummary] = [:]
    /// Routes by route identifier.
    public private(set) var routes: [UUID: WorkoutRoute] = [:]
    /// Heartbeat series by sample identifier.
    public private(set) var heartbeatSeries: [UUID: HeartbeatSeries] = [:]
    /// Kept elements, in the order met; an identical element met again (a re-import) is not added twice.
    public private(set) var keptElements: [ExportElement] = []
    private var keptElementSet = Set<ExportElement>()
    /// Whether route points are kept (false keeps only counts, for very large imports).
    public let keepsRoutePoints: Bool
    /// Route points received, kept or not.
    public private(set) var routePointCount = 0

    /// An empty collector.
    public init(keepsRoutePoints: Bool = true) {
        self.keepsRoutePoints = keepsRoutePoints
    }

    /// Keeps the export's date and locale.
    public func receive(exportDate: Date?, locale: String?) {
        self.exportDate = exportDate
        self.locale = locale
    }

    /// Keeps the characteristics, newer values replacing older ones.
    public func receive(characteristics: [String: String]) {
        self.characteristics.merge(characteristics) { _, new in new }
    }

    /// Keeps a day's summary, replacing that day's earlier one.
    public func receive(activitySummary: ActivitySummary) {
        let day = activitySummary.day
        activitySummaries[DateWriter.day(year: day.year ?? 0, month: day.month ?? 0, day: day.day ?? 0)] =
            activitySummary
    }

    /// Keeps a route (its points only when `keepsRoutePoints`), replacing the route with the same identifier.
    public func receive(route: WorkoutRoute) {
        if routes[route.uuid] == nil { routePointCount += route.locations.count }
        routes[route.uuid] =
            keepsRoutePoints
            ? route
            : WorkoutRoute(
                uuid: route.uuid, workout: route.workout, sourceName: route.sourceName, filePath: route.filePath,
                locations: [])
    }

    /// Keeps a heartbeat series, replacing the series of the same sample.
    public func receive(heartbeatSeries: HeartbeatSeries) {
        self.heartbeatSeries[heartbeatSeries.sample] = heartbeatSeries
    }

    /// Keeps an element once (an identical element from a re-import is not added again).
    public func receive(keptElement: ExportElement, parent: UUID?) {
        if keptElementSet.insert(keptElement).inserted { keptElements.append(keptElement) }
    }
}
