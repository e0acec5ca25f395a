import Foundation

/// An element of the export kept as it was written: unknown record types, clinical records, audiograms, vision
/// prescriptions, workout activities and anything else the importer does not turn into samples.
public struct ExportElement: Sendable, Hashable {
    /// The element name, e.g. `ClinicalRecord`.
    public let name: String
    /// The attributes in file order (entities decoded).
    public var attributes: [(name: String, value: String)] {
        zip(attributeNames, attributeValues).map { ($0, $1) }
    }
    /// The child elements in file order.
    public var children: [ExportElement]
    /// The line on which the element starts.
    public let line: Int
    private let attributeNames: [String]
    private let attributeValues: [String]

    /// An element with attributes and children.
    public init(name: String, attributes: [(name: String, value: String)], children: [ExportElement] = [], line: Int) {
        self.name = name
        self.attributeNames = attributes.map(\.name)
        self.attributeValues = attributes.map(\.value)
        self.children = children
        self.line = line
    }

    /// The value of the attribute with this name, if present.
    public func attribute(_ name: String) -> String? {
        attributeNames.firstIndex(of: name).map { attributeValues[$0] }
    }
}

/// What the latest imported export said about itself: its `ExportDate` and the locale of its `HealthData` root.
public struct ExportInformation: Sendable, Hashable {
    /// When the export was made, if it said.
    public let exportDate: Date?
    /// The export's locale (`en_US`), if it said.
    public let locale: String?

    /// Export information.
    public init(exportDate: Date?, locale: String?) {
        self.exportDate = exportDate
        self.locale = locale
    }
}

/// An element of an export kept as written, with the identity the store keeps it under and the sample it belongs to.
public struct KeptElement: Sendable, Hashable {
    /// Derived from the element's content and its parent (not its line), so that re-importing replaces it.
    public let identity: UUID
    /// The sample the element was written under (a workout's `WorkoutActivity`), or nil for a top-level element.
    public let parent: UUID?
    /// The element as written.
    public let element: ExportElement

    /// A kept element.
    public init(identity: UUID, parent: UUID?, element: ExportElement) {
        self.identity = identity
        self.parent = parent
        self.element = element
    }
}
