import Foundation
import Logging
import NIOCore
import PostgresNIO

/// Writes a large commit's sample rows with `COPY samples FROM STDIN` (postgres-nio's `copyFrom`, text format: the only
/// one it offers) instead of one `INSERT … unnest` of fifteen bound arrays: the rows are encoded here straight into
/// the byte buffers sent, where postgres-nio's array encoding was most of a bulk commit's client time.
enum PostgresSampleCopy {
    /// From this many rows a commit copies rather than inserts (a small commit's prepared `INSERT` is one round trip).
    static let threshold = 1_000

    /// The columns, in the order of each line.
    static let columns = [
        "person", "sequence", "uuid", "type_id", "start_time", "end_time", "value", "series", "user_entered",
        "source_entry",
        "sync_bundle_identifier", "sync_identifier", "sync_version", "sample",
    ]

    /// Sends the rows (in the commit's transaction on `connection`), in chunks of about a megabyte.
    static func copy(_ rows: SampleRows, person: String, on connection: PostgresConnection, logger: Logger) async throws
    {
        let escapedPerson = escaped(person)
        try await connection.copyFrom(table: "samples", columns: columns, logger: logger) { writer in
            var buffer = ByteBuffer()
            buffer.reserveCapacity(1 << 20 + 4096)
            for index in rows.sequences.indices {
                line(rows, index, person: escapedPerson, into: &buffer)
                if buffer.readableBytes >= 1 << 20 {
                    try await writer.write(buffer)
                    buffer.clear()
                }
            }
            if buffer.readableBytes > 0 { try await writer.write(buffer) }
        }
    }

    /// One row as a line of COPY text: tab-separated, `\N` for NULL, bytea as `\\x` and hex.
    static func line(_ rows: SampleRows, _ index: Int, person: String, into buffer: inout ByteBuffer) {
        buffer.writeString(person)
        buffer.writeInteger(UInt8(ascii: "\t"))
        buffer.writeString(String(rows.sequences[index]))
        buffer.writeInteger(UInt8(ascii: "\t"))
        buffer.writeString(rows.uuids[index].uuidString)
        buffer.writeInteger(UInt8(ascii: "\t"))
        buffer.writeString(String(rows.typeIDs[index]))
        buffer.writeInteger(UInt8(ascii: "\t"))
        buffer.writeString(number(rows.starts[index]))
        buffer.writeInteger(UInt8(ascii: "\t"))
        buffer.writeString(number(rows.ends[index]))
        buffer.writeInteger(UInt8(ascii: "\t"))
        buffer.writeString(rows.values[index].isNaN ? "\\N" : number(rows.values[index]))
        buffer.writeString(rows.series[index] ? "\tt\t" : "\tf\t")
        buffer.writeString(rows.userEntered[index] ? "t\t" : "f\t")
        buffer.writeString(rows.sourceEntries[index] == 0 ? "\\N" : String(rows.sourceEntries[index]))
        buffer.writeInteger(UInt8(ascii: "\t"))
        let hasSync = rows.hasSync[index]
        buffer.writeString(hasSync && rows.hasSyncBundle[index] ? escaped(rows.syncBundleIdentifiers[index]) : "\\N")
        buffer.writeInteger(UInt8(ascii: "\t"))
        buffer.writeString(hasSync ? escaped(rows.syncIdentifiers[index]) : "\\N")
        buffer.writeInteger(UInt8(ascii: "\t"))
        buffer.writeString(rows.syncVersions[index].isNaN ? "\\N" : number(rows.syncVersions[index]))
        buffer.writeString("\t\\\\x")
        let sample = rows.samples[index]
        buffer.reserveCapacity(minimumWritableBytes: sample.readableBytes * 2 + 1)
        for byte in sample.readableBytesView {
            buffer.writeInteger(hexDigits[Int(byte >> 4)])
            buffer.writeInteger(hexDigits[Int(byte & 0x0F)])
        }
        buffer.writeInteger(UInt8(ascii: "\n"))
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)

    /// A double as PostgreSQL reads it back exactly (Swift's shortest round-trip form; its infinities spelt out).
    static func number(_ value: Double) -> String {
        if value.isFinite { return "\(value)" }
        return value.isNaN ? "NaN" : value > 0 ? "Infinity" : "-Infinity"
    }

    /// Text with COPY's special characters escaped.
    static func escaped(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 == UInt8(ascii: "\\") || $0 < 0x20 || $0 == 0x7F }) else { return text }
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": result += "\\\\"
            case "\t": result += "\\t"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    // Two digits always: COPY reads up to two after `\x`, so a following hex digit must not join in.
                    let digits = String(scalar.value, radix: 16)
                    result += "\\x" + (digits.count == 1 ? "0" + digits : digits)
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result
    }
}
