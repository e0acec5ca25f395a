import HealthEngine
import HealthStore

extension QuantityColumnCache {
    /// The entry index of a row's source revision and device, adding an entry for a (source, product type, class)
    /// triple not seen before.
    mutating func entry(forRevision revisionID: Int64?, device deviceID: Int64?, catalog: SQLiteCatalog) -> Int32 {
        guard let revisionID else { return -1 }
        let key = RevisionAndDevice(revision: revisionID, device: deviceID)
        if let entry = entryByRevision[key] { return entry }
        guard let revision = catalog.revisions[revisionID]?.revision else { return -1 }
        let sourceClass = SourceClass(revision, device: deviceID.flatMap { catalog.devices[$0] })
        let entry: Int32
        if let existing = columns.sources.indices.first(where: {
            columns.sources[$0] == revision.source && columns.productTypes[$0] == revision.productType
                && columns.sourceClasses[$0] == sourceClass
        }) {
            entry = Int32(existing)
        } else {
            entry = Int32(columns.sources.count)
            columns.sources.append(revision.source)
            columns.productTypes.append(revision.productType)
            columns.sourceClasses.append(sourceClass)
        }
        entryByRevision[key] = entry
        return entry
    }
}
