import Foundation

extension JSONValue {
    /// The value of JSON text (objects' keys sorted); nil for text that is not JSON.
    public init?(parsing data: Data) {
        guard let parsed = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]) else {
            return nil
        }
        self.init(foundation: parsed)
    }

    private init(foundation value: Any) {
        switch value {
        case let text as String:
            self = .string(text)
        case let number as NSNumber:
            // JSONSerialization gives booleans as NSNumber too; their type tells them apart.
            if Self.isBoolean(number) {
                self = .bool(number.boolValue)
            } else {
                self = .number(number.doubleValue)
            }
        case let array as [Any]:
            self = .array(array.map(JSONValue.init(foundation:)))
        case let object as [String: Any]:
            self = .object(object.keys.sorted().map { ($0, JSONValue(foundation: object[$0]!)) })
        default:
            self = .null
        }
    }

    private static func isBoolean(_ number: NSNumber) -> Bool {
        #if canImport(Darwin)
        return CFGetTypeID(number) == CFBooleanGetTypeID()
        #else
        // swift-corelibs-foundation parses true/false as NSNumbers of type "c" (char).
        return String(cString: number.objCType) == "c"
        #endif
    }
}
