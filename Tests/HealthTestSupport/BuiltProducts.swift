import Foundation

/// The executables `swift build --build-tests` puts beside the test bundle (the products folder), for tests that
/// run them as a user would.
public enum BuiltProducts {
    /// The products folder: the folder of the running test bundle, or `.build/debug` of this package.
    public static let directory: URL = {
        let beside = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        if FileManager.default.isExecutableFile(atPath: beside.appendingPathComponent("ohk").path) { return beside }
        // Tests/HealthTestSupport/BuiltProducts.swift → the package root.
        let package = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        return package.appendingPathComponent(".build/debug")
    }()

    /// The path of a built executable (it may not exist: callers `#require` it with a hint to build first).
    public static func executable(_ name: String) -> String { directory.appendingPathComponent(name).path }
}
