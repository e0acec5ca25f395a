import HealthRegistry

extension PersonRegistry {
    /// The active client a presented token belongs to (`authenticate(_:)`), refusals as the server's 401.
    func client(presenting token: String) throws(HealthServerError) -> RegisteredClient {
        do {
            return try authenticate(token)
        } catch {
            throw HealthServerError.from(error)
        }
    }
}
