import Foundation
import HealthEngine
import HealthModel
import HealthStore

/// The receiver an import always has: it saves what an export holds besides samples into the store's storage
/// (`HealthDataStore.saveImportedData`), in writes of a few thousand values, and passes everything on to an optional
/// further receiver.
///
/// Kept elements get an identity from their content and their parent (not their line), so a re-import, or a newer
/// export where the element moved, does not add them twice. Used on the reader's thread only.
final class ImportedDataWriter: ImportedDataReceiver {
    private let store: HealthDataStore
    private let next: ImportedDataReceiver?
    private var pending = ImportedData()
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

    /// Writes what is pending; throws the first error of any write so far.
    func flush() throws {
        write()
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
        pending.workoutRoutes.append(route)
        next?.receive(route: route)
        added(weight: route.locations.count)
    }

    func receive(heartbeatSeries: HeartbeatSeries) {
        pending.heartbeatSeries.append(heartbeatSeries)
        next?.receive(heartbeatSeries: heartbeatSeries)
        added(weight: heartbeatSeries.beats.count)
    }

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
