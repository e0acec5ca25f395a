/// The locale that preferred units default from, read from an identifier (`en_US`, `de-DE`, `zh_Hans_CN`,
/// `es_419`, `en_US_POSIX`, `de_DE@calendar=gregorian`): its language and, when it names one, its region. Always
/// passed in, never read from the process, so a store answers the same wherever it runs.
public struct UnitLocale: Sendable, Hashable, CustomStringConvertible {
    /// The identifier as given (`en_US`).
    public let identifier: String
    /// The language code, lowercased (`en`).
    public let language: String
    /// The region code, uppercased (`US`, `419`), or nil when the identifier names none (`en`).
    public let region: String?

    /// The locale a store uses when it was given none and no imported export named one: `en_US`.
    public static let fallback = try! UnitLocale(identifier: "en_US")

    /// Reads a locale identifier; throws `invalidField(field: "locale")` for an empty or malformed one.
    public init(identifier: String) throws(HealthModelError) {
        let base = identifier.split(separator: "@", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
        let parts = base.split(whereSeparator: { $0 == "_" || $0 == "-" }).map(String.init)
        func fail(_ reason: String) -> HealthModelError {
            .invalidField(field: "locale", reason: "\"\(identifier)\" \(reason)")
        }
        guard identifier.count <= 100, identifier.first?.isLetter == true, let language = parts.first else {
            throw fail("is not a locale identifier")
        }
        guard (2...8).contains(language.count), language.allSatisfy({ $0.isASCII && $0.isLetter }) else {
            throw fail("does not start with a language code (like en_US or de_DE)")
        }
        guard parts.allSatisfy({ part in part.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) } }) else {
            throw fail("holds characters a locale identifier does not")
        }
        self.identifier = identifier
        self.language = language.lowercased()
        self.region = parts.dropFirst().first { part in
            (part.count == 2 && part.allSatisfy(\.isLetter)) || (part.count == 3 && part.allSatisfy(\.isNumber))
        }.map { $0.uppercased() }
    }

    /// The identifier.
    public var description: String { identifier }
}
