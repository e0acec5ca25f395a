import Foundation

/// A value of a request's JSON body with its path (`samples[2].quantity.unit`), so every refusal names the field.
///
/// Parsed with `JSONSerialization` and walked by hand rather than decoded with `Codable`: samples are of four kinds
/// with different fields, and a `DecodingError` names neither the sample nor the rule broken.
struct JSONInput {
    /// The last step of a value's path.
    private enum Step {
        case root
        case member(String)
        case element(Int)
    }

    /// The parsed value (`[String: Any]`, `[Any]`, `String`, `NSNumber`, `NSNull`).
    let value: Any
    /// The path of the value holding this one, and the step from there: a text's or number's path is only written out
    /// when asked (mostly for an error), not for each member read (a thousand samples have six thousand); an object's
    /// or array's is written once (`containerPath`), as its members' paths start with it.
    private let parentPath: String
    private let step: Step
    private let containerPath: String?
    /// The value as an object, cast once (a cast from `Any` costs as much as the lookups that follow it); not tried
    /// for text and numbers, the most of a body's values.
    private let object: [String: Any]?

    private init(value: Any, parentPath: String, step: Step) {
        self.value = value
        self.parentPath = parentPath
        self.step = step
        let valueType = type(of: value)
        let isLeaf = valueType == String.self || valueType is NSNumber.Type
        self.object = isLeaf ? nil : value as? [String: Any]
        self.containerPath = isLeaf || (object == nil && !(value is [Any])) ? nil : JSONInput.path(parentPath, step)
    }

    /// Where it is in the body (`samples[2].unit`; empty for the body itself).
    var path: String { containerPath ?? JSONInput.path(parentPath, step) }

    private static func path(_ parentPath: String, _ step: Step) -> String {
        switch step {
        case .root: return ""
        case .member(let key):
            // An empty key is written `""`, so that an error about it still names a field.
            let name = key.isEmpty ? "\"\"" : key
            return parentPath.isEmpty ? name : parentPath + "." + name
        case .element(let index): return "\(parentPath)[\(index)]"
        }
    }

    /// Parses a body; throws `malformedBody` for text that is not JSON and `invalidField(body)` for JSON that is not an object.
    static func parse(_ data: Data) throws(HealthServerError) -> JSONInput {
        guard !data.isEmpty else { throw .malformedBody(reason: "the body is empty") }
        let value: Any
        do {
            value = try JSONSerialization.jsonObject(with: data, options: [])
        } catch {
            throw .malformedBody(
                reason: (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? "\(error)")
        }
        guard value is [String: Any] else { throw .invalidField(field: "body", reason: "must be a JSON object") }
        return JSONInput(value: value, parentPath: "", step: .root)
    }

    private func child(_ key: String) -> String { JSONInput.path(path, .member(key)) }

    private func fail(_ reason: String) -> HealthServerError {
        .invalidField(field: path.isEmpty ? "body" : path, reason: reason)
    }

    /// The member with this key, or nil when absent or null; fails when this is not an object.
    func optional(_ key: String) throws(HealthServerError) -> JSONInput? {
        guard let object else { throw fail("must be a JSON object") }
        // By type, not `is NSNull`: that would bridge an array or object member to Foundation's classes to ask.
        guard let member = object[key], !(type(of: member) is NSNull.Type) else { return nil }
        return JSONInput(value: member, parentPath: path, step: .member(key))
    }

    /// The member with this key; fails naming it when absent.
    func required(_ key: String) throws(HealthServerError) -> JSONInput {
        guard let member = try optional(key) else { throw .invalidField(field: child(key), reason: "is required") }
        return member
    }

    /// The keys of this object.
    func keys() throws(HealthServerError) -> [String] {
        guard let object else { throw fail("must be a JSON object") }
        return object.keys.sorted()
    }

    /// The elements of this array.
    func elements() throws(HealthServerError) -> [JSONInput] {
        guard let array = value as? [Any] else { throw fail("must be a JSON array") }
        let arrayPath = path
        return array.enumerated().map { JSONInput(value: $0.element, parentPath: arrayPath, step: .element($0.offset)) }
    }

    /// This value as text.
    func string() throws(HealthServerError) -> String {
        guard let text = value as? String else { throw fail("must be a string") }
        return text
    }

    /// The value as a number or boolean, asked by type (a cast from `Any` would try bridging strings and arrays).
    private var numeric: NSNumber? { type(of: value) is NSNumber.Type ? value as? NSNumber : nil }

    /// Whether this is a JSON number (not a boolean).
    var isNumber: Bool { numeric.map { !isBoolean($0) } ?? false }

    /// Whether this is a JSON boolean.
    var isBoolean: Bool { numeric.map(isBoolean) ?? false }

    private func isBoolean(_ number: NSNumber) -> Bool {
        #if canImport(Darwin)
        return CFGetTypeID(number) == CFBooleanGetTypeID()
        #else
        // swift-corelibs-foundation parses true/false as NSNumbers of type "c" (char) and numbers as "i", "q" or "d".
        return String(cString: number.objCType) == "c"
        #endif
    }

    /// This value as a finite number.
    func number() throws(HealthServerError) -> Double {
        guard isNumber, let number = numeric else { throw fail("must be a number") }
        let double = number.doubleValue
        guard double.isFinite else { throw fail("must be a finite number") }
        return double
    }

    /// This value as a boolean.
    func boolean() throws(HealthServerError) -> Bool {
        guard isBoolean, let flag = value as? Bool else { throw fail("must be true or false") }
        return flag
    }

    /// This value as a whole number.
    func integer() throws(HealthServerError) -> Int {
        let double = try number()
        guard double == double.rounded(), abs(double) < 9e15 else { throw fail("must be a whole number") }
        return Int(double)
    }

    /// Refuses members other than these (a misspelt field would otherwise be ignored silently).
    func allowOnly(_ keys: Set<String>) throws(HealthServerError) {
        guard let object else { throw fail("must be a JSON object") }
        if let key = object.keys.filter({ !keys.contains($0) }).min() {
            throw .invalidField(
                field: child(key), reason: "is not a known field here (known: \(keys.sorted().joined(separator: ", ")))"
            )
        }
    }
}
