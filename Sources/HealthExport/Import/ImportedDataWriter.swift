import Foundation
import HealthEngine
import HealthModel
import HealthStore

/// The receiver an import always has: it saves what an export holds besides samples into the store's storage
/// (`HealthDataStore.saveImportedData`), in writes of a few thousand values, commits routes and heartbeat series as
/// samples of their own once their workouts and HRV samples are stored, and passes everything on to an optional
/// further receiver.
///
/// Kept elements get an identity from their content and their parent (not their line), so a re-import, or a newer
/// export where the element moved, does not add them twice. Used on the reader's thread only.
final class ImportedDataWriter: ImportedDataReceiver {
    private let store: HealthDataStore
    private let next: ImportedDataReceiver?
    private var pending = ImportedData()
    /// Routes and heartbeat series met, not yet committed as samples.
    private var pendingRoutes: [WorkoutRoute] = []
    private var pendingBeats: [HeartbeatSeries] = []
    private var pendingSeriesWeight = 0
    /// Whether every sample of the document is committed, so that series find their owners.
    private var ownersStored = false
    /// Values pending, weighted by their points and beats.
    private var pendingWeight = 0
    /// Pending weight at which a write is made (memory stays bounded by it, plus one route).
    private let flushWeight: Int
    /// The first error of a write, reported by `flush()`.
    private var failure: (any Error)?

    init(store: HealthDataStore, next: ImportedDataReceiver?, flushWeight: Int = 20_000) {
        self.store = store
        self.next = next
        self.flushWeight = flushWeight
    }

    /// Writes what is pending (series too: the document's samples are stored by then); throws the first error of
    /// any write so far.
    func flush() throws {
        write()
        ownersAreStored()
        if let failure { throw failure }
    }

    private func write() {
        guard !pending.isEmpty else { return }
        let data = pending
        pending = ImportedData()
        pendingWeight = 0
        guard failure == nil else { return }
        do { try store.saveImportedData(data) } catch { failure = error }
    }

    private func added(weight: Int) {
        pendingWeight += max(1, weight)
        if pendingWeight >= flushWeight { write() }
    }

    func receive(exportDate: Date?, locale: String?) {
        pending.exportInformation = ExportInformation(exportDate: exportDate, locale: locale)
        next?.receive(exportDate: exportDate, locale: locale)
        added(weight: 1)
    }

    func receive(characteristics: [String: String]) {
        pending.characteristics.merge(characteristics) { _, new in new }
        next?.receive(characteristics: characteristics)
        added(weight: characteristics.count)
    }

    func receive(activitySummary: ActivitySummary) {
        pending.activitySummaries.append(activitySummary)
        next?.receive(activitySummary: activitySummary)
        added(weight: 1)
    }

    func receive(route: WorkoutRoute) {
        pendingRoutes.append(route)
        next?.receive(route: route)
        addedSeries(weight: route.locations.count)
    }

    func receive(heartbeatSeries: HeartbeatSeries) {
        pendingBeats.append(heartbeatSeries)
        next?.receive(heartbeatSeries: heartbeatSeries)
        addedSeries(weight: heartbeatSeries.beats.count)
    }

    /// Routes and heartbeat series are samples, committed with their owner's source revision and device (and a route
    /// with its association to the workout), so they wait until every sample of the document is committed
    /// (`ownersAreStored()`); after that they are committed in writes of about `flushWeight` points and beats.
    private func addedSeries(weight: Int) {
        pendingSeriesWeight += max(1, weight)
        if ownersStored, pendingSeriesWeight >= flushWeight { writeSeries() }
    }

    /// Says that the document's samples are all committed: the series met so far are written now, later ones in
    /// writes of about `flushWeight`.
    func ownersAreStored() {
        ownersStored = true
        writeSeries()
    }

