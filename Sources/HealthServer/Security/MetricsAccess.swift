import Crypto
import Foundation
import HTTPTypes
import HealthRegistry

/// Who may read `/metrics`: the Prometheus text counts every person's requests, saves, deletions and open stores, so
/// an open `/metrics` told anybody how much the server's people store and when they are active (issue 17). It is
/// served only with the metrics token the operator configured (`ohk serve --metrics-token-file`, or
/// `OHK_METRICS_TOKEN`), as a bearer token (Prometheus's `authorization` scrape setting); without one it is off.
public struct MetricsAccess: Sendable {
    /// The SHA-256 digest of the configured token; nil: `/metrics` is off.
    private let digest: [UInt8]?

    /// Access with `token` (nil or empty: `/metrics` is off).
    public init(token: String?) {
        digest = token.flatMap { $0.isEmpty ? nil : Array(SHA256.hash(data: Data($0.utf8))) }
    }

    /// Whether `/metrics` is served at all.
    public var isEnabled: Bool { digest != nil }

    /// Whether the request's `Authorization: Bearer …` is the metrics token, compared as digests in time that does
    /// not depend on where they differ.
    func allows(_ headers: HTTPFields) -> Bool {
        guard let digest, let value = headers[.authorization], value.hasPrefix("Bearer ") else { return false }
        return AccessToken.digestsMatch(digest, Array(SHA256.hash(data: Data(value.dropFirst("Bearer ".count).utf8))))
    }
}
