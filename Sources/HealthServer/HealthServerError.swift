import Foundation
import HealthEngine
import HealthModel
import HealthReports
import HealthStore
import HealthWire
import Hummingbird

/// Everything the server refuses, naming the field at fault; each case is an HTTP status with a JSON body
/// `{"error": {"status", "code", "field"?, "message", "requestId"}}` (with `limit`, `maximum`, `requested`? and
/// `retryAfter`? for `limitExceeded`).
public enum HealthServerError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A field (JSON path or query parameter) holds something that is not allowed: 400.
    case invalidField(field: String, reason: String)
    /// The body is not JSON, or not the JSON object expected: 400.
    case malformedBody(reason: String)
    /// No token, an unknown token or a revoked one: 401.
    case unauthorized(String)
    /// The client may not do this (sharing a type it was not granted, deleting another app's sample…): 403.
    case forbidden(field: String?, reason: String)
    /// Nothing answers at this path, or an object named does not exist for this client: 404.
    case notFound(field: String?, reason: String)
    /// The path exists but does not answer this method: 405, with `Allow` naming the methods it answers.
    case methodNotAllowed(method: String, path: String, allowed: [String])
    /// An object with this identifier is already stored: 409.
    case conflict(field: String?, reason: String)
    /// The request goes over one of the server's `ServerLimits` (`maximum` of it; `requested`, when known, is what the
    /// request asked for): 413 for sizes, 400 for what a query asks, 408 for a slow body, 429 for requests open at once
    /// and rates (those of rates with `Retry-After: retryAfter`).
    case limitExceeded(ServerLimit, maximum: Double, requested: Double? = nil, retryAfter: Int? = nil)
    /// The body is not JSON (by its content type): 415.
    case unsupportedMediaType(String)
    /// An anchor older than the change log remembers: 410.
    case anchorExpired(String)
    /// The store failed while doing something: 500.
    case storeFailure(String)
    /// The TLS certificate or key file of `ohk serve` is missing, unreadable, not PEM, or the pair does not match.
    case tlsFile(path: String, reason: String)

    /// The HTTP status of the error.
    public var status: HTTPResponse.Status {
        switch self {
        case .invalidField, .malformedBody: return .badRequest
        case .unauthorized: return .unauthorized
        case .forbidden: return .forbidden
        case .notFound: return .notFound
        case .methodNotAllowed: return .methodNotAllowed
        case .conflict: return .conflict
        case let .limitExceeded(limit, _, _, _): return limit.status
        case .unsupportedMediaType: return .unsupportedMediaType
        case .anchorExpired: return .gone
        case .storeFailure, .tlsFile: return .internalServerError
        }
    }

    /// A short machine-readable code.
    public var code: String {
        switch self {
        case .invalidField: return "invalidField"
        case .malformedBody: return "malformedBody"
        case .unauthorized: return "unauthorized"
        case .forbidden: return "forbidden"
        case .notFound: return "notFound"
        case .methodNotAllowed: return "methodNotAllowed"
        case .conflict: return "conflict"
        case .limitExceeded: return "limitExceeded"
        case .unsupportedMediaType: return "unsupportedMediaType"
        case .anchorExpired: return "anchorExpired"
        case .storeFailure: return "storeFailure"
        case .tlsFile: return "tlsFile"
        }
    }

    /// The field at fault, when one is.
    public var field: String? {
        switch self {
        case let .invalidField(field, _): return field
        case let .forbidden(field, _), let .notFound(field, _), let .conflict(field, _): return field
        case .malformedBody: return "body"
        case let .limitExceeded(limit, _, _, _): return limit.field
        case .unsupportedMediaType: return "Content-Type"
        case .methodNotAllowed: return "method"
        case .unauthorized: return "Authorization"
        case .anchorExpired: return "anchor"
        case .storeFailure: return nil
        case let .tlsFile(path, _): return path
        }
    }

    /// The error in words: the `message` of the JSON error body.
    public var description: String {
        switch self {
        case let .invalidField(field, reason): return "\(field): \(reason)"
        case let .malformedBody(reason): return "the body is not valid JSON: \(reason)"
        case let .unauthorized(reason): return reason
        case let .forbidden(_, reason), let .notFound(_, reason), let .conflict(_, reason): return reason
        case let .methodNotAllowed(method, path, allowed):
            return "\(path) does not answer \(method) (it answers \(allowed.joined(separator: ", ")))"
        case let .limitExceeded(limit, maximum, requested, retryAfter):
            let asked = requested.map { " (asked: \(Self.number($0)))" } ?? ""
            let retry = retryAfter.map { "; retry after \($0) s" } ?? ""
            return
                "over the server's limit \(limit.rawValue) of \(Self.number(maximum))\(asked)\(retry); \(limit.explanation) (ohk serve \(limit.flag))"
        case let .unsupportedMediaType(type): return "the body must be application/json, not \(type)"
        case let .anchorExpired(reason): return reason
        case let .storeFailure(reason): return "the store failed: \(reason)"
        case let .tlsFile(path, reason): return "\(path) \(reason)"
        }
    }

    /// The JSON body of the error response.
    func body(requestIdentifier: String?) -> ErrorBody {
        var limitGoneOver: ErrorBody.Limit?
        if case let .limitExceeded(limit, maximum, requested, retryAfter) = self {
            limitGoneOver = ErrorBody.Limit(
                name: limit.rawValue, maximum: maximum, requested: requested, retryAfter: retryAfter)
        }
        return ErrorBody(
            status: Int(status.code), code: code, limit: limitGoneOver, field: field, message: description,
            requestId: requestIdentifier)
    }

    /// The JSON body as a value, for streams that carry an error as one of their lines or events.
    func json(requestIdentifier: String?) -> JSONValue {
        WireEncoder().value(body(requestIdentifier: requestIdentifier))
    }

    /// The error's response: the JSON body, and `Retry-After` when the error says when to retry.
    func response(requestIdentifier: String?) -> Response {
        var response = JSONResponse.make(body(requestIdentifier: requestIdentifier), status: status)
        if case let .limitExceeded(_, _, _, retryAfter?) = self { response.headers[.retryAfter] = String(retryAfter) }
        return response
    }

    /// A whole number without a fraction, else as it is.
    private static func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
    }

    /// The server's answer to any module's refusal, by its kind (`FieldError`), in one place. `path` names the
    /// request part the error arose in (a JSON path such as `samples[3]`, or a parameter) and goes in front of the
    /// error's own field (`samples[3].unit`); `names` renames the error's neutral field names to the API's (`to` to
    /// `endDate`).
    static func from(
        _ error: any FieldError, field path: String? = nil, names: [String: String] = [:]
    ) -> HealthServerError {
        if let error = error as? HealthServerError { return error }
        let inner = error.field.map { names[$0] ?? $0 }
        // A field the path already names (a parameter's own error) is not repeated.
        let field = path.map { path in inner.map { $0 == path ? path : "\(path).\($0)" } ?? path } ?? inner
        let reason = error.reason
        switch error.kind {
        case .invalid: return .invalidField(field: field ?? "body", reason: reason)
        case .malformed: return .malformedBody(reason: reason)
        case .unauthenticated: return .unauthorized(error.description)
        case .forbidden: return .forbidden(field: field, reason: reason)
        case .notFound: return .notFound(field: field, reason: reason)
        case .noData: return .notFound(field: field, reason: error.description)
        case .conflict: return .conflict(field: field, reason: reason)
        case .expired: return .anchorExpired(error.description)
        case .failure: return .storeFailure(error.description)
        case .limitExceeded:
            guard let limit = error.limit, let serverLimit = ServerLimit(rawValue: limit.name) else {
                return .invalidField(field: field ?? "body", reason: reason)
            }
            return .limitExceeded(serverLimit, maximum: limit.maximum, requested: limit.requested)
        }
    }
}

