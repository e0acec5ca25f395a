import Foundation
import HealthModel

/// Everything a store backend provides: samples with their commit rules, the change log, the records kept with the
/// data (settings, the medication list, subscriptions, what an import brings besides samples), the spans of export
/// files imported whole, and the files attached to objects.
///
/// Backends (in-memory, SQLite, PostgreSQL) and views of them (`ClientStorage`) conform to the five parts; the engine
/// evaluates every query rule on top of them, so each backend behaves the same. Methods may be called from any
/// thread. Defaults live on the parts (a composition cannot be extended).
public typealias HealthStorage = SampleStorage & ChangeLog & RecordStorage & ImportedSpanStorage & AttachmentStorage
