import Foundation
import HealthModel

/// The `provenance` member of the statistics answer (`ohk stats --provenance`, `GET /statistics?provenance=…`): which
/// sources the merged figure took how much from, what of each source's own data was set aside where a better-ranked
/// source had data, and how much of the window has data.
///
/// `{"measure", "shareOf", "unit", "sources": [{"name", "bundleIdentifier", "counted", "countedSeconds"?,
/// "setAside", "setAsideSeconds"?, "share"}], "coverage": {"coveredSeconds", "windowSeconds", "fraction",
/// "bucketsWithData", "buckets"}}`.
public struct StatisticsProvenanceBody: Sendable, Equatable {
    /// One source's part.
    public struct SourceShare: Sendable, Equatable {
        /// The source's name.
        public var name: String
        /// The source's bundle identifier.
        public var bundleIdentifier: String
        /// What the merged figure counted from it (`measure`, in `unit`).
        public var counted: Double
        /// The time counted from it in seconds (discrete types), else nil.
        public var countedSeconds: Double?
        /// What of its own data was set aside where a better-ranked source had data (`measure`, in `unit`).
        public var setAside: Double
        /// The time of its own data set aside in seconds (discrete types), else nil.
        public var setAsideSeconds: Double?
        /// Its share of the merged figure in percent; nil when the merged figure's basis is zero.
        public var share: Double?

        /// A source's part from its values.
        public init(
            name: String, bundleIdentifier: String, counted: Double, countedSeconds: Double?, setAside: Double,
            setAsideSeconds: Double?, share: Double?
        ) {
            self.name = name
            self.bundleIdentifier = bundleIdentifier
            self.counted = counted
            self.countedSeconds = countedSeconds
            self.setAside = setAside
            self.setAsideSeconds = setAsideSeconds
            self.share = share
        }
    }

    /// `amount` (cumulative types, in `unit`) or `samples` (discrete types).
    public var measure: String
    /// What shares are shares of: `amount`, `samples` or `time`.
    public var shareOf: String
    /// The unit of `counted` and `setAside` (`count` for samples).
    public var unit: String
    /// The sources, largest share first.
    public var sources: [SourceShare]
    /// The time covered by the merged data inside the window, in seconds.
    public var coveredSeconds: Double
    /// The window's length in seconds.
    public var windowSeconds: Double
    /// The buckets with data.
    public var bucketsWithData: Int
    /// The window's buckets.
    public var buckets: Int

    /// A body from its values.
    public init(
        measure: String, shareOf: String, unit: String, sources: [SourceShare], coveredSeconds: Double,
        windowSeconds: Double, bucketsWithData: Int, buckets: Int
    ) {
        self.measure = measure
        self.shareOf = shareOf
        self.unit = unit
        self.sources = sources
        self.coveredSeconds = coveredSeconds
        self.windowSeconds = windowSeconds
        self.bucketsWithData = bucketsWithData
        self.buckets = buckets
    }

    /// The covered fraction of the window (0…1), nil for an empty window.
    public var fraction: Double? { windowSeconds > 0 ? min(1, coveredSeconds / windowSeconds) : nil }

    /// The documented JSON object.
    public var json: JSONValue {
        .object([
            ("measure", .string(measure)), ("shareOf", .string(shareOf)), ("unit", .string(unit)),
            ("sources", .array(sources.map(Self.object))),
            (
                "coverage",
                .object([
                    ("coveredSeconds", .number(coveredSeconds)), ("windowSeconds", .number(windowSeconds)),
                    ("fraction", .number(fraction)), ("bucketsWithData", .number(Double(bucketsWithData))),
                    ("buckets", .number(Double(buckets))),
                ])
            ),
        ])
    }

    private static func object(_ source: SourceShare) -> JSONValue {
        var members: [(String, JSONValue)] = [
            ("name", .string(source.name)), ("bundleIdentifier", .string(source.bundleIdentifier)),
            ("counted", .number(source.counted)),
        ]
        if let seconds = source.countedSeconds { members.append(("countedSeconds", .number(seconds))) }
        members.append(("setAside", .number(source.setAside)))
        if let seconds = source.setAsideSeconds { members.append(("setAsideSeconds", .number(seconds))) }
        members.append(("share", .number(source.share)))
        return .object(members)
    }
}
