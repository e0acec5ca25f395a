// swift-tools-version: 6.1
// The parsers' libFuzzer executable, kept out of the main package because libFuzzer supplies `main`. Build and run it
// with `scripts/dev/fuzz.sh`; the targets themselves are `Tests/FuzzRegressionTests/*FuzzTarget.swift` (linked here as
// `Sources/ParserFuzzer/Targets`), which the normal tests use to replay the corpus.
import Foundation
import PackageDescription

/// The main package's identity is the name of its folder (`main` in a checkout named so, `wt-fuzz` in a worktree).
let project = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().lastPathComponent
    .lowercased()

let package = Package(
    name: "OpenHealthKitFuzz",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(path: ".."),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
    ],
    targets: [
        .executableTarget(
            name: "ParserFuzzer",
            dependencies: [
                .product(name: "HealthModel", package: project), .product(name: "HealthStore", package: project),
                .product(name: "HealthExport", package: project), .product(name: "HealthReports", package: project),
                .product(name: "HealthServer", package: project),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ],
            exclude: ["Targets/FuzzRegressionReplayTests.swift"]
        )
    ]
)
