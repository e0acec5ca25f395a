import Foundation
import HealthEngine
import HealthExport
import HealthModel
import HealthStore
import HealthTestSupport
import Testing

@Suite("Importing an export's electrocardiograms/*.csv files as electrocardiogram samples")
struct ElectrocardiogramImportTests {
    /// An ECG file as the Health app writes it (English): the header block, blank lines, then one voltage (µV) per
    /// line; `voltages` lines of a 1 Hz beat at 512.844 Hz.
    static func csv(
        recorded: String = "2020-03-14 08:15:22 +0200", classification: String = "Sinus Rhythm",
        symptoms: String = "", voltages: Int = 1_536, extraLine: String? = nil
    ) -> String {
        var lines = [
            "Name,Test Person", "Date of Birth,\"Jan 15, 1990\"", "Recorded Date,\(recorded)",
            "Classification,\(classification)", "Symptoms,\(symptoms)", "Software Version,1.90",
            "Device,\"Watch5,3\"", "Sample Rate,512.844 hertz", "", "", "Lead,Lead I", "Unit,µV", "", "",
        ]
        for index in 0..<voltages {
            let t = Double(index % 513) / 512.844
            let value = t > 0.2 && t < 0.24 ? 1_180 * sin((t - 0.2) / 0.04 * .pi) : 48.673 * sin(t * 2 * .pi)
            lines.append(String(format: "%.3f", value))
        }
        if let extraLine { lines.insert(extraLine, at: 20) }
        return lines.joined(separator: "\n") + "\n"
    }

