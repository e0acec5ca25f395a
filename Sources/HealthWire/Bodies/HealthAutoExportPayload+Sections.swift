import Foundation
import HealthModel

/// The payload's newer sections (doc §5.1–§5.6): state of mind, symptoms, electrocardiograms and heart-rate
/// notifications become samples; medications and cycle tracking are listed in `skipped` with the reason.
extension HealthAutoExportPayload {
    mutating func readSections(_ data: KeyedDecodingContainer<WireKey>) throws {
        for record in try Self.objects(data, "stateOfMind") { try readStateOfMind(record) }
        for record in try Self.objects(data, "symptoms") { try readSymptom(record) }
        for record in try Self.objects(data, "ecg") { try readElectrocardiogram(record) }
        for record in try Self.objects(data, "heartRateNotifications") { try readHeartRateNotification(record) }
        if !(try Self.objects(data, "medications")).isEmpty {
            skipped.append(
                Skipped(
                    field: data.field("medications"),
                    reason:
                        "medication dose events are read-only in HealthKit and belong to a medication on the person's "
                        + "list by its concept; the app sends none (its codings are empty), so they are not stored"))
        }
        if !(try Self.objects(data, "cycleTracking")).isEmpty {
            skipped.append(
                Skipped(
                    field: data.field("cycleTracking"),
                    reason: "the app does not publish the shape of cycle tracking records, so they are not mapped"))
        }
    }

    // MARK: State of mind

    /// `{id, start, end, kind, labels, associations, valence, metadata}`: `kind` a number (1 momentary emotion, 2 daily
    /// mood) or its words; labels and associations by name (`Happy`, `Self Care`); an unknown one is skipped, naming
    /// it.
    private mutating func readStateOfMind(_ record: KeyedDecodingContainer<WireKey>) throws {
        let start = try Self.date(record, "start")
        let end = try Self.date(record, "end", or: start)
        let kind: Int
        if let number = try? record.optional(Int.self, "kind") {
            kind = number
        } else {
            let text = try record.required(String.self, "kind").lowercased()
            guard text.contains("mood") || text.contains("daily") || text.contains("emotion") || text.contains("moment")
            else {
                throw WireError.invalidField(
                    field: record.field("kind"), reason: "'\(text)' is not a kind (Momentary Emotion, Daily Mood)")
            }
            kind = text.contains("mood") || text.contains("daily") ? 2 : 1
        }
        guard let valence = try record.number("valence") else {
            throw WireError.invalidField(field: record.field("valence"), reason: "is required")
        }
        let labels = try names(record, "labels", among: Self.stateOfMindLabels)
        let associations = try names(record, "associations", among: Self.stateOfMindAssociations)
        let identifier = try record.optional(String.self, "id") ?? "\(start.timeIntervalSince1970)"
        try append(
            record, type: .stateOfMind,
            content: .payload(
                .stateOfMind(
                    StateOfMindContent(kind: kind, valence: valence, labels: labels, associations: associations))),
            start: start, end: end, metadata: Self.syncMetadata("\(SampleType.stateOfMind.identifier):\(identifier)"))
    }

    /// The raw values of the names in list `key` (1-based positions in `table`); unknown names are skipped.
    private mutating func names(
        _ record: KeyedDecodingContainer<WireKey>, _ key: String, among table: [String]
    ) throws -> [Int] {
        guard record.contains(WireKey(key)), try !record.decodeNil(forKey: WireKey(key)) else { return [] }
        let words = try record.required([String].self, key)
        var values: [Int] = []
        for (index, word) in words.enumerated() {
            let folded = word.lowercased().filter(\.isLetter)
            if let position = table.firstIndex(of: folded) {
                values.append(position + 1)
            } else {
                skipped.append(
                    Skipped(field: record.field(key) + "[\(index)]", reason: "'\(word)' is not a HealthKit \(key) name")
                )
            }
        }
        return values
    }

    /// `HKStateOfMind.Label` in raw-value order (1 amazed … 38 satisfied), lowercased.
    static let stateOfMindLabels = [
        "amazed", "amused", "angry", "anxious", "ashamed", "brave", "calm", "content", "disappointed", "discouraged",
        "disgusted", "embarrassed", "excited", "frustrated", "grateful", "guilty", "happy", "hopeless", "irritated",
        "jealous", "joyful", "lonely", "passionate", "peaceful", "proud", "relieved", "sad", "scared", "stressed",
        "surprised", "worried", "annoyed", "confident", "drained", "hopeful", "indifferent", "overwhelmed",
        "satisfied",
    ]

    /// `HKStateOfMind.Association` in raw-value order (1 community … 18 weather), lowercased without spaces.
    static let stateOfMindAssociations = [
        "community", "currentevents", "dating", "education", "family", "fitness", "friends", "health", "hobbies",
        "identity", "money", "partner", "selfcare", "spirituality", "tasks", "travel", "work", "weather",
    ]

    // MARK: Symptoms

