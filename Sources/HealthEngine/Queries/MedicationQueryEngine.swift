import HealthModel

/// Answers queries for the person's medication list (`HKUserAnnotatedMedicationQuery`): the medications meeting the
/// predicate, in the list's order, at most `limit` of them. What the client may see is the storage view's business.
public struct MedicationQueryEngine: Sendable {
    /// The storage read.
    public let storage: any RecordStorage

    /// An engine over `storage`.
    public init(storage: any RecordStorage) { self.storage = storage }

    /// The medications meeting `predicate`, in the list's order; `limit` nil or 0 means all of them.
    public func medications(matching predicate: MedicationPredicate, limit: Int?) throws -> [UserAnnotatedMedication] {
        if let limit, limit < 0 {
            throw HealthEngineError.invalidQuery(field: "limit", reason: "\(limit) is negative")
        }
        let matching = try storage.userAnnotatedMedications().filter(predicate.matches)
        guard let limit, limit > 0 else { return matching }
        return Array(matching.prefix(limit))
    }
}