    /// A folder laid out as an unzipped export: the real ipyhealth export.xml and one ECG file.
    static func exportFolder(ecgFiles: [String: String]) throws -> URL {
        let folder = try ExportFixtures.temporaryFolder().appendingPathComponent("apple_health_export")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: ExportFixtures.url("ipyhealth-export.xml"), to: folder.appendingPathComponent("export.xml"))
        for (name, text) in ecgFiles {
            _ = try ExportFixtures.write(text, named: "electrocardiograms/" + name, in: folder)
        }
        return folder
    }

    @Test(
        "An ECG of a real export folder is imported once and queried with its classification, rate and voltages",
        .enabled(if: SharedFixtures.available, SharedFixtures.absentReason), arguments: StorageBackend.allCases)
    func importedAndQueried(_ backend: StorageBackend) throws {
        let folder = try Self.exportFolder(ecgFiles: ["ecg_2020-03-14.csv": Self.csv()])
        let store = backend.makeStore()
        let (importer, _) = ExportFixtures.importer(store: store)
        let report = try importer.importExport(at: folder)
        #expect(report.issues.isEmpty, "\(report.issues.prefix(3))")
        #expect(report.electrocardiograms == 1)
        #expect(report.workouts == 16)  // the export.xml imported as before

        let ecgs = try ExportFixtures.samples(store, .electrocardiogram)
        let ecg = try #require(ecgs.first)
        #expect(ecgs.count == 1)
        #expect(ecg.startDate == Date(timeIntervalSince1970: 1_584_166_522))  // 2020-03-14 06:15:22 UTC
        #expect(abs(ecg.duration - 1_536 / 512.844) < 1e-6)
        #expect(ecg.sourceRevision?.source.name == "ECG")
        #expect(ecg.sourceRevision?.version == "1.90")
        #expect(ecg.device?.hardwareVersion == "Watch5,3")
        guard case let .electrocardiogram(content)? = ecg.payload else {
            Issue.record("not an electrocardiogram")
            return
        }
        #expect(content.classification == 1)
        #expect(content.symptomsStatus == 0)
        #expect(content.samplingFrequency == 512.844)
        #expect(content.voltages.count == 1_536)
        #expect(content.voltages[0] == 0)
        #expect(content.voltages.max().map { $0 > 1_000 } == true)

        // The predicates see it; importing again adds nothing.
        let sinus = try store.samples(
            SampleQueryRequest(type: .electrocardiogram, predicate: .payload(.electrocardiogramClassification(1))))
        #expect(sinus.map(\.uuid) == [ecg.uuid])
        let again = try importer.importExport(at: folder)
        #expect(again.electrocardiograms == 0)
        #expect(again.alreadyStored >= 1)
        #expect(try ExportFixtures.samples(store, .electrocardiogram).count == 1)
    }

    @Test("The ECGs of an export.zip are read from its electrocardiograms folder")
    func readFromZip() throws {
        let folder = try ExportFixtures.temporaryFolder()
        let xml = try ExportFixtures.write(
            ExportFixtures.document(
                ExportFixtures.steps(
                    120, start: "2024-03-10 09:00:00 -0700", end: "2024-03-10 09:10:00 -0700")),
            named: "export.xml", in: folder)
        let first = try ExportFixtures.write(
            Self.csv(classification: "Atrial Fibrillation"), named: "a.csv", in: folder)
        let second = try ExportFixtures.write(
            Self.csv(recorded: "2024-03-11 21:40:05 -0700", classification: "Heart Rate Over 120", symptoms: "Fatigue"),
            named: "b.csv", in: folder)
        let zip = try ExportFixtures.zip(
            [
                ("apple_health_export/export.xml", xml),
                ("apple_health_export/electrocardiograms/ecg_2024-03-10.csv", first),
                ("apple_health_export/electrocardiograms/ecg_2024-03-11.csv", second),
            ], named: "export.zip", in: folder)
        let store = HealthDataStore()
        let (importer, _) = ExportFixtures.importer(store: store)
        let report = try importer.importExport(at: zip)
        #expect(report.issues.isEmpty, "\(report.issues)")
        #expect(report.electrocardiograms == 2)
        let contents = try ExportFixtures.samples(store, .electrocardiogram).compactMap { sample in
            if case let .electrocardiogram(content)? = sample.payload { return content }
            return nil
        }
        #expect(Set(contents.map(\.classification)) == [2, 4])
        #expect(Set(contents.map(\.symptomsStatus)) == [0, 2])
    }

    @Test("A bad ECG file is reported with its file, line and header; the good ones still import")
    func badFilesAreReported() throws {
        let folder = try Self.exportFolderWithoutFixture(ecgFiles: [
            "ecg_good.csv": Self.csv(),
            "ecg_voltage.csv": Self.csv(extraLine: "12..5"),
            "ecg_date.csv": Self.csv(recorded: "14.03.2020 08:15"),
            "ecg_unit.csv": Self.csv().replacingOccurrences(of: "Unit,µV", with: "Unit,mV"),
            "ecg_empty.csv": Self.csv(voltages: 0),
        ])
        let store = HealthDataStore()
        let (importer, _) = ExportFixtures.importer(store: store)
        let report = try importer.importExport(at: folder)
        #expect(report.electrocardiograms == 1)
        #expect(report.skipped == 4)
        let messages = report.issues.map(\.description)
        #expect(
            messages.contains(
                "electrocardiograms/ecg_voltage.csv:21: Electrocardiogram skipped: voltage: '12..5' is not a number (one voltage per line)"
            ), "\(messages)")
        #expect(
            messages.contains(
                "electrocardiograms/ecg_date.csv:3: Electrocardiogram skipped: Recorded Date: '14.03.2020 08:15' is not a date like 2020-02-05 09:14:40 -0400"
            ), "\(messages)")
        #expect(
            messages.contains(
                "electrocardiograms/ecg_unit.csv:12: Electrocardiogram skipped: Unit: 'mV' is not microvolts (µV)"),
            "\(messages)")
        #expect(
            messages.contains {
                $0.hasPrefix("electrocardiograms/ecg_empty.csv:") && $0.hasSuffix("the file has no voltage lines")
            }, "\(messages)")
    }

    @Test("Voltages written with a decimal comma (exports in such locales) are read as decimals")
    func decimalCommaVoltages() throws {
        let text = Self.csv(voltages: 0) + "-265,868\n-271,819\n12\n0,5\n"
        let folder = try Self.exportFolderWithoutFixture(ecgFiles: ["ecg.csv": text])
        let store = HealthDataStore()
        let (importer, _) = ExportFixtures.importer(store: store)
        let report = try importer.importExport(at: folder)
        #expect(report.issues.isEmpty, "\(report.issues)")
        guard
            case let .electrocardiogram(content)? = try ExportFixtures.samples(store, .electrocardiogram).first?.payload
        else {
            Issue.record("no electrocardiogram")
            return
        }
        #expect(content.voltages == [-265.868, -271.819, 12, 0.5])
    }

    static func exportFolderWithoutFixture(ecgFiles: [String: String]) throws -> URL {
        let folder = try ExportFixtures.temporaryFolder()
        _ = try ExportFixtures.write(
            ExportFixtures.document(
                ExportFixtures.steps(120, start: "2024-03-10 09:00:00 -0700", end: "2024-03-10 09:10:00 -0700")),
            named: "export.xml", in: folder)
        for (name, text) in ecgFiles {
            _ = try ExportFixtures.write(text, named: "electrocardiograms/" + name, in: folder)
        }
        return folder
    }
}
