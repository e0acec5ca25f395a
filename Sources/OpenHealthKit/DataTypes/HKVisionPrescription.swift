import Foundation
import HealthModel

/// Whether a vision prescription is for glasses or contacts.
public enum HKVisionPrescriptionType: Int, Sendable, Hashable {
    /// Glasses.
    case glasses = 1
    /// Contact lenses.
    case contacts = 2
}

/// An eye.
public enum HKVisionEye: Int, Sendable, Hashable {
    /// The left eye.
    case left = 1
    /// The right eye.
    case right = 2
}

/// The base direction of a prism in rectangular form.
public enum HKPrismBase: Int, Sendable, Hashable {
    /// No base.
    case none = 0
    /// Base up.
    case up = 1
    /// Base down.
    case down = 2
    /// Base toward the nose.
    case `in` = 3
    /// Base away from the nose.
    case out = 4
}

/// A vision prescription: when it was issued and expires. Read one object at a time: an app sees the prescriptions
/// it saved and those the person shared with it (`requestPerObjectReadAuthorization(for:predicate:completion:)`).
open class HKVisionPrescription: HKSample, @unchecked Sendable {
    let content: VisionPrescriptionContent

    /// Unarchives a vision prescription (`NSSecureCoding`); fails, with the reason, on an archive that holds none.
    public required init?(coder: NSCoder) {
        guard
            let sample = ObjectArchive.sample(
                coder, "HKVisionPrescription", fits: { HKSample.wrap($0).isKind(of: Self.self) }),
            case let .visionPrescription(content)? = sample.payload
        else { return nil }
        self.content = content
        super.init(
            backing: .success(sample), uuid: sample.uuid, sampleType: HKPrescriptionType(sampleType: sample.type),
            startDate: sample.startDate, endDate: sample.endDate, metadata: nil, device: nil)
    }

    init(model sample: Sample, content: VisionPrescriptionContent) {
        self.content = content
        super.init(
            backing: .success(sample), uuid: sample.uuid, sampleType: HKPrescriptionType(sampleType: sample.type),
            startDate: sample.startDate, endDate: sample.endDate, metadata: nil, device: nil)
    }

    init(content: VisionPrescriptionContent, device: HKDevice?, metadata: [String: Any]?) {
        let uuid = RandomUUID.make()
        self.content = content
        let end = content.expirationDate ?? content.dateIssued
        super.init(
            backing: HKSample.payloadBacking(
                type: .visionPrescription, start: content.dateIssued, end: max(end, content.dateIssued),
                metadata: metadata, device: device, uuid: uuid, payload: .visionPrescription(content)),
            uuid: uuid, sampleType: HKObjectType.visionPrescriptionType(), startDate: content.dateIssued,
            endDate: max(end, content.dateIssued), metadata: metadata, device: device)
    }

    /// A prescription without lens specifications.
    public convenience init(
        type: HKVisionPrescriptionType, dateIssued: Date, expirationDate: Date?, device: HKDevice?,
        metadata: [String: Any]?
    ) {
        self.init(
            content: VisionPrescriptionContent(
                prescriptionType: type.rawValue, dateIssued: dateIssued, expirationDate: expirationDate,
                rightEye: nil, leftEye: nil),
            device: device, metadata: metadata)
    }

    /// The HealthKit class of a stored prescription.
    static func wrap(_ sample: Sample) -> HKVisionPrescription {
        guard case let .visionPrescription(content)? = sample.payload else {
            preconditionFailure("HKVisionPrescription.wrap needs a vision prescription")
        }
        switch content.prescriptionType {
        case HKVisionPrescriptionType.glasses.rawValue: return HKGlassesPrescription(model: sample, content: content)
        case HKVisionPrescriptionType.contacts.rawValue: return HKContactsPrescription(model: sample, content: content)
        default: return HKVisionPrescription(model: sample, content: content)
        }
    }

    /// Glasses or contacts.
    open var prescriptionType: HKVisionPrescriptionType {
        HKVisionPrescriptionType(rawValue: content.prescriptionType) ?? .glasses
    }
    /// When it was issued.
    open var dateIssued: Date { content.dateIssued }
    /// When it expires, if it does.
    open var expirationDate: Date? { content.expirationDate }
}