    /// Commits the pending series in writes of about `flushWeight` points and beats each (the series met while the
    /// document was read all wait for its end: one write of them all raised a 1 GB import's peak by about 6 MB).
    private func writeSeries() {
        guard !pendingRoutes.isEmpty || !pendingBeats.isEmpty else { return }
        let routes = pendingRoutes
        let beats = pendingBeats
        pendingRoutes = []
        pendingBeats = []
        pendingSeriesWeight = 0
        for part in Self.chunks(routes, weight: \.locations.count, limit: flushWeight) {
            writeSeries(routes: part, beats: [])
        }
        for part in Self.chunks(beats, weight: \.beats.count, limit: flushWeight) {
            writeSeries(routes: [], beats: part)
        }
    }

    /// `items` in runs whose weights add up to at most `limit` (an item heavier than that alone).
    private static func chunks<T>(_ items: [T], weight: (T) -> Int, limit: Int) -> [ArraySlice<T>] {
        var result: [ArraySlice<T>] = []
        var start = 0
        while start < items.count {
            var end = start
            var total = 0
            while end < items.count, end == start || total + weight(items[end]) <= limit {
                total += weight(items[end])
                end += 1
            }
            result.append(items[start..<end])
            start = end
        }
        return result
    }

    private func writeSeries(routes: ArraySlice<WorkoutRoute>, beats: ArraySlice<HeartbeatSeries>) {
        guard failure == nil else { return }
        do {
            // Each write holds routes or beats: its owners are workouts or HRV samples, fetched once.
            let request =
                routes.isEmpty
                ? SampleQueryRequest(
                    type: ImportedDataWriter.heartRateVariability, predicate: .uuids(Set(beats.map(\.sample))))
                : SampleQueryRequest(type: .workout, predicate: .uuids(Set(routes.map(\.workout))))
            let found = Dictionary(
                try store.samples(request).map { ($0.uuid, $0) }, uniquingKeysWith: { first, _ in first })
            var samples: [Sample] = []
            var associations: [WorkoutAssociation] = []
            for route in routes {
                // A route whose workout was not stored (refused, or outside what was read) has no source to take.
                guard let workout = found[route.workout], !route.locations.isEmpty else { continue }
                let sample = try Sample.workoutRoute(
                    uuid: route.uuid, locations: route.locations, device: workout.device,
                    sourceRevision: workout.sourceRevision)
                samples.append(sample)
                associations.append(WorkoutAssociation(workout: workout.uuid, samples: [sample.uuid]))
            }
            for series in beats {
                guard let owner = found[series.sample] else { continue }
                samples.append(try Sample.heartbeatSeries(importedWith: owner, beats: series.beats))
            }
            // A re-import meets series already stored under the same identifiers: they are kept, and their route is
            // associated again (which changes nothing).
            let stored = try store.samples.storedSequences(withUUIDs: Set(samples.map(\.uuid)))
            let new = samples.filter { stored[$0.uuid] == nil }
            if !new.isEmpty { try store.saveImported(new, associations: associations) }
        } catch {
            failure = error
        }
    }

    private static let heartRateVariability = try! SampleType.quantity("heartRateVariabilitySDNN")

    func receive(keptElement: ExportElement, parent: UUID?) {
        pending.keptElements.append(
            KeptElement(
                identity: ImportedDataWriter.identity(of: keptElement, parent: parent), parent: parent,
                element: keptElement))
        next?.receive(keptElement: keptElement, parent: parent)
        added(weight: 1)
    }

    /// The identity of a kept element: its name, attributes in order and children, and its parent; not its line.
    static func identity(of element: ExportElement, parent: UUID?) -> UUID {
        var hasher = ContentHasher(seed: 41)
        if let parent { withUnsafeBytes(of: parent.uuid) { hasher.combine($0) } } else { hasher.combine(UInt64(0)) }
        add(element, to: &hasher)
        return hasher.finalize().uuid
    }

    private static func add(_ element: ExportElement, to hasher: inout ContentHasher) {
        hasher.combine(element.name)
        let attributes = element.attributes
        hasher.combine(UInt64(attributes.count))
        for attribute in attributes {
            hasher.combine(attribute.name)
            hasher.combine(attribute.value)
        }
        hasher.combine(UInt64(element.children.count))
        for child in element.children { add(child, to: &hasher) }
    }
}
