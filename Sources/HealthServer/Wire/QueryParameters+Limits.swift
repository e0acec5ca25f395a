import Foundation

extension QueryParameters {
    /// A whole-number parameter of at least `minimum` whose largest value is a server limit: below the minimum or not
    /// a number is an invalid field, above the limit is `limitExceeded` naming it.
    func limited(_ name: String, minimum: Int, limit: ServerLimit, maximum: Int) throws(HealthServerError) -> Int? {
        guard let text = string(name) else { return nil }
        guard let value = Int(text), value >= minimum else {
            throw .invalidField(field: name, reason: "'\(text)' is not a whole number from \(minimum) to \(maximum)")
        }
        guard value <= maximum else { throw .limitExceeded(limit, maximum: Double(maximum), requested: Double(value)) }
        return value
    }

    /// The page size of `limit`: from 1 to the server's `maximumPageSize`, by default `defaultPageSize`.
    func pageSize(_ limits: ServerLimits) throws(HealthServerError) -> Int {
        try limited("limit", minimum: 1, limit: .maximumPageSize, maximum: limits.maximumPageSize)
            ?? limits.defaultPageSize
    }
}
