import Foundation
import HealthModel
import HealthStore

/// Sets each imported quantity type's default source order from the data: manual entries first, then Apple Watch,
/// then iPhone, then third-party sources, the most recently active first.
enum SourcePriorityPlanner {
    /// The rank class of a source: 0 manual, 1 Apple Watch, 2 iPhone, 3 third party.
    static func rankClass(_ source: SourceEntry) -> Int {
        if source.source.name == "Health"
            || (source.sampleCount > 0 && source.userEnteredCount * 2 > source.sampleCount)
        {
            return 0
        }
        if source.sawWatch { return 1 }
        if source.sawPhone { return 2 }
        return 3
    }

    /// The sources in default priority order.
    static func ordered(_ sources: [SourceEntry]) -> [SourceEntry] {
        sources.sorted { left, right in
            let leftClass = rankClass(left)
            let rightClass = rankClass(right)
            if leftClass != rightClass { return leftClass < rightClass }
            if left.latest != right.latest { return left.latest > right.latest }
            return left.source.name < right.source.name
        }
    }

    /// Sets the order of every quantity type the sources recorded; sources already in a type's order keep their
    /// place, new ones follow in default order.
    static func apply(_ sources: [SourceEntry], to store: HealthDataStore) throws {
        // The reader and the saver each met some sources: one entry per bundle identifier, their figures added.
        var merged: [String: SourceEntry] = [:]
        var names: [String] = []
        for entry in sources where entry.sampleCount > 0 {
            let key = entry.source.bundleIdentifier
            guard let into = merged[key] else {
                let copy = SourceEntry(name: entry.source.name)
                merged[key] = copy
                names.append(key)
                copy.absorb(entry)
                continue
            }
            into.absorb(entry)
        }
        let ordered = ordered(names.compactMap { merged[$0] })
        var types = Set<SampleType>()
        for source in ordered { types.formUnion(source.quantityTypes) }
        for type in types {
            var order = try store.sourceOrder(for: type) ?? []
            let present = Set(order)
            for source in ordered
            where source.quantityTypes.contains(type) && !present.contains(source.source.bundleIdentifier) {
                order.append(source.source.bundleIdentifier)
            }
            try store.setSourceOrder(order, for: type)
        }
    }
}

extension SourceEntry {
    /// Adds another entry's figures for the same source.
    func absorb(_ other: SourceEntry) {
        sampleCount += other.sampleCount
        userEnteredCount += other.userEnteredCount
        sawWatch = sawWatch || other.sawWatch
        sawPhone = sawPhone || other.sawPhone
        latest = max(latest, other.latest)
        quantityTypes.formUnion(other.quantityTypes)
    }
}