/// A glasses prescription with each eye's lens.
open class HKGlassesPrescription: HKVisionPrescription, @unchecked Sendable {
    /// A glasses prescription.
    public convenience init(
        rightEyeSpecification: HKGlassesLensSpecification?, leftEyeSpecification: HKGlassesLensSpecification?,
        dateIssued: Date, expirationDate: Date?, device: HKDevice?, metadata: [String: Any]?
    ) {
        self.init(
            content: VisionPrescriptionContent(
                prescriptionType: HKVisionPrescriptionType.glasses.rawValue, dateIssued: dateIssued,
                expirationDate: expirationDate, rightEye: rightEyeSpecification?.lens,
                leftEye: leftEyeSpecification?.lens),
            device: device, metadata: metadata)
    }

    /// The right eye's lens.
    open var rightEye: HKGlassesLensSpecification? { content.rightEye.map(HKGlassesLensSpecification.init(lens:)) }
    /// The left eye's lens.
    open var leftEye: HKGlassesLensSpecification? { content.leftEye.map(HKGlassesLensSpecification.init(lens:)) }
}

/// A contacts prescription with each eye's lens and the brand.
open class HKContactsPrescription: HKVisionPrescription, @unchecked Sendable {
    /// A contacts prescription.
    public convenience init(
        rightEyeSpecification: HKContactsLensSpecification?, leftEyeSpecification: HKContactsLensSpecification?,
        brand: String, dateIssued: Date, expirationDate: Date?, device: HKDevice?, metadata: [String: Any]?
    ) {
        self.init(
            content: VisionPrescriptionContent(
                prescriptionType: HKVisionPrescriptionType.contacts.rawValue, dateIssued: dateIssued,
                expirationDate: expirationDate, rightEye: rightEyeSpecification?.lens,
                leftEye: leftEyeSpecification?.lens, brand: brand),
            device: device, metadata: metadata)
    }

    /// The right eye's lens.
    open var rightEye: HKContactsLensSpecification? { content.rightEye.map(HKContactsLensSpecification.init(lens:)) }
    /// The left eye's lens.
    open var leftEye: HKContactsLensSpecification? { content.leftEye.map(HKContactsLensSpecification.init(lens:)) }
    /// The brand of the lenses.
    open var brand: String { content.brand ?? "" }
}

/// One eye's lens: sphere, cylinder, axis and added power.
open class HKLensSpecification: NSObject, @unchecked Sendable {
    let lens: VisionPrescriptionContent.Lens

    init(lens: VisionPrescriptionContent.Lens) {
        self.lens = lens
        super.init()
    }

    /// Unarchives a lens (`HKGlassesLensSpecification`, `HKContactsLensSpecification`); fails without one that reads.
    public required init?(coder: NSCoder) {
        guard let lens = ObjectArchive.json(VisionPrescriptionContent.Lens.self, coder, "HKLensSpecification") else {
            ObjectArchive.report(coder, "\(Self.self)", "no lens that reads")
            return nil
        }
        self.lens = lens
        super.init()
    }

    /// Lenses decode only as lenses.
    open class var supportsSecureCoding: Bool { true }

    /// Archives every value of the lens.
    open func encode(with coder: NSCoder) {
        ObjectArchive.encode(json: lens, forKey: "HKLensSpecification", to: coder)
    }

    /// Lenses are immutable: the copy is the lens itself.
    open func copy(with zone: NSZone? = nil) -> Any { self }

    /// Equal when the class and every value are.
    open override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? HKLensSpecification else { return false }
        return type(of: other) == type(of: self) && other.lens == lens
    }

    /// Hashes the values.
    open override var hash: Int { lens.hashValue }

    /// The spherical power (diopters).
    open var sphere: HKQuantity { LensUnits.quantity(lens.sphere, LensUnits.diopter) }
    /// The cylindrical power (diopters).
    open var cylinder: HKQuantity? { lens.cylinder.map { LensUnits.quantity($0, LensUnits.diopter) } }
    /// The cylinder's axis (degrees).
    open var axis: HKQuantity? { lens.axis.map { LensUnits.quantity($0, LensUnits.degree) } }
    /// The added power for near vision (diopters).
    open var addPower: HKQuantity? { lens.addPower.map { LensUnits.quantity($0, LensUnits.diopter) } }
}

