// The `HealthKit` module: an app's `import HealthKit` compiles unchanged on Linux. A package shared between an iOS
// app and Linux CI depends on this product only on Linux (`condition: .when(platforms: [.linux])`); on Apple's
// platforms the same line imports Apple's framework.
//
// Like Apple's module, it brings Foundation with it (a file that imports only HealthKit uses `Date`, `NSPredicate`
// and `NSSortDescriptor`), and it exports the HealthKit-named API of `OpenHealthKit`, so `HealthKit.HKQuantityType`
// names the same type as `HKQuantityType`.

@_exported import Foundation
@_exported import OpenHealthKit
