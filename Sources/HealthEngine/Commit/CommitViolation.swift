import Foundation

/// Why a commit fails as a whole under SEMANTICS §1; a storage throws it as its own error type.
public enum CommitViolation: Hashable, Sendable {
    /// A deletion names an object that is not stored.
    case objectNotFound(UUID)
    /// An insertion reuses the identifier of a stored object, of one the commit deletes or replaces, or of another
    /// sample of the batch.
    case duplicateObject(UUID)
}
