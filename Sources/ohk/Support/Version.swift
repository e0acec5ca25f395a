/// The version of the `ohk` tool, printed by `ohk --version`; change it here only.
enum Version {
    /// The version string, e.g. `0.1.0`.
    static let string = "0.1.0"
}
