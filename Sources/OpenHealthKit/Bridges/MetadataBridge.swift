import Foundation
import HealthModel

/// Converts HealthKit's `[String: Any]` metadata to and from the model's typed values.
enum MetadataBridge {
    /// The typed metadata; a value that is not a string, number, date or quantity is an error naming its key.
    static func model(_ metadata: [String: Any]?) throws(HealthModelError) -> [String: MetadataValue]? {
        guard let metadata else { return nil }
        var result: [String: MetadataValue] = [:]
        for (key, value) in metadata {
            switch value {
            case let text as String: result[key] = .string(text)
            case let date as Date: result[key] = .date(date)
            case let quantity as HKQuantity: result[key] = .quantity(quantity.quantity)
            case let flag as Bool: result[key] = .number(flag ? 1 : 0)
            case let number as Int: result[key] = .number(Double(number))
            case let number as Double: result[key] = .number(number)
            case let number as NSNumber: result[key] = .number(number.doubleValue)
            default:
                throw .invalidField(
                    field: "metadata[\(key)]",
                    reason: "a \(type(of: value)) is not a string, number, date or HKQuantity")
            }
        }
        return result
    }

    /// HealthKit-style metadata: numbers as NSNumber, quantities as HKQuantity.
    static func healthKit(_ metadata: [String: MetadataValue]?) -> [String: Any]? {
        guard let metadata else { return nil }
        var result: [String: Any] = [:]
        for (key, value) in metadata {
            switch value {
            case let .string(text): result[key] = text
            case let .number(number): result[key] = NSNumber(value: number)
            case let .date(date): result[key] = date
            case let .quantity(quantity): result[key] = HKQuantity(quantity)
            }
        }
        return result
    }

    /// A single value for predicates; nil when it has no metadata form.
    static func value(_ value: Any) -> MetadataValue? {
        (try? model(["value": value]))?["value"]
    }
}
