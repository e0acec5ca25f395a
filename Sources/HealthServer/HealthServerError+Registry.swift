import HealthRegistry

extension HealthServerError {
    /// The server's answer to a registry error: a refused token is 401, a bad name or grant 400, a person or client
    /// that exists already 409, one that does not 404, and the registry's database failing 500.
    static func from(_ error: RegistryError) -> HealthServerError {
        switch error {
        case let .invalidField(field, reason): return .invalidField(field: field, reason: reason)
        case .personExists, .clientExists: return .conflict(field: nil, reason: error.description)
        case .unknownPerson: return .notFound(field: nil, reason: error.description)
        case let .tokenRefused(reason): return .unauthorized(reason)
        case .noServerDirectory, .databaseFailure, .erasureFailure: return .storeFailure(error.description)
        }
    }
}
