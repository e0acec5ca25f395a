import Foundation
import HealthModel
import HealthStore

/// How OpenHealthKit's classes archive themselves (`NSSecureCoding`, decisions/archiving.md): values are written as
/// property-list primitives (strings, numbers, data) under keys named after the class, and every `init?(coder:)` reads
/// them back through these checks, so a missing, mistyped or invalid field makes decoding fail with a reason instead
/// of building a broken object. Samples and other model values with nested parts are written as one block in the
/// store's own binary layout (`SampleDetailCoding`), which already round-trips every field.
enum ObjectArchive {
    // MARK: Failing

    /// Reports why an archive cannot be decoded (the unarchiver logs it, then reports the class as not decodable) and
    /// returns nil, for the readers here that hand back an optional value.
    static func fail<Value>(_ coder: NSCoder, _ className: String, _ reason: String) -> Value? {
        report(coder, className, reason)
        return nil
    }

    /// Reports why an archive cannot be decoded, for initializers that then return nil themselves.
    static func report(_ coder: NSCoder, _ className: String, _ reason: String) {
        coder.failWithError(
            NSError(
                domain: NSCocoaErrorDomain, code: NSCoderReadCorruptError,
                userInfo: [NSDebugDescriptionErrorKey: "\(className): \(reason)"]))
    }

    // MARK: Primitives

    /// A string, or nil when the key is absent or holds something else. (Corelibs Foundation reports an absent key
    /// as a decoding error, so presence is checked first.)
    static func string(_ coder: NSCoder, _ key: String) -> String? {
        guard coder.containsValue(forKey: key) else { return nil }
        return coder.decodeObject(of: NSString.self, forKey: key).map { String($0) }
    }

    /// A number, or nil when the key is absent or holds something else.
    static func number(_ coder: NSCoder, _ key: String) -> NSNumber? {
        guard coder.containsValue(forKey: key) else { return nil }
        return coder.decodeObject(of: NSNumber.self, forKey: key)
    }

    /// A finite double, or nil when the key is absent, holds something else or is not finite.
    static func double(_ coder: NSCoder, _ key: String) -> Double? {
        guard let value = number(coder, key)?.doubleValue, value.isFinite else { return nil }
        return value
    }

    /// An integer, or nil when the key is absent or holds something else.
    static func integer(_ coder: NSCoder, _ key: String) -> Int? {
        number(coder, key)?.intValue
    }

    /// Bytes, or nil when the key is absent or holds something else.
    static func data(_ coder: NSCoder, _ key: String) -> Data? {
        guard coder.containsValue(forKey: key) else { return nil }
        return coder.decodeObject(of: NSData.self, forKey: key).map { Data($0) }
    }

    /// A date written by `encode(_:forKey:to:)` (seconds since the reference date, exact), or nil.
    static func date(_ coder: NSCoder, _ key: String) -> Date? {
        double(coder, key).map(Date.init(timeIntervalSinceReferenceDate:))
    }

    /// A UUID written as its string, or nil.
    static func uuid(_ coder: NSCoder, _ key: String) -> UUID? {
        string(coder, key).flatMap(UUID.init(uuidString:))
    }

    /// Writes a date exactly (seconds since the reference date).
    static func encode(_ date: Date, forKey key: String, to coder: NSCoder) {
        coder.encode(NSNumber(value: date.timeIntervalSinceReferenceDate), forKey: key)
    }

    /// Writes a string, or nothing for nil (absent keys read back as nil).
    static func encode(_ string: String?, forKey key: String, to coder: NSCoder) {
        if let string { coder.encode(NSString(string: string), forKey: key) }
    }

    /// Writes a number.
    static func encode(_ number: Double, forKey key: String, to coder: NSCoder) {
        coder.encode(NSNumber(value: number), forKey: key)
    }

    /// Writes an integer.
    static func encode(_ number: Int, forKey key: String, to coder: NSCoder) {
        coder.encode(NSNumber(value: number), forKey: key)
    }

    /// Writes bytes.
    static func encode(_ data: Data, forKey key: String, to coder: NSCoder) {
        coder.encode(NSData(data: data), forKey: key)
    }

    // MARK: Model values

    /// Writes a quantity as its value and unit string under `key`Value and `key`Unit.
    static func encode(_ quantity: Quantity?, forKey key: String, to coder: NSCoder) {
        guard let quantity else { return }
        encode(quantity.value, forKey: key + "Value", to: coder)
        encode(quantity.unit.unitString, forKey: key + "Unit", to: coder)
    }