/// A glasses lens.
open class HKGlassesLensSpecification: HKLensSpecification, NSSecureCoding, NSCopying, @unchecked Sendable {
    /// A glasses lens; quantities in diopters, degrees and lengths.
    public convenience init(
        sphere: HKQuantity, cylinder: HKQuantity?, axis: HKQuantity?, addPower: HKQuantity?,
        vertexDistance: HKQuantity?, prism: HKVisionPrism?, farPupillaryDistance: HKQuantity?,
        nearPupillaryDistance: HKQuantity?
    ) {
        self.init(
            lens: VisionPrescriptionContent.Lens(
                sphere: LensUnits.value(sphere, LensUnits.diopter) ?? .nan,
                cylinder: LensUnits.value(cylinder, LensUnits.diopter),
                axis: LensUnits.value(axis, LensUnits.degree), addPower: LensUnits.value(addPower, LensUnits.diopter),
                vertexDistance: LensUnits.value(vertexDistance, LensUnits.millimeter), prismAmount: prism?.amountValue,
                prismAngle: prism?.angleValue, prismEye: prism?.eye.rawValue,
                farPupillaryDistance: LensUnits.value(farPupillaryDistance, LensUnits.millimeter),
                nearPupillaryDistance: LensUnits.value(nearPupillaryDistance, LensUnits.millimeter)))
    }

    /// The distance between the lens and the eye (mm).
    open var vertexDistance: HKQuantity? { lens.vertexDistance.map { LensUnits.quantity($0, LensUnits.millimeter) } }
    /// The prism correcting eye alignment.
    open var prism: HKVisionPrism? {
        guard let amount = lens.prismAmount, let angle = lens.prismAngle else { return nil }
        return HKVisionPrism(
            amountValue: amount, angleValue: angle, eye: HKVisionEye(rawValue: lens.prismEye ?? 2) ?? .right)
    }
    /// The pupillary distance looking far (mm).
    open var farPupillaryDistance: HKQuantity? {
        lens.farPupillaryDistance.map { LensUnits.quantity($0, LensUnits.millimeter) }
    }
    /// The pupillary distance looking near (mm).
    open var nearPupillaryDistance: HKQuantity? {
        lens.nearPupillaryDistance.map { LensUnits.quantity($0, LensUnits.millimeter) }
    }
}

/// A contact lens.
open class HKContactsLensSpecification: HKLensSpecification, NSSecureCoding, NSCopying, @unchecked Sendable {
    /// A contact lens; quantities in diopters, degrees and lengths.
    public convenience init(
        sphere: HKQuantity, cylinder: HKQuantity?, axis: HKQuantity?, addPower: HKQuantity?, baseCurve: HKQuantity?,
        diameter: HKQuantity?
    ) {
        self.init(
            lens: VisionPrescriptionContent.Lens(
                sphere: LensUnits.value(sphere, LensUnits.diopter) ?? .nan,
                cylinder: LensUnits.value(cylinder, LensUnits.diopter),
                axis: LensUnits.value(axis, LensUnits.degree), addPower: LensUnits.value(addPower, LensUnits.diopter),
                baseCurve: LensUnits.value(baseCurve, LensUnits.millimeter),
                diameter: LensUnits.value(diameter, LensUnits.millimeter)))
    }

    /// The base curve (mm).
    open var baseCurve: HKQuantity? { lens.baseCurve.map { LensUnits.quantity($0, LensUnits.millimeter) } }
    /// The diameter (mm).
    open var diameter: HKQuantity? { lens.diameter.map { LensUnits.quantity($0, LensUnits.millimeter) } }
}

/// A prism correcting eye alignment: an amount (prism diopters) and a base angle (degrees), or the same as vertical
/// and horizontal components with their bases.
open class HKVisionPrism: NSObject, NSSecureCoding, NSCopying, @unchecked Sendable {
    let amountValue: Double
    let angleValue: Double
    /// The eye the prism is for.
    public let eye: HKVisionEye

    init(amountValue: Double, angleValue: Double, eye: HKVisionEye) {
        self.amountValue = amountValue
        self.angleValue = angleValue
        self.eye = eye
        super.init()
    }

    /// Unarchives a prism; fails on a missing value or an unknown eye.
    public required init?(coder: NSCoder) {
        guard let amount = ObjectArchive.double(coder, "HKVisionPrismAmount"),
            let angle = ObjectArchive.double(coder, "HKVisionPrismAngle"),
            let eye = ObjectArchive.integer(coder, "HKVisionPrismEye").flatMap(HKVisionEye.init(rawValue:))
        else {
            ObjectArchive.report(coder, "HKVisionPrism", "no amount, angle or known eye")
            return nil
        }
        amountValue = amount
        angleValue = angle
        self.eye = eye
        super.init()
    }

    /// Prisms decode only as prisms.
    open class var supportsSecureCoding: Bool { true }

