/// What kind of refusal an error is, whatever module raised it. Each edge maps a kind once: the server to an HTTP
/// status, the command line to a usage error or a failure, the HealthKit API to an `HKError` code.
public enum FieldErrorKind: String, Sendable, Equatable, CaseIterable {
    /// A value the caller gave is not allowed (HTTP 400, a command-line usage error, `errorInvalidArgument`).
    case invalid
    /// The input is not in the expected syntax at all (a body that is not JSON): HTTP 400 `malformedBody`.
    case malformed
    /// The caller is not who it says, or its credentials were refused (HTTP 401).
    case unauthenticated
    /// The caller may not do this (HTTP 403, `errorAuthorizationDenied`).
    case forbidden
    /// Nothing the caller may see answers to the value (HTTP 404): said the same whether it does not exist or the
    /// caller may not read it.
    case notFound
    /// Something with this identity exists already (HTTP 409).
    case conflict
    /// The request goes over a budget named by the error's `limit` (HTTP 400 for what a query asks).
    case limitExceeded
    /// A position in the change log older than it remembers (HTTP 410).
    case expired
    /// A statistics query matched nothing (HealthKit's `errorNoData`; HTTP 404).
    case noData
    /// The store or the machine failed; not the caller's doing (HTTP 500).
    case failure
}

/// The budget a `limitExceeded` error went over: its name (`maximumBuckets`, as `ohk serve` and its `ServerLimits`
/// spell it), its maximum, and what the request asked for when known.
public struct FieldLimit: Sendable, Equatable {
    /// The budget's name.
    public let name: String
    /// The most it allows.
    public let maximum: Double
    /// What the request asked for, when known.
    public let requested: Double?

    /// A limit that was exceeded.
    public init(name: String, maximum: Double, requested: Double? = nil) {
        self.name = name
        self.maximum = maximum
        self.requested = requested
    }
}

/// An error that names what the caller got wrong: every module's error type adopts it, so an edge (the server, the
/// command line, the HealthKit API, a tool interface) reads the kind, the field and the reason instead of translating
/// one enum into another at each floor.
///
/// Fields are the names of the layer that raised the error (`unit`, `startDate`, `samples[3].quantity`); an edge that
/// calls them differently (the command line's `--unit`) renames them with `message(naming:)`.
public protocol FieldError: Error, Sendable, CustomStringConvertible {
    /// What kind of refusal this is.
    var kind: FieldErrorKind { get }
    /// The field, parameter or path at fault; nil when the error is about the request as a whole.
    var field: String? { get }
    /// The value given, as text, when there is one.
    var value: String? { get }
    /// The values that would have been accepted, when they are few enough to list.
    var accepted: [String] { get }
    /// Why the value is refused, in words, without the field's name (the edge puts it in front).
    var reason: String { get }
    /// The budget exceeded, for `limitExceeded`.
    var limit: FieldLimit? { get }
}

extension FieldError {
    /// No value by default.
    public var value: String? { nil }
    /// No list by default.
    public var accepted: [String] { [] }
    /// The description by default.
    public var reason: String { description }
    /// No limit by default.
    public var limit: FieldLimit? { nil }

    /// The error in words with its field named as the caller knows it (`name` maps this layer's field names to the
    /// edge's, e.g. `unit` to `--unit`): `"<field>: <reason>"`, or the description when no field is at fault.
    public func message(naming name: (String) -> String = { $0 }) -> String {
        guard let field else { return description }
        return "\(name(field)): \(reason)"
    }
}