    /// `{start, end, name, severity, userEntered, source}`: the symptom's category type by name (`Headache`,
    /// `Chest Tightness or Pain`), its value by severity (`Not Present`, `Mild`, `Moderate`, `Severe`; `Present` and
    /// `Unspecified` are HealthKit's unspecified severity; presence and appetite symptoms by their own words).
    private mutating func readSymptom(_ record: KeyedDecodingContainer<WireKey>) throws {
        let name = try record.required(String.self, "name")
        guard let description = TypeTable.categoryType(Self.camelCase(name)), description.valueEnumName != nil,
            ["HKCategoryValueSeverity", "HKCategoryValuePresence", "HKCategoryValueAppetiteChanges"].contains(
                description.valueEnumName ?? "")
        else {
            skipped.append(
                Skipped(field: record.field("name"), reason: "'\(name)' is not a symptom HealthKit records"))
            return
        }
        let type = try SampleType.category(description.identifier)
        let severity = try record.optional(String.self, "severity") ?? "Unspecified"
        let value =
            description.value(named: Self.camelCase(severity))
            ?? (["present", "unspecified"].contains(severity.lowercased()) ? description.values.first : nil)
        guard let value else {
            skipped.append(
                Skipped(
                    field: record.field("severity"),
                    reason: "'\(severity)' is not a value of \(description.identifier) "
                        + "(\(description.values.map(\.caseName).joined(separator: ", ")))"))
            return
        }
        let start = try Self.date(record, "start")
        let end = try Self.date(record, "end", or: start)
        var metadata = Self.syncMetadata(
            "\(type.identifier):\(start.timeIntervalSince1970):\(try source(record) ?? "")")
        if let entered = try? record.optional(Bool.self, "userEntered") {
            metadata[MetadataKey.wasUserEntered] = .number(entered ? 1 : 0)
        }
        try append(
            record, type: type, content: .category(value: value.rawValue), start: start, end: end, metadata: metadata)
    }

    /// The date of member `key`, or `fallback` when it is absent or null.
    static func date(_ object: KeyedDecodingContainer<WireKey>, _ key: String, or fallback: Date) throws -> Date {
        guard try object.optional(Nested.self, key) != nil else { return fallback }
        return try date(object, key)
    }

    /// A name in words as a camel-cased identifier: `Chest Tightness or Pain` → `chestTightnessOrPain`.
    static func camelCase(_ words: String) -> String {
        let parts = words.split(whereSeparator: { !$0.isLetter && !$0.isNumber })
        return parts.enumerated().map { index, part in
            index == 0 ? part.lowercased() : part.prefix(1).uppercased() + part.dropFirst().lowercased()
        }.joined()
    }

    // MARK: Electrocardiograms

    /// The app's classifications and `HKElectrocardiogram.Classification`'s raw values.
    static let electrocardiogramClassifications = [
        "Sinus Rhythm": 1, "Atrial Fibrillation": 2, "Inconclusive Low Heart Rate": 3, "High Heart Rate": 4,
        "Inconclusive High Heart Rate": 4, "Inconclusive Poor Recording": 5, "Inconclusive": 6, "Unrecognized": 100,
    ]

    /// `{start, end, classification, averageHeartRate, voltageMeasurements: [{date, voltage, units}],
    /// samplingFrequency, source}` as an electrocardiogram (voltages in microvolts). The app gives a recording no
    /// identifier (HAE#70): its start and source are its sync identifier.
    private mutating func readElectrocardiogram(_ record: KeyedDecodingContainer<WireKey>) throws {
        let start = try Self.date(record, "start")
        let end = try Self.date(record, "end")
        let text = try record.optional(String.self, "classification")
        let classification = text.flatMap { Self.electrocardiogramClassifications[$0] } ?? 0
        let microvolts = ["µv": 1.0, "uv": 1, "mcv": 1, "mv": 1000, "v": 1_000_000]
        var voltages: [Double] = []
        for point in try Self.objects(record, "voltageMeasurements") {
            guard let voltage = try point.number("voltage") else {
                throw WireError.invalidField(field: point.field("voltage"), reason: "is required")
            }
            let units = try point.optional(String.self, "units") ?? "µV"
            guard let factor = microvolts[units.lowercased()] else {
                throw WireError.invalidField(
                    field: point.field("units"), reason: "'\(units)' is not a voltage unit (µV, mV, V)")
            }
            voltages.append(voltage * factor)
        }
        let content = ElectrocardiogramContent(
            classification: classification, symptomsStatus: 0,
            averageHeartRate: try? record.number("averageHeartRate"),
            samplingFrequency: try? record.number("samplingFrequency"), voltages: voltages)
        try append(
            record, type: .electrocardiogram, content: .payload(.electrocardiogram(content)), start: start, end: end,
            metadata: Self.syncMetadata(
                "\(SampleType.electrocardiogram.identifier):\(start.timeIntervalSince1970):\(try source(record) ?? "")")
        )
    }

    // MARK: Heart-rate notifications

    /// `{start, end, threshold?, heartRate: [{hr, …}]}`: with a threshold, a high heart-rate event when a reading
    /// reaches it (else a low one), with `HKHeartRateEventThreshold`; without, an irregular rhythm event. The
    /// readings themselves are not stored (the `heart_rate` metric carries the person's heart rate).
    private mutating func readHeartRateNotification(_ record: KeyedDecodingContainer<WireKey>) throws {
        let start = try Self.date(record, "start")
        let end = try Self.date(record, "end")
        var readings: [Double] = []
        for reading in try Self.objects(record, "heartRate") {
            if let value = try reading.number("hr") { readings.append(value) }
        }
        let threshold = try record.number("threshold")
        let typeName: String
        if let threshold {
            typeName = (readings.max() ?? threshold) >= threshold ? "highHeartRateEvent" : "lowHeartRateEvent"
        } else {
            typeName = "irregularHeartRhythmEvent"
        }
        let type = try SampleType.category(typeName)
        var metadata = Self.syncMetadata("\(type.identifier):\(start.timeIntervalSince1970)")
        if let threshold {
            metadata["HKHeartRateEventThreshold"] = .quantity(
                Quantity(threshold, try HealthUnit(parsing: "count/min")))
        }
        try append(record, type: type, content: .category(value: 0), start: start, end: end, metadata: metadata)
    }
}
