import HealthStore

extension QuantityColumnCache {
    /// The entry index of a revision, adding an entry for a (source, product type) pair not seen before.
    mutating func entry(forRevision revisionID: Int64?, catalog: SQLiteCatalog) -> Int32 {
        guard let revisionID else { return -1 }
        if let entry = entryByRevision[revisionID] { return entry }
        guard let revision = catalog.revisions[revisionID]?.revision else { return -1 }
        let entry: Int32
        if let existing = columns.sources.indices.first(where: {
            columns.sources[$0] == revision.source && columns.productTypes[$0] == revision.productType
        }) {
            entry = Int32(existing)
        } else {
            entry = Int32(columns.sources.count)
            columns.sources.append(revision.source)
            columns.productTypes.append(revision.productType)
        }
        entryByRevision[revisionID] = entry
        return entry
    }
}
