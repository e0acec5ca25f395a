import Foundation
import HealthModel

/// The source order a person set for a type (`ohk sources --order`, `PUT /sources/priority`): bundle identifiers,
/// highest priority first, keyed by the type's identifier. Without one the default order applies (SEMANTICS §5.1).
///
/// Only a full-access client sets it. A client sees the identifiers of the sources whose samples it can see, in the
/// order set, and no order when none remain: the order the Health app set may name every app of the person, and an
/// app must not learn of the others this way (issue 17). Merging ranks only the samples it is given, so it reads the
/// order unfiltered (`HealthDataStore`).
public enum SourceOrderRecord: RecordKind {
    /// Bundle identifiers, highest priority first.
    public typealias Value = [String]

    /// The stored name.
    public static let name = "sourceOrder"

    /// Only a full-access client sets source priorities.
    public static func writer(ofKey key: String) -> RecordWriter {
        .fullAccess(denial: "only a client with full access sets source priorities")
    }

    /// The identifiers of the sources the reader can see, in the order set; nil when none remain.
    public static func shown(_ value: [String], key: String, to reader: some RecordReader) throws -> [String]? {
        let type = try SampleType.named(key)
        let sources = try reader.visibleSources(of: type)
        let shown = value.filter(sources.contains)
        return shown.isEmpty ? nil : shown
    }
}

extension RecordStorage {
    /// The source order set for a type (bundle identifiers, highest priority first), or nil for the default order.
    public func sourceOrder(for type: SampleType) throws -> [String]? {
        try record(SourceOrderRecord.self, key: type.identifier)
    }
}
