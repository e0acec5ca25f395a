import Foundation
import HealthModel
import HealthWire

/// The hand walkers HealthWire's Codable types replaced, as they were on main at c64d676, cut to what a body of
/// quantity samples uses: `JSONSerialization` walked by hand with paths (`JSONInput`) to read, `JSONValue` built by
/// hand to write. Kept here only to time against.
enum WalkerBaseline {
    struct Failure: Error {
        let field: String
        let reason: String
    }

    struct Input {
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
            self.containerPath = isLeaf || (object == nil && !(value is [Any])) ? nil : Input.path(parentPath, step)
        }

        /// Where it is in the body (`samples[2].unit`; empty for the body itself).
        var path: String { containerPath ?? Input.path(parentPath, step) }

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
        static func parse(_ data: Data) throws -> Input {
            guard !data.isEmpty else { throw Failure(field: "body", reason: "the body is empty") }
            let value: Any
            do {
                value = try JSONSerialization.jsonObject(with: data, options: [])
            } catch {
                throw Failure(field: "body", reason: "\(error)")
            }
            guard value is [String: Any] else { throw Failure(field: "body", reason: "must be a JSON object") }
            return Input(value: value, parentPath: "", step: .root)
        }

        private func child(_ key: String) -> String { Input.path(path, .member(key)) }

        private func fail(_ reason: String) -> Failure {
            Failure(field: path.isEmpty ? "body" : path, reason: reason)
        }

        /// The member with this key, or nil when absent or null; fails when this is not an object.
        func optional(_ key: String) throws -> Input? {
            guard let object else { throw fail("must be a JSON object") }
            // By type, not `is NSNull`: that would bridge an array or object member to Foundation's classes to ask.
            guard let member = object[key], !(type(of: member) is NSNull.Type) else { return nil }
            return Input(value: member, parentPath: path, step: .member(key))
        }

        /// The member with this key; fails naming it when absent.
        func required(_ key: String) throws -> Input {
            guard let member = try optional(key) else { throw Failure(field: child(key), reason: "is required") }
            return member
        }

        /// The keys of this object.
        func keys() throws -> [String] {
            guard let object else { throw fail("must be a JSON object") }
            return object.keys.sorted()
        }

        /// The elements of this array.
        func elements() throws -> [Input] {
            guard let array = value as? [Any] else { throw fail("must be a JSON array") }
            let arrayPath = path
            return array.enumerated().map { Input(value: $0.element, parentPath: arrayPath, step: .element($0.offset)) }
        }

        /// This value as text.
        func string() throws -> String {
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
        func number() throws -> Double {
            guard isNumber, let number = numeric else { throw fail("must be a number") }
            let double = number.doubleValue
            guard double.isFinite else { throw fail("must be a finite number") }
            return double
        }

        /// This value as a boolean.
        func boolean() throws -> Bool {
            guard isBoolean, let flag = value as? Bool else { throw fail("must be true or false") }
            return flag
        }

        /// This value as a whole number.
        func integer() throws -> Int {
            let double = try number()
            guard double == double.rounded(), abs(double) < 9e15 else { throw fail("must be a whole number") }
            return Int(double)
        }

        /// Refuses members other than these (a misspelt field would otherwise be ignored silently).
        func allowOnly(_ keys: Set<String>) throws {
            guard let object else { throw fail("must be a JSON object") }
            if let key = object.keys.filter({ !keys.contains($0) }).min() {
                throw Failure(
                    field: child(key),
                    reason: "is not a known field here (known: \(keys.sorted().joined(separator: ", ")))"
                )
            }
        }
    }

    private static let quantityFields: Set<String> = [
        "type", "startDate", "endDate", "uuid", "metadata", "device", "value", "unit",
    ]

    /// `POST /samples`'s body read by the walker (quantity samples with metadata and a device).
    static func read(_ data: Data) throws -> [Sample] {
        let input = try Input.parse(data)
        try input.allowOnly(["samples"])
        return try input.required("samples").elements().map(sample)
    }

    private static func sample(_ input: Input) throws -> Sample {
        let type = try SampleType.named(try input.required("type").string())
        let start = try date(input.required("startDate"))
        let end = try input.optional("endDate").map(date) ?? start
        let uuid = try input.optional("uuid").map { UUID(uuidString: try $0.string())! } ?? UUID()
        var metadata: [String: MetadataValue]?
        if let fields = try input.optional("metadata") {
            var values: [String: MetadataValue] = [:]
            for key in try fields.keys() {
                guard let field = try fields.optional(key) else { continue }
                values[key] = field.isNumber ? .number(try field.number()) : .string(try field.string())
            }
            metadata = values
        }
        let device = try input.optional("device").map { Device(name: try $0.optional("name")?.string()) }
        try input.allowOnly(quantityFields)
        let value = try input.required("value").number()
        let unit = try HealthUnit(parsing: try input.required("unit").string())
        return try Sample(
            uuid: uuid, type: type, startDate: start, endDate: end, metadata: metadata, device: device,
            content: .quantity(QuantityContent(quantity: Quantity(value, unit))))
    }

    private static func date(_ input: Input) throws -> Date {
        guard let date = DateReader.instantWithOffset(try input.string()) else {
            throw Failure(field: input.path, reason: "is not a date")
        }
        return date
    }

    /// The answer's samples written by the walker (`SampleJSON.json` on main: `JSONValue` built by hand).
    static func write(_ samples: [Sample], timeZone: TimeZone) -> String {
        JSONValue.array(samples.map { json($0, timeZone: timeZone) }).text
    }

    private static func json(_ sample: Sample, timeZone: TimeZone) -> JSONValue {
        var members: [(String, JSONValue)] = [
            ("uuid", .string(sample.uuid.uuidString)), ("type", .string(sample.type.identifier)),
            ("startDate", .string(DateWriter.formatWithMilliseconds(sample.startDate, in: timeZone))),
            ("endDate", .string(DateWriter.formatWithMilliseconds(sample.endDate, in: timeZone))),
        ]
        if case let .quantity(content) = sample.content {
            let unit: HealthUnit? = nil
            let outputUnit =
                [unit, sample.type.canonicalUnit].compactMap { $0 }.first { content.quantity.isCompatible(with: $0) }
                ?? content.quantity.unit
            members.append(("value", .number((try? content.quantity.value(in: outputUnit)) ?? content.quantity.value)))
            members.append(("unit", .string(outputUnit.description)))
        }
        if let metadata = sample.metadata, !metadata.isEmpty {
            members.append(
                (
                    "metadata",
                    .object(
                        metadata.keys.sorted().compactMap { key in
                            switch metadata[key] {
                            case let .string(text)?: return (key, .string(text))
                            case let .number(number)?: return (key, .number(number))
                            default: return nil
                            }
                        })
                ))
        }
        if let device = sample.device {
            let fields: [(String, String?)] = [
                ("name", device.name), ("manufacturer", device.manufacturer), ("model", device.model),
                ("hardwareVersion", device.hardwareVersion),
                ("firmwareVersion", device.firmwareVersion), ("softwareVersion", device.softwareVersion),
                ("localIdentifier", device.localIdentifier), ("udiDeviceIdentifier", device.udiDeviceIdentifier),
            ]
            members.append(
                ("device", .object(fields.compactMap { name, value in value.map { (name, JSONValue.string($0)) } })))
        }
        if let source = sample.sourceRevision?.source {
            members.append(
                (
                    "source",
                    .object([("name", .string(source.name)), ("bundleIdentifier", .string(source.bundleIdentifier))])
                ))
        }
        return .object(members)
    }
}
