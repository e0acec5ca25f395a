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
