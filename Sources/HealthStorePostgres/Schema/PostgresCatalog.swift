import HealthModel

/// The ids a storage has seen: sample types (shared by every person) and the person's source entries (a source with
/// a product type, what statistics columns name), both ways.
struct PostgresCatalog: Sendable {
    var typeIDs: [String: Int32] = [:]
    var types: [Int32: SampleType] = [:]
    var sourceEntryIDs: [SourceEntryKey: Int64] = [:]
    var sourceEntries: [Int64: (source: Source, productType: String?)] = [:]

    /// Records a source entry read from the database.
    mutating func addSourceEntry(id: Int64, source: Source, productType: String?) {
        sourceEntries[id] = (source, productType)
        sourceEntryIDs[
            SourceEntryKey(name: source.name, bundleIdentifier: source.bundleIdentifier, productType: productType)] = id
    }
}

/// A source with the product type of a revision: one row of `source_entries`.
struct SourceEntryKey: Hashable, Sendable, CustomStringConvertible {
    let name: String
    let bundleIdentifier: String
    let productType: String?

    var description: String { "\(bundleIdentifier) (\(name), \(productType ?? "no product type"))" }
}