    /// A quantity written by `encode(_:forKey:to:)`: `.absent` when neither part is there, `.invalid` when only one
    /// is, the value is not a number or the unit does not parse.
    static func quantity(_ coder: NSCoder, _ key: String) -> Decoded<Quantity> {
        let hasValue = coder.containsValue(forKey: key + "Value")
        let hasUnit = coder.containsValue(forKey: key + "Unit")
        guard hasValue || hasUnit else { return .absent }
        guard let value = number(coder, key + "Value")?.doubleValue, let text = string(coder, key + "Unit"),
            let unit = try? HealthUnit(parsing: text)
        else { return .invalid }
        return .value(Quantity(value, unit))
    }

    /// Writes metadata in the store's layout (nil stays nil); metadata an app gave that HealthKit would refuse is
    /// left out (such an object cannot be saved either).
    static func encode(metadata: [String: Any]?, forKey key: String, to coder: NSCoder) {
        guard let metadata, let model = try? MetadataBridge.model(metadata) else { return }
        encode(Data(SampleDetailCoding.encoded(model)), forKey: key, to: coder)
    }

    /// Metadata written by `encode(metadata:forKey:to:)`, as HealthKit hands it out.
    static func metadata(_ coder: NSCoder, _ key: String) -> Decoded<[String: Any]> {
        guard coder.containsValue(forKey: key) else { return .absent }
        guard let bytes = data(coder, key), let model = try? SampleDetailCoding.metadata(from: Array(bytes)) else {
            return .invalid
        }
        guard let metadata = MetadataBridge.healthKit(model) else { return .absent }
        return .value(metadata)
    }

    /// Writes a model value as JSON (the layout the store keeps sample payloads in); nothing when it does not encode.
    static func encode<Value: Encodable>(json value: Value, forKey key: String, to coder: NSCoder) {
        guard let data = try? JSONEncoder().encode(value) else { return }
        encode(data, forKey: key, to: coder)
    }

    /// A model value written by `encode(json:forKey:to:)`, or nil when absent or unreadable.
    static func json<Value: Decodable>(_ type: Value.Type, _ coder: NSCoder, _ key: String) -> Value? {
        guard let data = data(coder, key) else { return nil }
        return try? JSONDecoder().decode(type, from: data)
    }

    // MARK: Samples

    /// The key of a sample's model value (`SampleDetailCoding.encoded(_:)` of a whole sample).
    static let sampleKey = "HKObjectSample"
    /// The key of why an object built from invalid values cannot be archived whole.
    static let invalidKey = "HKObjectInvalid"

    /// Writes an object's model sample, or, for an object built from values HealthKit would have refused, the reason
    /// (such an archive decodes to nothing, with the reason).
    static func encode(_ backing: Result<Sample, HealthModelError>, to coder: NSCoder) {
        switch backing {
        case let .success(sample): encode(Data(SampleDetailCoding.encoded(sample)), forKey: sampleKey, to: coder)
        case let .failure(error): encode(error.description, forKey: invalidKey, to: coder)
        }
    }

    /// The model sample an archived object holds, when it is valid and `fits` the class being decoded.
    static func sample(
        _ coder: NSCoder, _ className: String, fits: (Sample) -> Bool = { _ in true }
    ) -> Sample? {
        if let reason = string(coder, invalidKey) {
            return fail(coder, className, "the archived object was built from invalid values: \(reason)")
        }
        guard let bytes = data(coder, sampleKey) else { return fail(coder, className, "no sample in the archive") }
        let sample: Sample
        do {
            sample = try SampleDetailCoding.sample(from: Array(bytes))
        } catch {
            return fail(coder, className, "the archived sample does not read: \(error)")
        }
        guard fits(sample) else {
            return fail(coder, className, "the archived sample is a \(sample.type.identifier), not a \(className)")
        }
        return sample
    }

    /// A field read from an archive: absent, present and valid, or present but invalid.
    enum Decoded<Value> {
        /// The key is not in the archive.
        case absent
        /// The key holds a valid value.
        case value(Value)
        /// The key holds something that is not a valid value.
        case invalid

        /// The value; nil when absent or invalid.
        var value: Value? {
            if case let .value(value) = self { return value }
            return nil
        }
    }
}
