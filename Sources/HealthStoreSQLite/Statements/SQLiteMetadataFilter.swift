import Foundation
import HealthModel
import HealthStore

/// Turns the metadata terms of a predicate into SQL conditions on the `metadata` table, so that the store skips
/// samples that cannot match. Only necessary conditions are produced (the engine still evaluates the predicate
/// exactly): the key must exist, and numbers, dates and ASCII strings are compared in SQL as Swift compares them.
enum SQLiteMetadataFilter {
    /// A value bound to a placeholder of a condition.
    enum Argument {
        case text(String)
        case number(Double)

        /// Binds the value to a statement.
        func bind(to statement: SQLiteRawStatement, at index: Int32) {
            switch self {
            case let .text(text): statement.bind(index, text)
            case let .number(number): statement.bind(index, number)
            }
        }
    }

    /// SQL to append to a WHERE clause on `samples` (starting with " AND ", or empty), with its arguments in order.
    static func conditions(for predicate: SamplePredicate) -> (sql: String, arguments: [Argument]) {
        var sql = ""
        var arguments: [Argument] = []
        for term in terms(of: predicate) {
            guard let (condition, values) = condition(for: term) else { continue }
            sql += " AND EXISTS (SELECT 1 FROM metadata m WHERE m.sample = samples.sequence AND \(condition))"
            arguments += values
        }
        return (sql, arguments)
    }

    /// The terms every match must satisfy (the predicate itself, or the terms of an AND).
    private static func terms(of predicate: SamplePredicate) -> [SamplePredicate] {
        if case let .and(predicates) = predicate { return predicates.flatMap(terms(of:)) }
        return [predicate]
    }

    private static func condition(for term: SamplePredicate) -> (String, [Argument])? {
        switch term {
        case let .metadataKeyExists(key), let .metadataValues(key, _), let .metadataComparison(key, _, _):
            // Values kept in the sample's own columns may have no metadata row: no necessary condition here.
            guard SQLiteMetadataColumns.isInMetadataTable(key) else { return nil }
        default:
            break
        }
        switch term {
        case let .metadataKeyExists(key):
            return ("m.key = ?", [.text(key)])
        case let .metadataValues(key, values):
            guard !values.isEmpty else { return nil }
            var alternatives: [String] = []
            var arguments: [Argument] = [.text(key)]
            for value in values {
                let (sql, argument) = equality(value)
                alternatives.append(sql)
                arguments += argument
            }
            return ("m.key = ? AND (" + alternatives.joined(separator: " OR ") + ")", arguments)
        case let .metadataComparison(key, comparison, value):
            let operatorSQL: String
            switch comparison {
            case .lessThan: operatorSQL = "<"
            case .lessThanOrEqualTo: operatorSQL = "<="
            case .greaterThan: operatorSQL = ">"
            case .greaterThanOrEqualTo: operatorSQL = ">="
            case .equalTo: operatorSQL = "="
            case .notEqualTo: operatorSQL = "!="
            }
            switch value {
            case let .number(number):
                return ("m.key = ? AND m.kind = 1 AND m.number \(operatorSQL) ?", [.text(key), .number(number)])
            case let .date(date):
                return (
                    "m.key = ? AND m.kind = 2 AND m.number \(operatorSQL) ?",
                    [.text(key), .number(date.timeIntervalSinceReferenceDate)]
                )
            case let .string(text) where comparison == .equalTo && isASCII(text):
                return ("m.key = ? AND m.kind = 0 AND m.text = ?", [.text(key), .text(text)])
            case .string:
                return ("m.key = ? AND m.kind = 0", [.text(key)])
            case .quantity:
                return ("m.key = ? AND m.kind = 3", [.text(key)])
            }
        default:
            return nil
        }
    }

    private static func equality(_ value: MetadataValue) -> (String, [Argument]) {
        switch value {
        case let .number(number): return ("(m.kind = 1 AND m.number = ?)", [.number(number)])
        case let .date(date): return ("(m.kind = 2 AND m.number = ?)", [.number(date.timeIntervalSinceReferenceDate)])
        case let .string(text) where isASCII(text): return ("(m.kind = 0 AND m.text = ?)", [.text(text)])
        case .string: return ("m.kind = 0", [])
        case .quantity: return ("m.kind = 3", [])
        }
    }

    /// Whether a string is plain ASCII (then byte equality in SQL is Swift's canonical equality).
    private static func isASCII(_ text: String) -> Bool { text.utf8.allSatisfy { $0 < 0x80 } }
}
