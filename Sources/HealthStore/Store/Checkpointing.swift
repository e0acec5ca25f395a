/// A backend capability: a storage that keeps a journal beside its main file (SQLite's write-ahead log) and can write
/// it back, so that closing leaves one self-contained file. `HealthDataStore.checkpoint()` asks for it; a backend
/// without a journal simply does not adopt it.
public protocol Checkpointing {
    /// Writes the journal into the main file and truncates it.
    func checkpoint() throws
}
