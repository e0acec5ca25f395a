import Foundation

/// A medication on the person's list in the Health app: the concept, the nickname the person gave it, whether it is
/// archived and whether it has a reminder schedule. Not a sample: the list is kept per person with the store's
/// settings, set by the Health app (a full-access client), read by apps the person shared each medication with.
public struct UserAnnotatedMedication: Sendable, Hashable, Codable {
    /// The medication itself.
    public var concept: MedicationConcept
    /// The person's name for it.
    public var nickname: String?
    /// Whether the person moved it to the archived section.
    public var isArchived: Bool
    /// Whether the person set up reminders for it (it may still be taken as needed).
    public var hasSchedule: Bool

    /// A medication on the list; checked when the list is stored.
    public init(
        concept: MedicationConcept, nickname: String? = nil, isArchived: Bool = false, hasSchedule: Bool = false
    ) {
        self.concept = concept
        self.nickname = nickname
        self.isArchived = isArchived
        self.hasSchedule = hasSchedule
    }

    /// Checks a whole list: every medication valid, each concept identifier once. Errors name the field
    /// (`medications[2].medication.displayText`).
    public static func validate(_ medications: [UserAnnotatedMedication]) throws(HealthModelError) {
        var seen: [String: Int] = [:]
        for (index, medication) in medications.enumerated() {
            let field = "medications[\(index)]"
            try medication.concept.validate(field: "\(field).medication")
            if let nickname = medication.nickname { try MedicationCheck.text(nickname, field: "\(field).nickname") }
            if let first = seen[medication.concept.identifier] {
                throw .invalidField(
                    field: "\(field).medication.identifier",
                    reason: "\"\(medication.concept.identifier)\" is already medications[\(first)]")
            }
            seen[medication.concept.identifier] = index
        }
    }

    // MARK: Stored form

    /// The medication as the stores keep it: JSON, keys sorted.
    public var json: Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        // Strings and booleans only: encoding cannot fail.
        return (try? encoder.encode(self)) ?? Data()
    }

    /// A medication from its stored JSON; nil when the bytes are not one.
    public static func decoded(json: Data) -> UserAnnotatedMedication? {
        try? JSONDecoder().decode(UserAnnotatedMedication.self, from: json)
    }
}
