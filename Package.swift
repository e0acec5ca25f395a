// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "OpenHealthKit",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "HealthModel", targets: ["HealthModel"]),
        .library(name: "HealthEngine", targets: ["HealthEngine"]),
        .library(name: "HealthStore", targets: ["HealthStore"]),
        // Realistic generated data (`SyntheticHealthData`) for `ohk demo`, the test bench and tests.
        .library(name: "HealthDemoData", targets: ["HealthDemoData"]),
        .library(name: "HealthStoreSQLite", targets: ["HealthStoreSQLite"]),
        .library(name: "HealthStorePostgres", targets: ["HealthStorePostgres"]),
        .library(name: "HealthExport", targets: ["HealthExport"]),
        .library(name: "OpenHealthKit", targets: ["OpenHealthKit"]),
        // `import HealthKit` on Linux: OpenHealthKit and Foundation under HealthKit's module name.
        .library(name: "HealthKit", targets: ["HealthKit"]),
        // The JSON the server and the CLI write and read: Codable wire types, both directions.
        .library(name: "HealthWire", targets: ["HealthWire"]),
        .library(name: "HealthReports", targets: ["HealthReports"]),
        .library(name: "OpenHealthKitTesting", targets: ["OpenHealthKitTesting"]),
        .library(name: "HealthTrends", targets: ["HealthTrends"]),
        .library(name: "HealthRegistry", targets: ["HealthRegistry"]),
        .library(name: "HealthServer", targets: ["HealthServer"]),
        // The MCP server's tools, resources and prompts: `ohk mcp` over stdio, `/mcp` in `ohk serve`.
        .library(name: "HealthAssistant", targets: ["HealthAssistant"]),
        .executable(name: "ohk", targets: ["ohk"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/groue/GRDB.swift", exact: "7.10.0"),
        .package(url: "https://github.com/weichsel/ZIPFoundation", from: "0.9.20"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/swift-server/swift-prometheus", from: "2.4.1"),
        .package(url: "https://github.com/apple/swift-crypto", from: "3.12.3"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
        .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.3"),
        .package(url: "https://github.com/apple/swift-nio-ssl", from: "2.37.6"),
        .package(url: "https://github.com/x-sheep/swift-property-based", exact: "2.0.1"),
        // Tests only: OpenAPIDocumentTests reads the OpenAPI document as YAML.
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
        // The Model Context Protocol server (HealthAssistant: `ohk mcp` over stdio, `/mcp` in `ohk serve`).
        .package(url: "https://github.com/modelcontextprotocol/swift-sdk", exact: "0.12.1"),
    ],
    targets: [
        .target(name: "HealthModel"),
        .target(name: "HealthEngine", dependencies: ["HealthModel"]),
        .target(name: "HealthStore", dependencies: ["HealthModel", "HealthEngine"]),
        .target(name: "HealthDemoData", dependencies: ["HealthModel", "HealthStore"]),
        .target(
            name: "HealthStoreSQLite",
            dependencies: [
                "HealthModel", "HealthEngine", "HealthStore",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "GRDBSQLite", package: "GRDB.swift"),
            ]
        ),
        .target(
            name: "HealthStorePostgres",
            dependencies: [
                "HealthModel", "HealthEngine", "HealthStore",
                .product(name: "PostgresNIO", package: "postgres-nio"),
            ]
        ),
        .target(
            name: "HealthExport",
            dependencies: [
                "HealthModel", "HealthEngine", "HealthStore", .product(name: "ZIPFoundation", package: "ZIPFoundation"),
            ]
        ),
        .target(name: "OpenHealthKit", dependencies: ["HealthModel", "HealthEngine", "HealthStore"]),
        .target(name: "HealthKit", dependencies: ["OpenHealthKit"]),
        .target(name: "HealthWire", dependencies: ["HealthModel"]),
        .target(
            name: "HealthReports",
            dependencies: ["HealthModel", "HealthEngine", "HealthStore", "HealthTrends", "HealthWire"]),
        .target(name: "HealthTrends", dependencies: ["HealthModel", "HealthEngine", "HealthStore"]),
        .target(
            name: "HealthRegistry",
            dependencies: [
                "HealthModel", "HealthEngine", "HealthStore", "HealthStoreSQLite", "HealthStorePostgres",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "GRDBSQLite", package: "GRDB.swift"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "Crypto", package: "swift-crypto"),
            ]
        ),
        .target(
            name: "HealthAssistant",
            dependencies: [
                "HealthModel", "HealthEngine", "HealthStore", "HealthReports", "HealthTrends", "HealthWire",
                .product(name: "MCP", package: "swift-sdk"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // Embeds text files in a target at build time (`openapi.yaml` in HealthServer), for binaries without resource
        // folders: the plugin runs EmbedTextTool, which writes the Swift source into the build folder (decisions/server.md).
        .executableTarget(name: "EmbedTextTool", path: "Plugins/EmbedTextTool"),
        .plugin(name: "EmbedText", capability: .buildTool(), dependencies: ["EmbedTextTool"]),
        .target(
            name: "HealthServer",
            dependencies: [
                "HealthModel", "HealthEngine", "HealthStore", "HealthStorePostgres", "HealthReports", "HealthExport",
                "HealthTrends", "HealthWire",
                "HealthRegistry", "HealthAssistant",
                .product(name: "MCP", package: "swift-sdk"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTLS", package: "hummingbird"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Prometheus", package: "swift-prometheus"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            plugins: ["EmbedText"]
        ),
        .target(
            name: "OpenHealthKitTesting",
            dependencies: [
                "OpenHealthKit", "HealthModel", "HealthEngine", "HealthStore", "HealthDemoData", "HealthExport",
            ]),
        .executableTarget(
            name: "ohk",
            dependencies: [
                "HealthModel", "HealthEngine", "HealthStore", "HealthStoreSQLite", "HealthStorePostgres",
                "HealthDemoData", "HealthReports", "HealthExport",
                "HealthTrends", "HealthRegistry", "HealthServer", "HealthWire", "HealthAssistant",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // Shared by the test targets: the storage backends (memory, SQLite, PostgreSQL when OHK_TEST_POSTGRES_URL is set),
        // throwaway store folders, the ../shared/fixtures path and sample fixtures.
        .target(
            name: "HealthTestSupport",
            dependencies: ["HealthModel", "HealthEngine", "HealthStore", "HealthStoreSQLite", "HealthStorePostgres"],
            path: "Tests/HealthTestSupport"
        ),
        .testTarget(name: "HealthModelTests", dependencies: ["HealthModel", "HealthTestSupport"]),
        .testTarget(
            name: "HealthDemoDataTests",
            dependencies: ["HealthTestSupport", "HealthDemoData", "HealthModel", "HealthEngine", "HealthStore"]),
        .testTarget(
            name: "HealthExportTests",
            dependencies: [
                "HealthTestSupport", "HealthModel", "HealthEngine", "HealthStore", "HealthStoreSQLite", "HealthExport",
                "HealthDemoData", .product(name: "ZIPFoundation", package: "ZIPFoundation"),
            ]
        ),
        .testTarget(
            name: "HealthEngineTests",
            dependencies: [
                "HealthTestSupport", "HealthModel", "HealthEngine", "HealthStore", "HealthStoreSQLite",
                "HealthStorePostgres",
            ]
        ),
        .testTarget(
            name: "HealthStoreTests",
            dependencies: [
                "HealthTestSupport", "HealthModel", "HealthEngine", "HealthStore", "HealthStoreSQLite",
                "HealthStorePostgres",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
            ]
        ),
        .testTarget(
            name: "OpenHealthKitTests",
            dependencies: [
                "HealthTestSupport", "OpenHealthKit", "HealthStore", "HealthModel", "HealthEngine", "HealthExport",
            ]),
        // Imports nothing but HealthKit (and Testing): what an app's file sees.
        .testTarget(name: "HealthKitModuleTests", dependencies: ["HealthKit"]),
        .testTarget(
            name: "HealthTrendsTests",
            dependencies: ["HealthTestSupport", "HealthTrends", "HealthModel", "HealthEngine", "HealthStore"]),
        .testTarget(
            name: "OpenHealthKitTestingTests",
            dependencies: ["HealthTestSupport", "OpenHealthKitTesting", "OpenHealthKit", "HealthStore", "HealthModel"]),
        .testTarget(
            name: "HealthReportsTests",
            dependencies: [
                "HealthTestSupport", "HealthModel", "HealthEngine", "HealthStore", "HealthReports", "HealthTrends",
                "HealthExport", "HealthWire",
            ]),
        .testTarget(name: "HealthWireTests", dependencies: ["HealthWire", "HealthModel"]),
        .testTarget(
            name: "HealthAssistantTests",
            dependencies: [
                "HealthTestSupport", "HealthAssistant", "HealthModel", "HealthEngine", "HealthStore", "HealthReports",
                "HealthWire", .product(name: "MCP", package: "swift-sdk"),
            ]),
        .testTarget(
            name: "HealthServerTests",
            dependencies: [
                "HealthTestSupport", "HealthServer", "HealthModel", "HealthEngine", "HealthStore", "HealthStoreSQLite",
                "HealthStorePostgres",
                "HealthReports", "HealthWire", "HealthExport", "HealthAssistant",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "PropertyBased", package: "swift-property-based"),
                .product(name: "NIOEmbedded", package: "swift-nio"),
                .product(name: "Yams", package: "Yams"),
            ],
            exclude: ["Fixtures"]
        ),
        // The EmbedText plugin on a file of awkward bytes (embedding-check.yaml).
        .testTarget(name: "EmbedTextTests", plugins: ["EmbedText"]),
        .testTarget(
            name: "FuzzRegressionTests",
            dependencies: [
                "HealthModel", "HealthStore", "HealthExport", "HealthReports", "HealthServer", "HealthWire",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ]
        ),
        // Runs the built `ohk` binary (swift build --build-tests builds it beside the tests): help, exit codes, options.
        .testTarget(
            name: "ohkTests",
            dependencies: [
                "ohk", "HealthTestSupport", "HealthModel", "HealthEngine", "HealthStore", "HealthStoreSQLite",
                "HealthDemoData", "HealthReports", "HealthExport",
            ]
        ),
        .testTarget(
            name: "OpenHealthKitSwift5Tests", dependencies: ["OpenHealthKit"],
            swiftSettings: [.swiftLanguageMode(.v5)]
        ),
    ]
)

// The benchmarks (Benchmarks/) are declared only when OHK_BENCHMARKS is set, so that `swift build` and `swift test`
// do not compile them (scripts/bench/ and scripts/compare/ set it). They stay in this package rather than in a
// package of their own: one dependency resolution and one checkout cache, and the benchmarks keep access to the
// libraries' `package` declarations (the binary codings) should a benchmark need to time them.
if Context.environment["OHK_BENCHMARKS"] != nil {
    let argumentParser = Target.Dependency.product(name: "ArgumentParser", package: "swift-argument-parser")
    package.products += [
        .executable(name: "ohk-benchmarks", targets: ["OpenHealthKitBenchmarks"]),
        .executable(name: "ohk-export-benchmark", targets: ["ExportBenchmark"]),
        .executable(name: "ohk-postgres-benchmark", targets: ["PostgresBenchmark"]),
        .executable(name: "ohk-wire-benchmark", targets: ["WireBenchmark"]),
    ]
    package.targets += [
        .target(name: "BenchmarkSupport", path: "Benchmarks/BenchmarkSupport"),
        .executableTarget(
            name: "OpenHealthKitBenchmarks",
            dependencies: [
                "BenchmarkSupport", "HealthModel", "HealthEngine", "HealthStore", "HealthStoreSQLite", "OpenHealthKit",
                argumentParser,
            ],
            path: "Benchmarks/OpenHealthKitBenchmarks"
        ),
        .executableTarget(
            name: "PostgresBenchmark",
            dependencies: [
                "BenchmarkSupport", "HealthModel", "HealthEngine", "HealthStore", "HealthStoreSQLite",
                "HealthStorePostgres", argumentParser,
            ],
            path: "Benchmarks/PostgresBenchmark"
        ),
        .executableTarget(
            name: "ExportBenchmark",
            dependencies: [
                "BenchmarkSupport", "HealthModel", "HealthEngine", "HealthStore", "HealthStoreSQLite", "HealthExport",
                argumentParser,
            ],
            path: "Benchmarks/ExportBenchmark"
        ),
        .executableTarget(
            name: "WireBenchmark", dependencies: ["BenchmarkSupport", "HealthModel", "HealthWire"],
            path: "Benchmarks/WireBenchmark"
        ),
    ]
}

// The documentation plugin (`swift package generate-documentation`, DocC catalogs in Sources/*/*.docc) is declared only
// when OHK_DOCS is set, so that building, testing and depending on the package fetch and compile nothing for it
// (scripts/ci/check-docs.sh sets it): `OHK_DOCS=1 swift package generate-documentation --target OpenHealthKit`.
if Context.environment["OHK_DOCS"] != nil {
    package.dependencies += [.package(url: "https://github.com/swiftlang/swift-docc-plugin", exact: "1.5.0")]
}
