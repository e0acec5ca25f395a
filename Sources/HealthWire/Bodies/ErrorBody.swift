import Foundation

/// The body of every error answer: `{"error": {"status", "code", "limit"?, "maximum"?, "requested"?, "retryAfter"?,
/// "field"?, "message", "requestId"?}}` (the `Error` schema of the OpenAPI document).
public struct ErrorBody: Encodable, Sendable {
    /// A server limit gone over: its name, its maximum, what was asked and when to retry.
    public struct Limit: Sendable {
        /// The limit's name (`maximumBodyBytes`).
        public var name: String
        /// The limit's value.
        public var maximum: Double
        /// What the request asked for, when known.
        public var requested: Double?
        /// Seconds until a retry may succeed, for rates.
        public var retryAfter: Int?

        /// A limit gone over.
        public init(name: String, maximum: Double, requested: Double?, retryAfter: Int?) {
            self.name = name
            self.maximum = maximum
            self.requested = requested
            self.retryAfter = retryAfter
        }
    }

    /// The HTTP status code.
    public var status: Int
    /// The machine-readable code (`invalidField`).
    public var code: String
    /// The limit gone over, for `limitExceeded`.
    public var limit: Limit?
    /// The field at fault, when one is.
    public var field: String?
    /// The error in words.
    public var message: String
    /// The request's identifier (`X-Request-Id`).
    public var requestId: String?

    /// An error body.
    public init(status: Int, code: String, limit: Limit? = nil, field: String?, message: String, requestId: String?) {
        self.status = status
        self.code = code
        self.limit = limit
        self.field = field
        self.message = message
        self.requestId = requestId
    }

    /// Writes `{"error": {…}}`, members in the documented order, absent ones left out.
    public func encode(to encoder: any Encoder) throws {
        var outer = encoder.container(keyedBy: WireKey.self)
        var members = outer.nestedContainer(keyedBy: WireKey.self, forKey: WireKey("error"))
        try members.put(status, "status")
        try members.put(code, "code")
        if let limit {
            try members.put(limit.name, "limit")
            try members.put(limit.maximum, "maximum")
            if let requested = limit.requested { try members.put(requested, "requested") }
            if let retryAfter = limit.retryAfter { try members.put(retryAfter, "retryAfter") }
        }
        if let field { try members.put(field, "field") }
        try members.put(message, "message")
        if let requestId { try members.put(requestId, "requestId") }
    }
}
