// swift-tools-version: 6.1
// An app's HealthKit layer as a package shared by the iOS app and its Linux CI: on Apple's platforms `import HealthKit`
// is Apple's framework; on Linux, OpenHealthKit's `HealthKit` product. No source line differs.
// scripts/ci/check-healthkit-package.sh builds and runs it with OpenHealthKit at ../OpenHealthKit (a link it makes);
// an app names the repository's URL instead: .package(url: "https://github.com/…/OpenHealthKit", from: "0.1.0").
import PackageDescription

let package = Package(
    name: "StepsOnLinux",
    platforms: [.iOS(.v17), .macOS(.v15)],
    dependencies: [.package(path: "../OpenHealthKit")],
    targets: [
        .target(
            name: "StepsKit",
            dependencies: [
                .product(name: "HealthKit", package: "OpenHealthKit", condition: .when(platforms: [.linux]))
            ]),
        .executableTarget(name: "steps-demo", dependencies: ["StepsKit"]),
    ]
)
