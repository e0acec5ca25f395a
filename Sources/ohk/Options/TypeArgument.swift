import ArgumentParser
import Foundation
import HealthModel
import HealthReports
import HealthStore

/// Turns a TYPE argument into a sample type, as a usage error naming the argument when unknown.
enum TypeArgument {
    static func parse(_ text: String) throws -> SampleType {
        do {
            return try SampleType.named(text)
        } catch {
            throw ValidationError(
                "TYPE \"\(text)\" is not a HealthKit type identifier or short name (e.g. stepCount, HKQuantityTypeIdentifierHeartRate, sleepAnalysis)"
            )
        }
    }
}
