import Foundation

/// An unzipped export folder around the real GPX route of `../shared/fixtures` (ipyhealth, 16,654 points): the GPX as
/// `workout-routes/route_2020-01-18_5.49pm.gpx` and an `export.xml` whose workouts refer to it.
public enum RouteExportFolder {
    /// The `FileReference path` of the route in `export.xml`.
    public static let referencePath = "/workout-routes/route_2020-01-18_5.49pm.gpx"

    /// A new folder (under the tests' temporary folder) holding `apple_health_export/` with the GPX and an
    /// `export.xml` of `HealthData` (locale en_ZA, exported 2020-04-17) around `workouts`, the elements given.
    public static func make(_ name: String, workouts: String) throws -> URL {
        let root = try TemporaryStoreFolder.newFolder(name)
        let export = root.appendingPathComponent("apple_health_export")
        try FileManager.default.createDirectory(
            at: export.appendingPathComponent("workout-routes"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: SharedFixtures.url("ipyhealth-route_2020-01-18_5.49pm.gpx"),
            to: export.appendingPathComponent(String(referencePath.dropFirst())))
        let xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <HealthData locale="en_ZA">
             <ExportDate value="2020-04-17 10:00:00 +0200"/>
            \(workouts)
            </HealthData>

            """
        try Data(xml.utf8).write(to: export.appendingPathComponent("export.xml"))
        return root
    }
}
