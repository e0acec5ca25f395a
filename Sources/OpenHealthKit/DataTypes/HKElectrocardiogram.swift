import Foundation
import HealthModel

/// An electrocardiogram recorded by the ECG app: its classification, symptoms and average heart rate; read its
/// voltages with `HKElectrocardiogramQuery`. Apps read electrocardiograms and never save them, as in HealthKit.
open class HKElectrocardiogram: HKSample, @unchecked Sendable {
    /// The lead a voltage was measured on.
    public enum Lead: Int, Sendable, Hashable {
        /// Apple Watch's electrical heart sensor, similar to lead I.
        case appleWatchSimilarToLeadI = 1
    }

    /// What the ECG app concluded.
    public enum Classification: Int, Sendable, Hashable {
        /// No classification.
        case notSet = 0
        /// No signs of atrial fibrillation.
        case sinusRhythm = 1
        /// Signs of atrial fibrillation.
        case atrialFibrillation = 2
        /// Not checked: heart rate under 50 beats per minute.
        case inconclusiveLowHeartRate = 3
        /// Not checked: heart rate too high.
        case inconclusiveHighHeartRate = 4
        /// Not classified: the signal was too poor.
        case inconclusivePoorReading = 5
        /// Could not be classified for another reason.
        case inconclusiveOther = 6
        /// A classification this version does not know.
        case unrecognized = 100
    }

    /// Whether the person reported symptoms.
    public enum SymptomsStatus: Int, Sendable, Hashable {
        /// Not answered.
        case notSet = 0
        /// No symptoms.
        case none = 1
        /// Symptoms were reported.
        case present = 2
    }

    /// One voltage measurement of an electrocardiogram.
    open class VoltageMeasurement: NSObject, @unchecked Sendable {
        private let microvolts: Double
        /// Seconds since the electrocardiogram's start.
        public let timeSinceSampleStart: TimeInterval

        init(microvolts: Double, timeSinceSampleStart: TimeInterval) {
            self.microvolts = microvolts
            self.timeSinceSampleStart = timeSinceSampleStart
            super.init()
        }

        /// The voltage on a lead (volts); nil for a lead not measured.
        open func quantity(for lead: HKElectrocardiogram.Lead) -> HKQuantity? {
            guard lead == .appleWatchSimilarToLeadI else { return nil }
            return HKQuantity(unit: HKUnit(from: "mcV"), doubleValue: microvolts)
        }
    }

    private let content: ElectrocardiogramContent

    /// Unarchives an electrocardiogram (`NSSecureCoding`); fails, with the reason, on an archive that holds none.
    public required init?(coder: NSCoder) {
        guard
            let sample = ObjectArchive.sample(
                coder, "HKElectrocardiogram", fits: { $0.type.kind == .electrocardiogram }),
            case let .electrocardiogram(content)? = sample.payload
        else { return nil }
        self.content = content
        super.init(
            backing: .success(sample), uuid: sample.uuid, sampleType: HKElectrocardiogramType(sampleType: sample.type),
            startDate: sample.startDate, endDate: sample.endDate, metadata: nil, device: nil)
    }

    init(model sample: Sample) {
        guard case let .electrocardiogram(content)? = sample.payload else {
            preconditionFailure("HKElectrocardiogram(model:) needs an electrocardiogram")
        }
        self.content = content
        super.init(
            backing: .success(sample), uuid: sample.uuid, sampleType: HKElectrocardiogramType(sampleType: sample.type),
            startDate: sample.startDate, endDate: sample.endDate, metadata: nil, device: nil)
    }

    /// How many voltages were measured.
    open var numberOfVoltageMeasurements: Int { content.voltages.count }

    /// How many voltages a second were measured (hertz).
    open var samplingFrequency: HKQuantity? {
        content.samplingFrequency.map { HKQuantity(unit: HKUnit(from: "Hz"), doubleValue: $0) }
    }

    /// What the ECG app concluded.
    open var classification: HKElectrocardiogram.Classification {
        Classification(rawValue: content.classification) ?? .unrecognized
    }

    /// The average heart rate (count/min).
    open var averageHeartRate: HKQuantity? {
        content.averageHeartRate.map { HKQuantity(unit: HKUnit(from: "count/min"), doubleValue: $0) }
    }

    /// Whether the person reported symptoms.
    open var symptomsStatus: HKElectrocardiogram.SymptomsStatus {
        SymptomsStatus(rawValue: content.symptomsStatus) ?? .notSet
    }

    /// The voltages as measurements, in order.
    var voltageMeasurements: [VoltageMeasurement] {
        content.voltages.enumerated().map { index, voltage in
            VoltageMeasurement(microvolts: voltage, timeSinceSampleStart: content.timeSinceStart(ofVoltage: index))
        }
    }
}

extension HKSamplePredicate where Sample == HKElectrocardiogram {
    /// Electrocardiograms.
    public static func electrocardiogram(_ predicate: NSPredicate? = nil) -> HKSamplePredicate<HKElectrocardiogram> {
        HKSamplePredicate(sampleType: HKObjectType.electrocardiogramType(), predicate: predicate)
    }
}

extension HKQuery {
    /// Electrocardiograms with this classification.
    public class func predicateForElectrocardiograms(
        classification: HKElectrocardiogram.Classification
    ) -> NSPredicate {
        HealthPredicate(.payload(.electrocardiogramClassification(classification.rawValue)))
    }

    /// Electrocardiograms with this symptoms status.
    public class func predicateForElectrocardiograms(
        symptomsStatus: HKElectrocardiogram.SymptomsStatus
    ) -> NSPredicate {
        HealthPredicate(.payload(.electrocardiogramSymptomsStatus(symptomsStatus.rawValue)))
    }

    /// The symptom samples recorded with an electrocardiogram: those whose metadata names the ECG's UUID (in either
    /// letter case) under `OpenHealthKitAssociatedElectrocardiogram`, how this store records the link the ECG app
    /// makes (docs/decisions/ecg-symptom-association.md).
    public class func predicateForObjectsAssociated(electrocardiogram: HKElectrocardiogram) -> NSPredicate {
        let uuid = electrocardiogram.uuid.uuidString
        return HealthPredicate(
            .metadataValues(
                key: MetadataKey.associatedElectrocardiogram, values: [.string(uuid), .string(uuid.lowercased())]))
    }
}

/// The key path of an electrocardiogram's classification in predicates.
public let HKPredicateKeyPathECGClassification = "classification"
/// The key path of an electrocardiogram's symptoms status in predicates.
public let HKPredicateKeyPathECGSymptomsStatus = "symptomsStatus"
/// The key path of an electrocardiogram's average heart rate in predicates.
public let HKPredicateKeyPathAverageHeartRate = "averageHeartRate"
