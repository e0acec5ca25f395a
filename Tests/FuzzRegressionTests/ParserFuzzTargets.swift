import Foundation

/// The parsers' fuzz targets by name: each takes raw bytes, drives one parser the way the program does, and checks
/// properties that must hold for any input it accepts. Shared by the libFuzzer executable (`Fuzz/`, which links
/// this folder) and the replay of the regression corpus in the normal tests.
enum ParserFuzzTargets {
    /// A property that failed for an input: what was expected and what was found.
    struct Violation: Error, CustomStringConvertible {
        let target: String
        let message: String

        var description: String { "\(target): \(message)" }
    }

    /// Every target, by the name used for its corpus folders and on the command line.
    static let targets: [(name: String, run: @Sendable (Data) throws(Violation) -> Void)] = [
        ("export-xml", ExportXMLFuzzTarget.run),
        ("gpx", GPXFuzzTarget.run),
        ("cda", ClinicalDocumentFuzzTarget.run),
        ("units", UnitFuzzTarget.run),
        ("json-samples", SampleJSONFuzzTarget.run),
        ("dates", DateFuzzTarget.run),
        ("health-auto-export", HealthAutoExportFuzzTarget.run),
    ]

    /// The names of every target.
    static var names: [String] { targets.map(\.name) }

    /// Runs the target named `name` on `data`; nil when there is no such target.
    static func target(named name: String) -> (@Sendable (Data) throws(Violation) -> Void)? {
        targets.first { $0.name == name }?.run
    }

    /// Throws a violation of `target` unless `condition` holds.
    static func check(_ condition: Bool, _ target: String, _ message: @autoclosure () -> String) throws(Violation) {
        if !condition { throw Violation(target: target, message: message()) }
    }
}
