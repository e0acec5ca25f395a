import HealthStore

/// SQLite keeps a write-ahead log beside the store file: `checkpoint()` (in `SQLiteStorage`) writes it back.
extension SQLiteStorage: Checkpointing {}
