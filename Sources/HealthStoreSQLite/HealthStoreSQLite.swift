// The SQLite backend (through GRDB) as a module of its own, so that `HealthStore` and the PostgreSQL backend do not
// link GRDB. Importing `HealthStoreSQLite` brings the facade and the storage roles with it.
@_exported import HealthStore
