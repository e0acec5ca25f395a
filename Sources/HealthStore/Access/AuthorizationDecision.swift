/// What a person decided about one client's access to one type, for sharing (writing) or reading.
public enum AuthorizationDecision: UInt8, Sendable, Hashable {
    /// Never asked.
    case notDetermined = 0
    /// Asked and refused.
    case denied = 1
    /// Asked and allowed.
    case authorized = 2
}