extension HealthServerError: FieldError {
    /// What kind of refusal this is.
    public var kind: FieldErrorKind {
        switch self {
        case .invalidField, .methodNotAllowed, .unsupportedMediaType: return .invalid
        case .malformedBody: return .malformed
        case .unauthorized: return .unauthenticated
        case .forbidden: return .forbidden
        case .notFound: return .notFound
        case .conflict: return .conflict
        case .limitExceeded: return .limitExceeded
        case .anchorExpired: return .expired
        case .storeFailure, .tlsFile: return .failure
        }
    }

    /// Why, without the field's name.
    public var reason: String {
        switch self {
        case let .invalidField(_, reason), let .malformedBody(reason): return reason
        default: return description
        }
    }

    /// The methods the path answers, for `methodNotAllowed`.
    public var accepted: [String] {
        if case let .methodNotAllowed(_, _, allowed) = self { return allowed }
        return []
    }

    /// The limit exceeded, for `limitExceeded`.
    public var limit: FieldLimit? {
        guard case let .limitExceeded(limit, maximum, requested, _) = self else { return nil }
        return FieldLimit(name: limit.rawValue, maximum: maximum, requested: requested)
    }
}

extension HealthServerError: HTTPResponseError {
    /// The JSON error response, carrying the request's identifier.
    public func response(from request: Request, context: some RequestContext) throws -> Response {
        response(requestIdentifier: context.id)
    }
}
