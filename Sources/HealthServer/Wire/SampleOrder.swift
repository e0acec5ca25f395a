import Foundation
import HealthModel

/// The order of a sample query's pages: `startDate`, `endDate`, or either with a leading '-' for newest first; ties
/// broken by uuid, so that a cursor names one exact place in the order.
struct SampleOrder: Sendable, Hashable {
    /// Ordered by end date rather than start date.
    let byEndDate: Bool
    /// Newest first.
    let descending: Bool

    /// The order a `sort` parameter names.
    init(_ text: String) throws(HealthServerError) {
        descending = text.hasPrefix("-")
        switch descending ? String(text.dropFirst()) : text {
        case "startDate": byEndDate = false
        case "endDate": byEndDate = true
        default:
            throw .invalidField(
                field: "sort", reason: "'\(text)' is not a sort order (startDate, -startDate, endDate, -endDate)")
        }
    }

    /// The name of the order (what `sort` said, normalized).
    var name: String { (descending ? "-" : "") + (byEndDate ? "endDate" : "startDate") }

    private func key(_ sample: Sample) -> Date { byEndDate ? sample.endDate : sample.startDate }

    private func precedes(_ date: Date, _ uuid: UUID, _ otherDate: Date, _ otherUUID: UUID) -> Bool {
        if date != otherDate { return descending ? date > otherDate : date < otherDate }
        return uuid.uuidString < otherUUID.uuidString
    }

    /// One page: the samples after the cursor in this order, at most `limit`, and the cursor of the next page when
    /// more remain. Samples saved between pages appear if they sort after the cursor; none is repeated or skipped.
    func page(of samples: [Sample], after cursor: SampleCursor?, limit: Int) -> (samples: [Sample], next: SampleCursor?)
    {
        var remaining = samples
        if let cursor { remaining.removeAll { !precedes(cursor.date, cursor.uuid, key($0), $0.uuid) } }
        remaining.sort { precedes(key($0), $0.uuid, key($1), $1.uuid) }
        guard remaining.count > limit else { return (remaining, nil) }
        let page = Array(remaining.prefix(limit))
        let last = page[page.count - 1]
        return (page, SampleCursor(order: self, date: key(last), uuid: last.uuid))
    }
}

/// Where a page ended: the order, the last sample's date (exact, as seconds since 1970) and uuid, as opaque text.
struct SampleCursor: Sendable, Hashable {
    let order: SampleOrder
    let date: Date
    let uuid: UUID

    init(order: SampleOrder, date: Date, uuid: UUID) {
        self.order = order
        self.date = date
        self.uuid = uuid
    }

    /// Reads a cursor given back by a client; it must come from a query in the same order.
    init(text: String, order: SampleOrder) throws(HealthServerError) {
        var base64 = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        while base64.count % 4 != 0 { base64 += "=" }
        let parts =
            Data(base64Encoded: base64).map { String(decoding: $0, as: UTF8.self) }?.split(separator: " ").map(
                String.init) ?? []
        guard parts.count == 3, let seconds = Double(parts[1]), seconds.isFinite, let uuid = UUID(uuidString: parts[2])
        else {
            throw .invalidField(field: "cursor", reason: "is not a cursor this server gave")
        }
        guard parts[0] == order.name else {
            throw .invalidField(field: "cursor", reason: "comes from a query sorted by \(parts[0]), not \(order.name)")
        }
        self.order = order
        self.date = Date(timeIntervalSince1970: seconds)
        self.uuid = uuid
    }

    /// The opaque text (base64url of "order seconds uuid").
    var text: String {
        let plain = "\(order.name) \(date.timeIntervalSince1970) \(uuid.uuidString)"
        return Data(plain.utf8).base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(
            of: "/", with: "_"
        )
        .replacingOccurrences(of: "=", with: "")
    }
}
