import Foundation
import HealthModel

/// Reads one `electrocardiograms/*.csv` file of an export: a header block of `Name,Value` lines (Name, Date of Birth,
/// Recorded Date, Classification, Symptoms, Software Version, Device, Sample Rate, Lead, Unit), then one voltage per
/// line. Every refusal names the file, the line and the header at fault.
///
/// The person's name and date of birth are not kept (the export's `Me` element has the date of birth). Headers in
/// another language than English are not understood: such a file fails on its missing `Recorded Date`.
enum ElectrocardiogramFileReader {
    /// The source imported electrocardiograms are saved under (the ECG app).
    static let sourceName = "ECG"

    /// The electrocardiogram in `data`, read from the export's file `file`.
    static func sample(from data: Data, file: String) throws(HealthExportError) -> Sample {
        var headers: [String: (value: String, line: Int)] = [:]
        var voltages: [Double] = []
        var lineNumber = 0
        for rawLine in String(decoding: data, as: UTF8.self).split(
            separator: "\n", omittingEmptySubsequences: false)
        {
            lineNumber += 1
            let line = rawLine.trimmingCharacters(in: .whitespacesAndNewlines)
            if line.isEmpty || line == "," { continue }
            if let voltage = voltage(line) {
                voltages.append(voltage)
                continue
            }
            guard voltages.isEmpty else {
                throw fail(file, lineNumber, "voltage", "'\(line)' is not a number (one voltage per line)")
            }
            guard let comma = line.firstIndex(of: ",") else {
                throw fail(file, lineNumber, "header", "'\(line)' is neither a Name,Value header nor a voltage")
            }
            let key = line[..<comma].trimmingCharacters(in: .whitespaces)
            var value = line[line.index(after: comma)...].trimmingCharacters(in: .whitespaces)
            if value.count >= 2, value.hasPrefix("\""), value.hasSuffix("\"") {
                value = String(value.dropFirst().dropLast()).replacingOccurrences(of: "\"\"", with: "\"")
            }
            headers[key] = (value, lineNumber)
        }
        guard let recorded = headers["Recorded Date"] else {
            throw fail(file, 1, "Recorded Date", "is missing (an English export's ECG file starts with its headers)")
        }
        guard
            let start = recorded.value.utf8CString.withUnsafeBytes({ bytes in
                DateReader.exportRecordDate(UnsafeRawBufferPointer(rebasing: bytes.dropLast()))
            })
        else {
            throw fail(
                file, recorded.line, "Recorded Date", "'\(recorded.value)' is not a date like 2020-02-05 09:14:40 -0400"
            )
        }
        if let unit = headers["Unit"], !["µV", "μV", "uV", "mcV", "microvolts"].contains(unit.value) {
            throw fail(file, unit.line, "Unit", "'\(unit.value)' is not microvolts (µV)")
        }
        if let lead = headers["Lead"], !lead.value.isEmpty, !lead.value.hasSuffix(" I"), lead.value != "I" {
            throw fail(file, lead.line, "Lead", "'\(lead.value)' is not lead I (the only lead Apple Watch records)")
        }
        let samplingFrequency = try number(headers["Sample Rate"], "Sample Rate", file)
        let averageHeartRate = try number(headers["Average Heart Rate"], "Average Heart Rate", file)
        guard !voltages.isEmpty else {
            throw fail(file, lineNumber, "voltages", "the file has no voltage lines")
        }
        let content = ElectrocardiogramContent(
            classification: classification(headers["Classification"]?.value ?? ""),
            symptomsStatus: symptomsStatus(headers["Symptoms"]?.value ?? ""), averageHeartRate: averageHeartRate,
            samplingFrequency: samplingFrequency, voltages: voltages)
        let duration = samplingFrequency.map { Double(voltages.count) / $0 } ?? 0
        let hardware = headers["Device"]?.value
        let device =
            hardware.map {
                Device(name: "Apple Watch", manufacturer: "Apple Inc.", model: "Watch", hardwareVersion: $0)
            }
        let revision = SourceRevision(
            source: Source(name: sourceName, bundleIdentifier: SourceEntry.bundleIdentifier(forName: sourceName)),
            version: headers["Software Version"]?.value, productType: hardware)
        var hasher = ContentHasher(seed: 0xEC6)
        data.withUnsafeBytes { hasher.combine($0) }
        do {
            return try Sample(
                uuid: hasher.finalize().uuid(startingAt: start.date), type: .electrocardiogram, startDate: start.date,
                endDate: start.date.addingTimeInterval(duration),
                metadata: [ExportMetadataKey.utcOffset: .number(Double(start.offset))], device: device,
                sourceRevision: revision, content: .payload(.electrocardiogram(content)))
        } catch {
            throw fail(file, 1, "electrocardiogram", "\(error)")
        }
    }

    /// A voltage line: a number, or a number written with a decimal comma (`-265,868`) by exports in such locales.
    private static func voltage(_ line: String) -> Double? {
        if let value = Double(line), value.isFinite { return value }
        let parts = line.split(separator: ",", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[1].isEmpty, parts[1].allSatisfy(\.isNumber),
            let value = Double(parts[0] + "." + parts[1]), value.isFinite
        else { return nil }
        return value
    }

    /// The leading number of a header value (`512.844 hertz`, `64 bpm`); nil when the header is absent or empty.
    private static func number(
        _ header: (value: String, line: Int)?, _ name: String, _ file: String
    ) throws(HealthExportError) -> Double? {
        guard let header, !header.value.isEmpty else { return nil }
        let leading = header.value.prefix { $0.isNumber || $0 == "." || $0 == "," }
            .replacingOccurrences(of: ",", with: ".")
        guard let value = Double(leading), value.isFinite, value > 0 else {
            throw fail(file, header.line, name, "'\(header.value)' does not start with a positive number")
        }
        return value
    }

    /// `HKElectrocardiogram.Classification`'s raw value for the words an English export writes.
    static func classification(_ text: String) -> Int {
        let words = text.lowercased()
        if words.isEmpty { return 0 }
        if words.contains("sinus") { return 1 }
        if words.contains("atrial fibrillation") || words.contains("afib") { return 2 }
        if words.contains("under") || words.contains("low") { return 3 }
        if words.contains("over") || words.contains("high") { return 4 }
        if words.contains("poor") { return 5 }
        if words.contains("inconclusive") { return 6 }
        return 100
    }

    /// `HKElectrocardiogram.SymptomsStatus`'s raw value: empty is not set, "None" is none, any symptom is present.
    static func symptomsStatus(_ text: String) -> Int {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if trimmed.isEmpty { return 0 }
        return trimmed.lowercased() == "none" ? 1 : 2
    }

    private static func fail(_ file: String, _ line: Int, _ field: String, _ reason: String) -> HealthExportError {
        .invalidElement(file: file, line: line, element: "Electrocardiogram", field: field, reason: reason)
    }
}
