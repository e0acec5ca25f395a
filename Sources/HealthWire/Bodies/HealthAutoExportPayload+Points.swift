import Foundation
import HealthModel

/// Metrics whose points have a shape of their own (doc §4): blood pressure, sleep, insulin delivery with its reason,
/// and the metrics that are category types (sexual activity, handwashing, toothbrushing, mindful minutes, stand
/// hours).
extension HealthAutoExportPayload {
    /// Reads a metric with a point shape of its own; false for the plain quantity metrics.
    mutating func read(
        shaped name: String, metric: KeyedDecodingContainer<WireKey>, points: [KeyedDecodingContainer<WireKey>]
    ) throws -> Bool {
        switch name {
        case "blood_pressure":
            for point in points { try readBloodPressure(point) }
        case "sleep_analysis":
            for point in points { try readSleep(point) }
        case "insulin_delivery":
            let type = try SampleType.quantity("insulinDelivery")
            let unit = try Self.unit(metric, "units", for: type)
            for point in points { try readInsulin(point, type: type, unit: unit) }
        default:
            guard let typeName = Self.categoryMetrics[name] else { return false }
            let type = try SampleType.category(typeName)
            for point in points { try readEvent(point, metric: name, type: type) }
        }
        return true
    }

    /// An insulin delivery: `qty` in the metric's unit and `reason` (`Basal` or `Bolus`), which HealthKit requires as
    /// `HKInsulinDeliveryReason` (1 basal, 2 bolus). A point without a known reason is skipped, naming the field.
    private mutating func readInsulin(
        _ point: KeyedDecodingContainer<WireKey>, type: SampleType, unit: HealthUnit
    ) throws {
        guard let value = try point.number("qty") else {
            throw WireError.invalidField(field: point.field("qty"), reason: "is required")
        }
        let reasons = ["basal": 1.0, "bolus": 2.0]
        let reason = try point.optional(String.self, "reason")
        guard let code = reason.flatMap({ reasons[$0.lowercased()] }) else {
            skipped.append(
                Skipped(
                    field: point.field("reason"),
                    reason:
                        "'\(reason ?? "none")' is not an insulin delivery reason (Basal, Bolus); HealthKit needs one"))
            return
        }
        let date = try Self.date(point, "date")
        var metadata = Self.syncMetadata(
            "\(type.identifier):\(date.timeIntervalSince1970):\(try source(point) ?? ""):\(Int(code))")
        metadata["HKInsulinDeliveryReason"] = .number(code)
        try append(
            point, type: type, content: .quantity(QuantityContent(quantity: Quantity(value, unit))), start: date,
            end: date, metadata: metadata)
    }

    /// The events of a category metric's point. `sexual_activity` gives as many events as its counts under
    /// `Unspecified`, `Protection Used` and `Protection Not Used` (the last two with
    /// `HKSexualActivityProtectionUsed`); `handwashing` and `toothbrushing` one event (its `value`, `Complete` or
    /// `Incomplete`, kept in metadata `OpenHealthKitPushedValue`: HealthKit has no field for it);
    /// `mindful_minutes` a session of `qty` minutes from `date`; `apple_stand_hour` the hour from `date` (stood when
    /// `qty` is positive, else idle).
    private mutating func readEvent(
        _ point: KeyedDecodingContainer<WireKey>, metric name: String, type: SampleType
    ) throws {
        let date = try Self.date(point, "date")
        let origin = try source(point) ?? ""
        let key = "\(type.identifier):\(date.timeIntervalSince1970):\(origin)"
        let notApplicable = 0
        switch name {
        case "sexual_activity":
            for (field, protection) in [
                ("Unspecified", nil), ("Protection Used", 1.0), ("Protection Not Used", 0.0),
            ] as [(String, Double?)] {
                let count = try point.number(field) ?? 0
                guard count.isFinite, count >= 0, count <= 1000 else {
                    throw WireError.invalidField(field: point.field(field), reason: "is not a count of events")
                }
                for index in 0..<Int(count.rounded()) {
                    var metadata = Self.syncMetadata("\(key):\(field):\(index)")
                    if let protection { metadata["HKSexualActivityProtectionUsed"] = .number(protection) }
                    try append(
                        point, type: type, content: .category(value: notApplicable), start: date, end: date,
                        metadata: metadata)
                }
            }
        case "mindful_minutes":
            guard let minutes = try point.number("qty"), minutes.isFinite, minutes >= 0 else {
                throw WireError.invalidField(field: point.field("qty"), reason: "is required (minutes)")
            }
            try append(
                point, type: type, content: .category(value: notApplicable), start: date,
                end: date.addingTimeInterval(minutes * 60), metadata: Self.syncMetadata(key))
        case "apple_stand_hour":
            let stood = (try point.number("qty") ?? 1) > 0
            let value = type.categoryDescription?.value(named: stood ? "stood" : "idle")?.rawValue ?? 0
            try append(
                point, type: type, content: .category(value: value), start: date,
                end: date.addingTimeInterval(3600), metadata: Self.syncMetadata(key))
        default:
            var metadata = Self.syncMetadata(key)
            if let value = try point.optional(String.self, "value") {
                metadata[Self.pushedValueKey] = .string(value)
            }
            try append(
                point, type: type, content: .category(value: notApplicable), start: date, end: date,
                metadata: metadata)
        }
    }

    /// The metadata key keeping a point's `value` in the app's words where HealthKit has no field for it
    /// (`Complete`/`Incomplete` of handwashing and toothbrushing).
    static let pushedValueKey = "OpenHealthKitPushedValue"
}
