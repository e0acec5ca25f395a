import Foundation

/// The checks every sample passes when it is created and again when it is saved.
public enum Validation {
    /// A number must be finite.
    public static func checkFinite(_ value: Double, field: String) throws(HealthModelError) {
        guard value.isFinite else { throw .nonFiniteValue(field: field) }
    }

    /// A quantity must be finite and measured in a unit compatible with the type's canonical unit.
    public static func check(_ quantity: Quantity, for type: SampleType, field: String) throws(HealthModelError) {
        try checkFinite(quantity.value, field: field)
        guard let canonical = type.canonicalUnit else {
            throw .invalidField(field: field, reason: "\(type.identifier) has no unit table entry")
        }
        guard quantity.unit.isCompatible(with: canonical) else {
            throw .unitNotCompatibleWithType(
                unit: quantity.unit.unitString, type: type.identifier, expected: canonical.unitString)
        }
    }

    /// A summary's extremes: of the type's unit, a discrete type's, with minimum ≤ average ≤ maximum and a count above
    /// 1 (a summary stands for several measurements).
    static func check(
        _ summary: QuantitySummary, of content: QuantityContent, for type: SampleType
    ) throws(HealthModelError) {
        try check(summary.minimum, for: type, field: "minimum")
        try check(summary.maximum, for: type, field: "maximum")
        guard type.aggregationStyle?.isCumulative == false else {
            throw .invalidField(field: "minimum", reason: "\(type.identifier) is cumulative: a sum has no extremes")
        }
        guard content.count > 1 else {
            throw .invalidField(field: "count", reason: "a sample with a minimum and a maximum summarizes more than 1")
        }
        let average = content.quantity.value
        guard let minimum = try? summary.minimum.value(in: content.quantity.unit),
            let maximum = try? summary.maximum.value(in: content.quantity.unit)
        else { return }
        // A little slack for unit conversions.
        let slack = 1e-9 * max(1, abs(average))
        guard minimum <= average + slack else {
            throw .invalidField(field: "minimum", reason: "\(minimum) is above the average \(average)")
        }
        guard maximum >= average - slack else {
            throw .invalidField(field: "maximum", reason: "\(maximum) is below the average \(average)")
        }
    }

    /// Dates must be finite and the end must not precede the start.
    public static func checkInterval(start: Date, end: Date) throws(HealthModelError) {
        try checkFinite(start.timeIntervalSinceReferenceDate, field: "startDate")
        try checkFinite(end.timeIntervalSinceReferenceDate, field: "endDate")
        guard end >= start else { throw .endBeforeStart(start: start, end: end) }
    }

    /// Metadata values must be finite; a sync identifier needs a numeric sync version and the reverse. Returns which
    /// of the keys the store reads for every sample are present (found without hashing them).
    @discardableResult
    public static func checkMetadata(_ metadata: [String: MetadataValue]?) throws(HealthModelError) -> StoreMetadataKeys
    {
        guard let metadata else { return [] }
        for (key, value) in metadata {
            switch value {
            // The field name is built only when the check fails (this runs for every value of every saved sample).
            case let .number(number): if !number.isFinite { throw .nonFiniteValue(field: "metadata[\(key)]") }
            case let .quantity(quantity):
                if !quantity.value.isFinite { throw .nonFiniteValue(field: "metadata[\(key)]") }
            case let .date(date):
                if !date.timeIntervalSinceReferenceDate.isFinite { throw .nonFiniteValue(field: "metadata[\(key)]") }
            case let .string(text):
                if key.isEmpty { throw .invalidField(field: "metadata", reason: "a key is empty (value \(text))") }
            }
        }
        let found = StoreMetadataKeys(scanning: metadata)
        guard !found.isDisjoint(with: [.syncIdentifier, .syncVersion]) else { return found }
        switch (metadata[MetadataKey.syncIdentifier], metadata[MetadataKey.syncVersion]) {
        case (nil, nil): break
        case (.some, nil): throw .syncMetadataIncomplete(missing: MetadataKey.syncVersion)
        case (nil, .some): throw .syncMetadataIncomplete(missing: MetadataKey.syncIdentifier)
        case let (.some(identifier), .some(version)):
            guard case .string = identifier else {
                throw .invalidField(field: "metadata[\(MetadataKey.syncIdentifier)]", reason: "must be a string")
            }
            guard case .number = version else {
                throw .invalidField(field: "metadata[\(MetadataKey.syncVersion)]", reason: "must be a number")
            }
        }
        return found
    }
}
