import Foundation
import HealthModel

extension MetadataBridge {
    /// The model metadata, or `errorInvalidArgument` naming the call and the key at fault.
    static func checked(_ metadata: [String: Any]?, in call: String) throws -> [String: MetadataValue]? {
        do {
            return try model(metadata)
        } catch {
            throw HKError(.errorInvalidArgument, "\(call): \(error)")
        }
    }
}
