import Foundation

/// A glasses or contacts prescription: when it was issued and expires, and the lens of each eye.
public struct VisionPrescriptionContent: Sendable, Hashable, Codable {
    /// One eye's lens. Powers in diopters, angles in degrees, distances and curves in millimetres.
    public struct Lens: Sendable, Hashable, Codable {
        /// Spherical power.
        public var sphere: Double
        /// Cylindrical power, if any.
        public var cylinder: Double?
        /// Axis of the cylinder, 0…180 degrees.
        public var axis: Double?
        /// Added power for near vision.
        public var addPower: Double?
        /// Distance between the lens and the eye (glasses).
        public var vertexDistance: Double?
        /// Prism amount (prism diopters) and base angle (degrees), glasses only.
        public var prismAmount: Double?
        /// The prism's base angle in degrees.
        public var prismAngle: Double?
        /// The eye the prism is for (`HKVisionEye`'s raw value: 1 left, 2 right).
        public var prismEye: Int?
        /// Pupillary distance for far vision (glasses).
        public var farPupillaryDistance: Double?
        /// Pupillary distance for near vision (glasses).
        public var nearPupillaryDistance: Double?
        /// Base curve (contacts).
        public var baseCurve: Double?
        /// Diameter (contacts).
        public var diameter: Double?

        /// A lens; validated when a sample is built.
        public init(
            sphere: Double, cylinder: Double? = nil, axis: Double? = nil, addPower: Double? = nil,
            vertexDistance: Double? = nil, prismAmount: Double? = nil, prismAngle: Double? = nil, prismEye: Int? = nil,
            farPupillaryDistance: Double? = nil, nearPupillaryDistance: Double? = nil, baseCurve: Double? = nil,
            diameter: Double? = nil
        ) {
            self.sphere = sphere
            self.cylinder = cylinder
            self.axis = axis
            self.addPower = addPower
            self.vertexDistance = vertexDistance
            self.prismAmount = prismAmount
            self.prismAngle = prismAngle
            self.prismEye = prismEye
            self.farPupillaryDistance = farPupillaryDistance
            self.nearPupillaryDistance = nearPupillaryDistance
            self.baseCurve = baseCurve
            self.diameter = diameter
        }
    }

    /// `HKVisionPrescriptionType`'s raw value: 1 glasses, 2 contacts.
    public var prescriptionType: Int
    /// When the prescription was issued.
    public var dateIssued: Date
    /// When it expires, if it does.
    public var expirationDate: Date?
    /// The right eye's lens.
    public var rightEye: Lens?
    /// The left eye's lens.
    public var leftEye: Lens?
    /// The brand of contact lenses.
    public var brand: String?

    /// A prescription's content; validated when a sample is built.
    public init(
        prescriptionType: Int, dateIssued: Date, expirationDate: Date?, rightEye: Lens?, leftEye: Lens?,
        brand: String? = nil
    ) {
        self.prescriptionType = prescriptionType
        self.dateIssued = dateIssued
        self.expirationDate = expirationDate
        self.rightEye = rightEye
        self.leftEye = leftEye
        self.brand = brand
    }

    func validate() throws(HealthModelError) {
        try PayloadCheck.rawValue(
            prescriptionType, allowed: 1...2, field: "visionPrescription.prescriptionType",
            meaning: "HKVisionPrescriptionType")
        if let expirationDate, expirationDate < dateIssued {
            throw .invalidField(field: "visionPrescription.expirationDate", reason: "is before dateIssued")
        }
        for (name, lens) in [("rightEye", rightEye), ("leftEye", leftEye)] {
            guard let lens else { continue }
            let field = "visionPrescription.\(name)"
            try PayloadCheck.number(lens.sphere, in: -40...40, field: field + ".sphere")
            let optional: [(String, Double?, ClosedRange<Double>)] = [
                ("cylinder", lens.cylinder, -20...20), ("axis", lens.axis, 0...180),
                ("addPower", lens.addPower, 0...10),
                ("vertexDistance", lens.vertexDistance, 0...50), ("prismAmount", lens.prismAmount, 0...50),
                ("prismAngle", lens.prismAngle, 0...360), ("farPupillaryDistance", lens.farPupillaryDistance, 0...100),
                ("nearPupillaryDistance", lens.nearPupillaryDistance, 0...100), ("baseCurve", lens.baseCurve, 0...20),
                ("diameter", lens.diameter, 0...30),
            ]
            if let eye = lens.prismEye {
                try PayloadCheck.rawValue(eye, allowed: 1...2, field: field + ".prismEye", meaning: "HKVisionEye")
            }
            for (key, value, range) in optional {
                if let value { try PayloadCheck.number(value, in: range, field: "\(field).\(key)") }
            }
        }
    }
}
