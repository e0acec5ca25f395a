import Foundation

/// Where an anchored object query left off: opaque to apps, archivable (`NSSecureCoding`) and `Codable`, and valid
/// after the store is closed and opened again (it is a position in the store's change sequence).
open class HKQueryAnchor: NSObject, NSSecureCoding, NSCopying, Codable, @unchecked Sendable {
    /// The change-sequence position: every change up to it has been delivered.
    let sequence: Int64

    init(sequence: Int64) {
        self.sequence = sequence
        super.init()
    }

    /// An anchor from a value an older app kept (HealthKit's integer anchors); 0 is the start.
    public convenience init(fromValue value: Int) {
        self.init(sequence: Int64(max(0, value)))
    }

    // MARK: NSSecureCoding

    /// Anchors decode only as anchors.
    public static var supportsSecureCoding: Bool { true }

    private static let sequenceKey = "HKQueryAnchorSequence"

    /// Archives the anchor.
    open func encode(with coder: NSCoder) {
        coder.encode(sequence, forKey: HKQueryAnchor.sequenceKey)
    }

    /// Unarchives an anchor; fails on an archive without a valid position.
    public required init?(coder: NSCoder) {
        guard coder.containsValue(forKey: HKQueryAnchor.sequenceKey) else { return nil }
        let value = coder.decodeInt64(forKey: HKQueryAnchor.sequenceKey)
        guard value >= 0 else { return nil }
        sequence = value
        super.init()
    }

    // MARK: Codable

    private enum CodingKeys: String, CodingKey { case sequence }

    /// Decodes an anchor; fails on a negative position.
    public required init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let value = try container.decode(Int64.self, forKey: .sequence)
        guard value >= 0 else {
            throw DecodingError.dataCorruptedError(
                forKey: .sequence, in: container, debugDescription: "an anchor position is never negative")
        }
        sequence = value
        super.init()
    }

    /// Encodes the anchor.
    open func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(sequence, forKey: .sequence)
    }

    // MARK: NSObject

    /// Anchors are immutable: the copy is the anchor itself.
    open func copy(with zone: NSZone? = nil) -> Any { self }

    open override func isEqual(_ object: Any?) -> Bool { (object as? HKQueryAnchor)?.sequence == sequence }
    open override var hash: Int { sequence.hashValue }
    open override var description: String { "HKQueryAnchor(\(sequence))" }
}
