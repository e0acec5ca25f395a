/// How a store answers a client's authorization request on a person's behalf (a test sets it; a server asks its user).
///
/// The policy is asked once per type and kind of access; types already decided keep their decision, as HealthKit shows
/// its sheet only for types not asked about before.
public struct AuthorizationPolicy: Sendable {
    /// Decides one type: the client's bundle identifier, the type identifier and whether sharing (true) or reading.
    public let decide: @Sendable (_ client: String, _ type: String, _ share: Bool) -> AuthorizationDecision

    /// A policy from a closure.
    public init(
        _ decide: @escaping @Sendable (_ client: String, _ type: String, _ share: Bool) -> AuthorizationDecision
    ) {
        self.decide = decide
    }

    /// Allows everything asked for.
    public static let grantAll = AuthorizationPolicy { _, _, _ in .authorized }
    /// Refuses everything asked for.
    public static let denyAll = AuthorizationPolicy { _, _, _ in .denied }

    /// Allows everything except reading these types.
    public static func denyRead(_ types: Set<String>) -> AuthorizationPolicy {
        AuthorizationPolicy { _, type, share in !share && types.contains(type) ? .denied : .authorized }
    }

    /// Allows everything except sharing these types.
    public static func denyShare(_ types: Set<String>) -> AuthorizationPolicy {
        AuthorizationPolicy { _, type, share in share && types.contains(type) ? .denied : .authorized }
    }
}
