import Foundation

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