    /// Archives the amount (prism diopters), base angle (degrees) and eye.
    open func encode(with coder: NSCoder) {
        ObjectArchive.encode(amountValue, forKey: "HKVisionPrismAmount", to: coder)
        ObjectArchive.encode(angleValue, forKey: "HKVisionPrismAngle", to: coder)
        ObjectArchive.encode(eye.rawValue, forKey: "HKVisionPrismEye", to: coder)
    }

    /// Prisms are immutable: the copy is the prism itself.
    open func copy(with zone: NSZone? = nil) -> Any { self }

    /// Equal when amount, angle and eye are.
    open override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? HKVisionPrism else { return false }
        return other.amountValue == amountValue && other.angleValue == angleValue && other.eye == eye
    }

    /// Hashes amount, angle and eye.
    open override var hash: Int { amountValue.hashValue ^ angleValue.hashValue ^ eye.hashValue }

    /// A prism from its amount (prism diopters) and base angle (degrees).
    public convenience init(amount: HKQuantity, angle: HKQuantity, eye: HKVisionEye) {
        self.init(
            amountValue: LensUnits.value(amount, LensUnits.prismDiopter) ?? .nan,
            angleValue: LensUnits.value(angle, LensUnits.degree) ?? .nan, eye: eye)
    }

    /// A prism from its vertical and horizontal components (prism diopters) and their bases.
    public convenience init(
        verticalAmount: HKQuantity, verticalBase: HKPrismBase, horizontalAmount: HKQuantity,
        horizontalBase: HKPrismBase, eye: HKVisionEye
    ) {
        let vertical =
            (LensUnits.value(verticalAmount, LensUnits.prismDiopter) ?? .nan) * (verticalBase == .down ? -1 : 1)
        // Base in points to the nose: 0° for the right eye, 180° for the left (the wearer's view of the lens).
        let towardZero = (horizontalBase == .in) == (eye == .right)
        let horizontal = (LensUnits.value(horizontalAmount, LensUnits.prismDiopter) ?? .nan) * (towardZero ? 1 : -1)
        var angle = atan2(vertical, horizontal) * 180 / .pi
        if angle < 0 { angle += 360 }
        self.init(
            amountValue: (vertical * vertical + horizontal * horizontal).squareRoot(), angleValue: angle, eye: eye)
    }

    private var radians: Double { angleValue * .pi / 180 }

    /// The amount (prism diopters).
    open var amount: HKQuantity { LensUnits.quantity(amountValue, LensUnits.prismDiopter) }
    /// The base angle (degrees).
    open var angle: HKQuantity { LensUnits.quantity(angleValue, LensUnits.degree) }
    /// The vertical component (prism diopters).
    open var verticalAmount: HKQuantity {
        LensUnits.quantity(abs(amountValue * sin(radians)), LensUnits.prismDiopter)
    }
    /// The horizontal component (prism diopters).
    open var horizontalAmount: HKQuantity {
        LensUnits.quantity(abs(amountValue * cos(radians)), LensUnits.prismDiopter)
    }
    /// The vertical component's base.
    open var verticalBase: HKPrismBase {
        let value = amountValue * sin(radians)
        return abs(value) < 1e-9 ? .none : value > 0 ? .up : .down
    }
    /// The horizontal component's base.
    open var horizontalBase: HKPrismBase {
        let value = amountValue * cos(radians)
        guard abs(value) >= 1e-9 else { return .none }
        return (value > 0) == (eye == .right) ? .in : .out
    }
}

/// The units lens values are kept in.
enum LensUnits {
    static let diopter = HKUnit(from: "D")
    static let prismDiopter = HKUnit(from: "pD")
    static let degree = HKUnit(from: "deg")
    static let millimeter = HKUnit(from: "mm")

    static func quantity(_ value: Double, _ unit: HKUnit) -> HKQuantity { HKQuantity(unit: unit, doubleValue: value) }

    /// The value in `unit`; NaN for a quantity in a unit that does not convert (refused when the sample is saved).
    static func value(_ quantity: HKQuantity?, _ unit: HKUnit) -> Double? {
        quantity.map { (try? $0.quantity.value(in: unit.unit)) ?? .nan }
    }
}

extension HKSamplePredicate where Sample == HKVisionPrescription {
    /// Vision prescriptions (the app sees those the person shared with it), optionally filtered.
    public static func visionPrescription(_ predicate: NSPredicate? = nil) -> HKSamplePredicate<HKVisionPrescription> {
        HKSamplePredicate(sampleType: HKObjectType.visionPrescriptionType(), predicate: predicate)
    }
}
