import Crypto
import Foundation

/// A client's bearer token: `ohk_SELECTOR_SECRET`. The selector (16 hex digits) finds the client's row; the whole
/// token's SHA-256 is what the registry keeps, compared in constant time. The token itself is shown once and never
/// stored.
public struct AccessToken: Sendable, Hashable {
    /// The row-finding part.
    public let selector: String
    /// The whole token text.
    public let text: String

    /// A new token from the system's cryptographic random source (swift-crypto's `SymmetricKey`).
    public static func generate() -> AccessToken {
        let selector = hex(SymmetricKey(size: SymmetricKeySize(bitCount: 64)).withUnsafeBytes { Array($0) })
        let secret = hex(SymmetricKey(size: .bits256).withUnsafeBytes { Array($0) })
        return AccessToken(selector: selector, text: "ohk_\(selector)_\(secret)")
    }

    /// The token a client presented, or nil when it does not have the token's shape.
    public init?(presented text: String) {
        let parts = text.split(separator: "_", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0] == "ohk", parts[1].count == 16, parts[2].count == 64,
            (parts[1] + parts[2]).allSatisfy(\.isHexDigit)
        else { return nil }
        self.selector = String(parts[1])
        self.text = text
    }

    private init(selector: String, text: String) {
        self.selector = selector
        self.text = text
    }

    /// The SHA-256 digest the registry keeps.
    public var hash: [UInt8] { Array(SHA256.hash(data: Data(text.utf8))) }

    /// Whether this token's digest equals a stored one, in time that does not depend on where they differ.
    ///
    /// Written by hand (five lines): swift-crypto compares its own digest types in constant time but offers no public
    /// comparison for bytes read back from the registry.
    public func matches(storedHash: [UInt8]) -> Bool {
        AccessToken.digestsMatch(hash, storedHash)
    }

    /// Whether two digests are equal, in time that does not depend on where they differ (also `/metrics`' token).
    package static func digestsMatch(_ digest: [UInt8], _ other: [UInt8]) -> Bool {
        guard digest.count == other.count else { return false }
        var difference: UInt8 = 0
        for index in digest.indices { difference |= digest[index] ^ other[index] }
        return difference == 0
    }

    private static func hex(_ bytes: [UInt8]) -> String {
        bytes.map { byte in (byte < 16 ? "0" : "") + String(byte, radix: 16) }.joined()
    }
}
