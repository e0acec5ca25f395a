import Foundation
import Testing

/// The real exports in `../shared/fixtures/` beside the checkout (see its README), found once from this file's path.
///
/// A clone with nothing beside it still passes: tests that read these files carry
/// `.enabled(if: SharedFixtures.available, SharedFixtures.absentReason)` and are reported as skipped.
public enum SharedFixtures {
    /// The fixtures folder: `OHK_SHARED_FIXTURES` when set, else `../shared/fixtures` beside the package root.
    public static let directory: URL = {
        if let override = ProcessInfo.processInfo.environment["OHK_SHARED_FIXTURES"], !override.isEmpty {
            return URL(fileURLWithPath: override, isDirectory: true)
        }
        // Tests/HealthTestSupport/SharedFixtures.swift → the package root → its parent.
        return URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
            .appendingPathComponent("shared/fixtures", isDirectory: true)
    }()

    /// Whether the fixtures folder is there.
    public static let available: Bool = {
        var isFolder: ObjCBool = false
        return FileManager.default.fileExists(atPath: directory.path, isDirectory: &isFolder) && isFolder.boolValue
    }()

    /// The skip message of a test that needs the fixtures.
    public static let absentReason: Comment =
        "../shared/fixtures is absent beside the checkout (see its README); set OHK_SHARED_FIXTURES to point elsewhere"

    /// A fixture file.
    public static func url(_ name: String) -> URL { directory.appendingPathComponent(name) }
}
