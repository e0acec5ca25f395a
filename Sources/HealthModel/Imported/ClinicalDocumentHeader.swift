import Foundation

/// The fields HealthKit shows of an HL7 CDA clinical document (`HKCDADocument`), read from its header: title, patient,
/// author, custodian and the period it covers. Read from exports' `export_cda.xml` and from documents apps build.
///
/// Exported files are not well-formed XML (the health records inside are written without escaping, and some end
/// early), so a strict parser refuses them. The few header fields wanted sit at the top of the document in a fixed
/// shape, so they are found by scanning for their elements; the document itself is kept byte for byte.
public struct ClinicalDocumentHeader: Sendable, Hashable {
    /// The document's title (`Health Data` when it has none).
    public var title: String
    /// The patient's name.
    public var patientName: String
    /// The author's name.
    public var authorName: String
    /// The custodian's (issuing organization's) name.
    public var custodianName: String
    /// The start of the period covered (`effectiveTime`'s `low`, or its value), when given.
    public var start: Date?
    /// The end of the period covered (`effectiveTime`'s `high`), when given.
    public var end: Date?

    /// The header of the document in `bytes`, or nil when they hold no `ClinicalDocument` element.
    public static func read(_ bytes: Data) -> ClinicalDocumentHeader? {
        let text = String(decoding: bytes, as: UTF8.self)
        guard let root = text.range(of: "<ClinicalDocument") else { return nil }
        let header = String(text[root.lowerBound...].prefix(200_000))
        let title = element("title", in: header).map(plainText) ?? "Health Data"
        let patient = section("patient", in: header).map(personName) ?? ""
        let author = section("author", in: header).map { personName(section("assignedPerson", in: $0) ?? $0) } ?? ""
        let custodian = section("custodian", in: header).flatMap { element("name", in: $0) }.map(plainText) ?? ""
        // effectiveTime: a single value, or a low/high pair (the period covered).
        var start: Date?
        var end: Date?
        if let period = section("effectiveTime", in: header) {
            start = attribute("value", of: "low", in: period).flatMap(timestamp)
            end = attribute("value", of: "high", in: period).flatMap(timestamp)
        }
        if start == nil, let value = attribute("value", of: "effectiveTime", in: header).flatMap(timestamp) {
            start = value
        }
        return ClinicalDocumentHeader(
            title: title, patientName: patient, authorName: author, custodianName: custodian, start: start, end: end)
    }

    /// The text between `<name…>` and `</name>` (first occurrence), without the tags.
    static func element(_ name: String, in text: String) -> String? {
        guard let open = openTag(name, in: text),
            let close = text.range(of: "</\(name)>", range: open.upperBound..<text.endIndex)
        else { return nil }
        return String(text[open.upperBound..<close.lowerBound])
    }

    /// Like `element`, for a section that may hold further elements.
    static func section(_ name: String, in text: String) -> String? { element(name, in: text) }

    /// The value of an attribute of the first `<element …>` tag.
    static func attribute(_ attribute: String, of name: String, in text: String) -> String? {
        guard let start = text.range(of: "<\(name)") else { return nil }
        guard let tagEnd = text.range(of: ">", range: start.upperBound..<text.endIndex) else { return nil }
        let tag = text[start.upperBound..<tagEnd.lowerBound]
        guard let key = tag.range(of: "\(attribute)=\"") else { return nil }
        guard let quote = tag.range(of: "\"", range: key.upperBound..<tag.endIndex) else { return nil }
        return String(tag[key.upperBound..<quote.lowerBound])
    }

    /// The end of the opening tag of the first `<name>` or `<name …>` element.
    private static func openTag(_ name: String, in text: String) -> Range<String.Index>? {
        var searchFrom = text.startIndex
        while let start = text.range(of: "<\(name)", range: searchFrom..<text.endIndex) {
            let next = text[start.upperBound...].first
            if next == ">" || next == " " || next == "\n" || next == "\t" || next == "\r" {
                guard let end = text.range(of: ">", range: start.upperBound..<text.endIndex) else { return nil }
                return start.lowerBound..<end.upperBound
            }
            searchFrom = start.upperBound
        }
        return nil
    }

    /// A name from HL7 `given` and `family` parts, or the element's plain text.
    static func personName(_ text: String) -> String {
        let given = element("given", in: text).map(plainText)
        let family = element("family", in: text).map(plainText)
        let parts = [given, family].compactMap { $0 }.filter { !$0.isEmpty }
        if !parts.isEmpty { return parts.joined(separator: " ") }
        return element("name", in: text).map(plainText) ?? ""
    }

    /// Text with tags removed, entities decoded and whitespace collapsed.
    static func plainText(_ text: String) -> String {
        var result = ""
        var inTag = false
        for character in text {
            if character == "<" {
                inTag = true
            } else if character == ">" {
                inTag = false
            } else if !inTag {
                result.append(character)
            }
        }
        for (entity, value) in [("&lt;", "<"), ("&gt;", ">"), ("&quot;", "\""), ("&apos;", "'"), ("&amp;", "&")] {
            result = result.replacingOccurrences(of: entity, with: value)
        }
        return result.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    /// An HL7 timestamp: `yyyyMMdd[HHmm[ss]][±zzzz]`; nil when a field is out of range (a 13th month, a 30th of
    /// February, an offset's minutes of 60 or more) rather than a date rolled over into the next month or hour.
    public static func timestamp(_ value: String) -> Date? {
        let digits = Array(value.utf8.prefix { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") })
        guard digits.count >= 8 else { return nil }
        func number(_ from: Int, _ length: Int) -> Int? {
            guard digits.count >= from + length else { return nil }
            return digits[from..<(from + length)].reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) }
        }
        guard let year = number(0, 4), let month = number(4, 2), let day = number(6, 2), (1...12).contains(month),
            day >= 1,
            day <= ProlepticGregorian.daysInMonth(year: year, month: month)
        else { return nil }
        let hour = number(8, 2) ?? 0
        let minute = number(10, 2) ?? 0
        let second = number(12, 2) ?? 0
        guard hour < 24, minute < 60, second < 60 else { return nil }
        let rest = value.utf8.dropFirst(digits.count).drop {
            $0 == UInt8(ascii: ".") || ($0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9"))
        }
        var offset = 0
        if let sign = rest.first, sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") {
            let zone = Array(rest.dropFirst().prefix(4))
            if zone.count == 4, zone.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) {
                let hours = Int(zone[0] - UInt8(ascii: "0")) * 10 + Int(zone[1] - UInt8(ascii: "0"))
                let minutes = Int(zone[2] - UInt8(ascii: "0")) * 10 + Int(zone[3] - UInt8(ascii: "0"))
                guard
                    let seconds = UTCOffset.seconds(negative: sign == UInt8(ascii: "-"), hours: hours, minutes: minutes)
                else { return nil }
                offset = seconds
            }
        }
        let days = ProlepticGregorian.daysSince1970(year: year, month: month, day: day)
        return Date(timeIntervalSince1970: Double(days * 86_400 + hour * 3_600 + minute * 60 + second - offset))
    }
}
