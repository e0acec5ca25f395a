import Foundation
import HealthModel

/// How often a client may be woken for new data of a type (HealthKit's `HKUpdateFrequency`, same raw values).
public enum UpdateFrequency: Int, Sendable, Hashable, CaseIterable, Codable {
    /// After every change.
    case immediate = 1
    /// At most once an hour.
    case hourly = 2
    /// At most once a day.
    case daily = 3
    /// At most once a week.
    case weekly = 4

    /// The shortest time between two notifications, in seconds.
    public var period: TimeInterval {
        switch self {
        case .immediate: return 0
        case .hourly: return 3_600
        case .daily: return 86_400
        case .weekly: return 604_800
        }
    }

    /// The most frequent delivery a type allows: step count at most hourly (as HealthKit documents), others
    /// immediately.
    public static func fastest(for type: SampleType) -> UpdateFrequency {
        type.identifier == "HKQuantityTypeIdentifierStepCount" ? .hourly : .immediate
    }

    /// The frequency a request for `type` gets: the requested one, or the type's fastest when that is slower.
    public static func effective(_ requested: UpdateFrequency, for type: SampleType) -> UpdateFrequency {
        let fastest = fastest(for: type)
        return requested.rawValue >= fastest.rawValue ? requested : fastest
    }
}

/// A client's subscription to background delivery for one type, with its delivery state; kept by the storage so
/// that it persists with the store.
public struct BackgroundDeliverySubscription: Sendable, Hashable, Codable {
    /// The subscribing client's bundle identifier.
    public let bundleIdentifier: String
    /// The type subscribed to.
    public let type: SampleType
    /// The frequency in force (already capped for the type).
    public var frequency: UpdateFrequency
    /// When the client was last notified, or nil.
    public var lastNotified: Date?
    /// Notifications in a row whose completion handler has not been called.
    public var missedAcknowledgements: Int
    /// Whether delivery stopped after three missed acknowledgements; cleared when the client registers again.
    public var suspended: Bool

    /// A subscription.
    public init(
        bundleIdentifier: String, type: SampleType, frequency: UpdateFrequency, lastNotified: Date? = nil,
        missedAcknowledgements: Int = 0, suspended: Bool = false
    ) {
        self.bundleIdentifier = bundleIdentifier
        self.type = type
        self.frequency = frequency
        self.lastNotified = lastNotified
        self.missedAcknowledgements = missedAcknowledgements
        self.suspended = suspended
    }
}

extension BackgroundDeliverySubscription {
    private enum CodingKeys: String, CodingKey {
        case bundleIdentifier, type, frequency, lastNotified, missedAcknowledgements, suspended
    }

    /// Reads a subscription stored as a record (the type by its identifier).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let identifier = try container.decode(String.self, forKey: .type)
        guard let type = try? SampleType.named(identifier) else {
            throw DecodingError.dataCorruptedError(
                forKey: .type, in: container, debugDescription: "unknown type \(identifier)")
        }
        self.init(
            bundleIdentifier: try container.decode(String.self, forKey: .bundleIdentifier), type: type,
            frequency: try container.decode(UpdateFrequency.self, forKey: .frequency),
            lastNotified: try container.decodeIfPresent(Date.self, forKey: .lastNotified),
            missedAcknowledgements: try container.decode(Int.self, forKey: .missedAcknowledgements),
            suspended: try container.decode(Bool.self, forKey: .suspended))
    }

    /// Writes the subscription as a record (the type by its identifier).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(bundleIdentifier, forKey: .bundleIdentifier)
        try container.encode(type.identifier, forKey: .type)
        try container.encode(frequency, forKey: .frequency)
        try container.encodeIfPresent(lastNotified, forKey: .lastNotified)
        try container.encode(missedAcknowledgements, forKey: .missedAcknowledgements)
        try container.encode(suspended, forKey: .suspended)
    }
}
