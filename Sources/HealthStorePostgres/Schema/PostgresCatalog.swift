import HealthEngine
import HealthModel

/// The ids a storage has seen: sample types (shared by every person) and the person's source entries (a source with
/// a product type and a source class, what statistics columns name), both ways.
struct PostgresCatalog: Sendable {
    var typeIDs: [String: Int32] = [:]
    var types: [Int32: SampleType] = [:]
    var sourceEntryIDs: [SourceEntryKey: Int64] = [:]
    var sourceEntries: [Int64: (source: Source, productType: String?, sourceClass: SourceClass)] = [:]

    /// Records a source entry read from the database; one without a class (written before there were classes) is
    /// classed from its bundle identifier and product type.
    mutating func addSourceEntry(id: Int64, source: Source, productType: String?, sourceClass: SourceClass?) {
        let known =
            sourceClass
            ?? SourceClass(
                bundleIdentifier: source.bundleIdentifier, productType: productType, manufacturer: nil, model: nil,
                hardwareVersion: nil)
        sourceEntries[id] = (source, productType, known)
        sourceEntryIDs[
            SourceEntryKey(
                name: source.name, bundleIdentifier: source.bundleIdentifier, productType: productType,
                sourceClass: sourceClass)] = id
    }
}

/// A source with the product type of a revision and the class of the samples' devices: one row of `source_entries`.
struct SourceEntryKey: Hashable, Sendable, CustomStringConvertible {
    let name: String
    let bundleIdentifier: String
    let productType: String?
    /// Nil only for entries written before classes were kept.
    let sourceClass: SourceClass?

    var description: String {
        "\(bundleIdentifier) (\(name), \(productType ?? "no product type"), \(sourceClass?.description ?? "no class"))"
    }
}
