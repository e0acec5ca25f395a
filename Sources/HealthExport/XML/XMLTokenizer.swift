import Foundation

// A byte-level, non-validating XML tokenizer fed in chunks.
//
// Written by hand rather than using Foundation's XMLParser because (1) XMLParser (libxml2) rejects the broken DTD of
// iOS 16.0 exports, control characters and the legacy malformed files, stopping at the first error, (2) it builds a
// String for every element name and attribute, which is most of the cost of reading a 1-4 GB export, and (3) it
// cannot resume after the stream ends early. This tokenizer skips the DTD, keeps names and values as byte ranges until
// the caller asks for a String, tolerates any byte that is not markup, and reports where the input ended.

/// Receives the tokens of an XML document.
protocol XMLTokenHandler {
    /// An opening (or self-closing) tag; the tag's bytes are valid only during the call.
    mutating func startElement(_ tag: XMLTag) throws
    /// A closing tag (also sent right after `startElement` for a self-closing tag).
    mutating func endElement(name: UnsafeRawBufferPointer, line: Int) throws
    /// Character data between tags (entities not decoded), sent only when `wantsText` is true.
    mutating func text(_ bytes: UnsafeRawBufferPointer)
    /// Whether text between tags is wanted at this point.
    var wantsText: Bool { get }
}

/// An opening tag: its name and attributes as byte ranges of the tokenizer's buffer.
struct XMLTag {
    /// The element name.
    let name: UnsafeRawBufferPointer
    /// Whether the tag ends with `/>`.
    let isSelfClosing: Bool
    /// The line on which the tag starts (1-based).
    let line: Int
    /// Attribute names, values, and whether a value contains an entity reference.
    let attributes: UnsafeBufferPointer<XMLAttribute>
    /// The whole tag as written, from `<` to `>`.
    let bytes: UnsafeRawBufferPointer

    /// The raw bytes of the attribute with this name, if present (entities not decoded).
    func rawValue(_ name: StaticString) -> UnsafeRawBufferPointer? {
        let wanted = UnsafeRawBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount)
        for attribute in attributes where XMLBytes.equal(attribute.name, wanted) { return attribute.value }
        return nil
    }

    /// The decoded value of the attribute with this name, if present.
    func value(_ name: StaticString) -> String? {
        let wanted = UnsafeRawBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount)
        for attribute in attributes where XMLBytes.equal(attribute.name, wanted) { return attribute.decodedValue }
        return nil
    }

    /// Whether the element is named `name`.
    func isNamed(_ name: StaticString) -> Bool {
        XMLBytes.equal(self.name, UnsafeRawBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount))
    }
}

/// One attribute of a tag.
struct XMLAttribute {
    /// The attribute name (may contain spaces in legacy malformed files).
    let name: UnsafeRawBufferPointer
    /// The value between the quotes.
    let value: UnsafeRawBufferPointer
    /// Whether the value contains `&`.
    let hasEntity: Bool

    /// The name as a String.
    var nameString: String { String(decoding: name, as: UTF8.self) }
    /// The value with entities decoded.
    var decodedValue: String { hasEntity ? XMLBytes.decodeEntities(value) : String(decoding: value, as: UTF8.self) }
}

/// Byte helpers shared by the tokenizer and its users.
enum XMLBytes {
    /// Whether two byte ranges hold the same bytes.
    @inline(__always)
    static func equal(_ left: UnsafeRawBufferPointer, _ right: UnsafeRawBufferPointer) -> Bool {
        guard left.count == right.count else { return false }
        if left.count == 0 { return true }
        return memcmp(left.baseAddress!, right.baseAddress!, left.count) == 0
    }

    /// Whether a byte range equals a static string.
    @inline(__always)
    static func equal(_ bytes: UnsafeRawBufferPointer, _ text: StaticString) -> Bool {
        equal(bytes, UnsafeRawBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    /// Text with `&lt;`, `&gt;`, `&amp;`, `&quot;`, `&apos;` and numeric references decoded; unknown references are kept.
    static func decodeEntities(_ bytes: UnsafeRawBufferPointer) -> String {
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            guard byte == UInt8(ascii: "&") else {
                output.append(byte)
                index += 1
                continue
            }
            var end = index + 1
            while end < bytes.count, end - index < 12, bytes[end] != UInt8(ascii: ";") { end += 1 }
            guard end < bytes.count, bytes[end] == UInt8(ascii: ";") else {
                output.append(byte)
                index += 1
                continue
            }
            let name = UnsafeRawBufferPointer(rebasing: bytes[(index + 1)..<end])
            if let decoded = decodeReference(name) {
                output.append(contentsOf: decoded)
            } else {
                output.append(contentsOf: bytes[index...end])
            }
            index = end + 1
        }
        return String(decoding: output, as: UTF8.self)
    }

    private static func decodeReference(_ name: UnsafeRawBufferPointer) -> [UInt8]? {
        if equal(name, "lt") { return [UInt8(ascii: "<")] }
        if equal(name, "gt") { return [UInt8(ascii: ">")] }
        if equal(name, "amp") { return [UInt8(ascii: "&")] }
        if equal(name, "quot") { return [UInt8(ascii: "\"")] }
        if equal(name, "apos") { return [UInt8(ascii: "'")] }
        guard name.count >= 2, name[0] == UInt8(ascii: "#") else { return nil }
        var value: UInt32 = 0
        let isHex = name[1] == UInt8(ascii: "x") || name[1] == UInt8(ascii: "X")
        for byte in name.dropFirst(isHex ? 2 : 1) {
            let digit: UInt32
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f") where isHex: digit = UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F") where isHex: digit = UInt32(byte - UInt8(ascii: "A") + 10)
            default: return nil
            }
            value = value &* (isHex ? 16 : 10) &+ digit
            if value > 0x10FFFF { return nil }
        }
        guard let scalar = Unicode.Scalar(value) else { return nil }
        return Array(String(Character(scalar)).utf8)
    }
}

/// Splits a stream of bytes into tags; keeps the incomplete tail of a chunk until the next one arrives.
struct XMLTokenizer {
    /// Bytes received but not yet tokenized (an incomplete tag at the end of the last chunk).
    private var pending: [UInt8] = []
    /// The current line (1-based) at the start of `pending`.
    private(set) var line = 1
    /// Total bytes tokenized so far.
    private(set) var consumedBytes: Int64 = 0
    /// Attribute ranges of the current tag, reused between tags.
    private var attributeStorage: UnsafeMutableBufferPointer<XMLAttribute>
    /// Whether a DOCTYPE's internal subset is being skipped across chunks.
    private var insideDoctype = false

    /// A tokenizer at the start of a document.
    init() {
        attributeStorage = .allocate(capacity: 64)
    }

    /// Frees the attribute storage; call once when done.
    func deallocate() { attributeStorage.deallocate() }

    /// The number of bytes received but not tokenized yet (non-zero after the last chunk means the input ended early).
    var unconsumedByteCount: Int { pending.count }

    /// Whether the tokenizer is between tags, with nothing pending (bytes can be passed over here).
    var isBetweenTags: Bool { pending.isEmpty && !insideDoctype }

    /// Counts bytes passed over without tokenizing them (complete elements an earlier import read), and their lines.
    mutating func passOver(byteCount: Int, lines: Int) {
        precondition(isBetweenTags, "bytes can only be passed over between tags")
        line += lines
        consumedBytes += Int64(byteCount)
    }

    /// Tokenizes a chunk; an incomplete tag at its end waits for the next chunk.
    mutating func feed<Handler: XMLTokenHandler>(_ chunk: UnsafeRawBufferPointer, into handler: inout Handler) throws {
        if pending.isEmpty {
            let used = try tokenize(chunk, into: &handler)
            if used < chunk.count { pending.append(contentsOf: UnsafeRawBufferPointer(rebasing: chunk[used...])) }
        } else {
            // Take the buffer out (no copy: it stays uniquely referenced), append the chunk (the one copy), and put
            // back what was not used.
            var buffer = pending
            pending = []
            buffer.append(contentsOf: chunk)
            let used = try buffer.withUnsafeBytes { bytes in try tokenize(bytes, into: &handler) }
            buffer.removeFirst(used)
            pending = buffer
        }
    }

    /// Tokenizes as much of `bytes` as holds complete tokens; returns how many bytes were used.
    private mutating func tokenize<Handler: XMLTokenHandler>(
        _ bytes: UnsafeRawBufferPointer, into handler: inout Handler
    ) throws -> Int {
        guard let base = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return 0 }
        let count = bytes.count
        var position = 0
        var currentLine = line
        defer {
            line = currentLine
            consumedBytes += Int64(position)
        }
        if insideDoctype {
            guard let end = XMLTokenizer.endOfDoctypeSubset(base, from: 0, count: count, line: &currentLine) else {
                // Keep the tail that may begin the end: a "]" with only whitespace after it.
                let keep = XMLTokenizer.doctypeTailToKeep(base, from: 0, count: count)
                for index in 0..<(count - keep) where base[index] == 0x0A { currentLine += 1 }
                position = count - keep
                return position
            }
            insideDoctype = false
            position = end
        }
        while position < count {
            // Text up to the next "<".
            let textStart = position
            while position < count, base[position] != UInt8(ascii: "<") {
                if base[position] == 0x0A { currentLine += 1 }
                position += 1
            }
            if handler.wantsText, position > textStart {
                handler.text(UnsafeRawBufferPointer(start: base + textStart, count: position - textStart))
            }
            guard position < count else { return position }
            let tagStart = position
            guard tagStart + 1 < count else { return tagStart }
            let next = base[tagStart + 1]
            if next == UInt8(ascii: "?") {
                guard let end = XMLTokenizer.find(base, count: count, from: tagStart + 2, "?>") else { return tagStart }
                currentLine += XMLTokenizer.newlines(base, tagStart, end)
                position = end + 2
                continue
            }
            if next == UInt8(ascii: "!") {
                // A chunk that ends inside "<!--" or "<![CDATA[" cannot tell them from a DOCTYPE yet: wait for more.
                if XMLTokenizer.endsInsidePrefix(base, count: count, at: tagStart, "<!--")
                    || XMLTokenizer.endsInsidePrefix(base, count: count, at: tagStart, "<![CDATA[")
                {
                    return tagStart
                }
                if XMLTokenizer.hasPrefix(base, count: count, at: tagStart, "<!--") {
                    guard let end = XMLTokenizer.find(base, count: count, from: tagStart + 4, "-->") else {
                        return tagStart
                    }
                    currentLine += XMLTokenizer.newlines(base, tagStart, end)
                    position = end + 3
                    continue
                }
                if XMLTokenizer.hasPrefix(base, count: count, at: tagStart, "<![CDATA[") {
                    guard let end = XMLTokenizer.find(base, count: count, from: tagStart + 9, "]]>") else {
                        return tagStart
                    }
                    if handler.wantsText {
                        handler.text(UnsafeRawBufferPointer(start: base + tagStart + 9, count: end - tagStart - 9))
                    }
                    currentLine += XMLTokenizer.newlines(base, tagStart, end)
                    position = end + 3
                    continue
                }
                // <!DOCTYPE …> possibly with an internal subset [ … ]: skipped without reading its declarations, so a
                // broken DTD (iOS 16.0) cannot stop the import.
                var index = tagStart + 2
                while index < count, base[index] != UInt8(ascii: "["), base[index] != UInt8(ascii: ">") { index += 1 }
                guard index < count else { return tagStart }
                if base[index] == UInt8(ascii: ">") {
                    currentLine += XMLTokenizer.newlines(base, tagStart, index)
                    position = index + 1
                    continue
                }
                currentLine += XMLTokenizer.newlines(base, tagStart, index)
                guard let end = XMLTokenizer.endOfDoctypeSubset(base, from: index + 1, count: count, line: &currentLine)
                else {
                    insideDoctype = true
                    let keep = XMLTokenizer.doctypeTailToKeep(base, from: index + 1, count: count)
                    for scan in (index + 1)..<(count - keep) where base[scan] == 0x0A { currentLine += 1 }
                    position = count - keep
                    return position
                }
                position = end
                continue
            }
            if next == UInt8(ascii: "/") {
                guard let close = memchr(base + tagStart + 2, Int32(UInt8(ascii: ">")), count - tagStart - 2) else {
                    return tagStart
                }
                let tagEnd = base.distance(to: close.assumingMemoryBound(to: UInt8.self))
                var nameEnd = tagStart + 2
                while nameEnd < tagEnd, !XMLTokenizer.isSpace(base[nameEnd]) { nameEnd += 1 }
                try handler.endElement(
                    name: UnsafeRawBufferPointer(start: base + tagStart + 2, count: nameEnd - tagStart - 2),
                    line: currentLine)
                currentLine += XMLTokenizer.newlines(base, tagStart, tagEnd)
                position = tagEnd + 1
                continue
            }
            // An element tag, read in one pass; nil when it is not complete in this buffer.
            guard let tagEnd = try emitStart(base, count: count, tagStart: tagStart, line: &currentLine, into: &handler)
            else {
                return tagStart
            }
            position = tagEnd + 1
        }
        return position
    }

    /// Reads `<name a="v" …>` (name, then attributes up to ">" or "/>"), sends the tag (and its end, if
    /// self-closing), and returns the position of its ">"; nil, sending nothing, when the tag is not complete.
    ///
    /// Attribute names run to "=" (legacy files wrote metadata keys with spaces as attribute names); values are found
    /// with memchr, so the bytes of a tag are looked at about once.
    private mutating func emitStart<Handler: XMLTokenHandler>(
        _ base: UnsafePointer<UInt8>, count: Int, tagStart: Int, line: inout Int, into handler: inout Handler
    ) throws -> Int? {
        var index = tagStart + 1
        while index < count, !XMLTokenizer.isSpace(base[index]), base[index] != UInt8(ascii: ">"),
            base[index] != UInt8(ascii: "/")
        {
            index += 1
        }
        let name = UnsafeRawBufferPointer(start: base + tagStart + 1, count: index - tagStart - 1)
        var attributeCount = 0
        var newlines = 0
        var isSelfClosing = false
        while true {
            while index < count, XMLTokenizer.isSpace(base[index]) {
                if base[index] == 0x0A { newlines += 1 }
                index += 1
            }
            guard index < count else { return nil }
            let byte = base[index]
            if byte == UInt8(ascii: ">") { break }
            if byte == UInt8(ascii: "/") {
                guard index + 1 < count else { return nil }
                if base[index + 1] == UInt8(ascii: ">") {
                    isSelfClosing = true
                    index += 1
                    break
                }
                index += 1
                continue
            }
            // The name runs to "=".
            let nameStart = index
            while index < count, base[index] != UInt8(ascii: "="), base[index] != UInt8(ascii: ">") { index += 1 }
            guard index < count else { return nil }
            if base[index] == UInt8(ascii: ">") { break }  // a bare word without a value: ignored
            var nameEnd = index
            while nameEnd > nameStart, XMLTokenizer.isSpace(base[nameEnd - 1]) { nameEnd -= 1 }
            index += 1
            while index < count, XMLTokenizer.isSpace(base[index]) { index += 1 }
            guard index < count else { return nil }
            let quote = base[index]
            guard quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") else { continue }
            let valueStart = index + 1
            guard valueStart < count, let closing = memchr(base + valueStart, Int32(quote), count - valueStart) else {
                return nil
            }
            let valueEnd = base.distance(to: closing.assumingMemoryBound(to: UInt8.self))
            let valueCount = valueEnd - valueStart
            let hasEntity = memchr(base + valueStart, Int32(UInt8(ascii: "&")), valueCount) != nil
            if memchr(base + valueStart, 0x0A, valueCount) != nil {
                newlines += XMLTokenizer.newlines(base, valueStart, valueEnd)
            }
            index = valueEnd + 1
            if attributeCount == attributeStorage.count {
                let larger = UnsafeMutableBufferPointer<XMLAttribute>.allocate(capacity: attributeStorage.count * 2)
                _ = larger.initialize(from: attributeStorage)
                attributeStorage.deallocate()
                attributeStorage = larger
            }
            attributeStorage[attributeCount] = XMLAttribute(
                name: UnsafeRawBufferPointer(start: base + nameStart, count: nameEnd - nameStart),
                value: UnsafeRawBufferPointer(start: base + valueStart, count: valueCount),
                hasEntity: hasEntity)
            attributeCount += 1
        }
        let tag = XMLTag(
            name: name, isSelfClosing: isSelfClosing, line: line,
            attributes: UnsafeBufferPointer(rebasing: attributeStorage[0..<attributeCount]),
            bytes: UnsafeRawBufferPointer(start: base + tagStart, count: index - tagStart + 1))
        try handler.startElement(tag)
        if isSelfClosing { try handler.endElement(name: name, line: line) }
        line += newlines
        return index
    }

    /// The position after the `]…>` that closes a DOCTYPE's internal subset, or nil when it is not in the buffer.
    /// How many bytes at the end of a DOCTYPE subset's chunk must wait for the next one: from a final "]" followed
    /// only by whitespace (the "]" and ">" of its end may be split, with any amount of whitespace between them).
    private static func doctypeTailToKeep(_ base: UnsafePointer<UInt8>, from start: Int, count: Int) -> Int {
        var index = count
        while index > start, isSpace(base[index - 1]) { index -= 1 }
        return index > start && base[index - 1] == UInt8(ascii: "]") ? count - index + 1 : 0
    }

    private static func endOfDoctypeSubset(
        _ base: UnsafePointer<UInt8>, from start: Int, count: Int, line: inout Int
    ) -> Int? {
        var index = start
        var newlines = 0
        while index < count {
            let byte = base[index]
            if byte == 0x0A { newlines += 1 }
            if byte == UInt8(ascii: "]") {
                var after = index + 1
                while after < count, isSpace(base[after]) {
                    if base[after] == 0x0A { newlines += 1 }
                    after += 1
                }
                guard after < count else { return nil }
                if base[after] == UInt8(ascii: ">") {
                    line += newlines
                    return after + 1
                }
                index = after
                continue
            }
            index += 1
        }
        return nil
    }

    @inline(__always)
    static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D }

    private static func hasPrefix(
        _ base: UnsafePointer<UInt8>, count: Int, at position: Int, _ prefix: StaticString
    ) -> Bool {
        let length = prefix.utf8CodeUnitCount
        guard position + length <= count else { return false }
        return memcmp(base + position, prefix.utf8Start, length) == 0
    }

    /// Whether the buffer ends at `position` with a proper beginning of `prefix` (`<![CD` of `<![CDATA[`).
    private static func endsInsidePrefix(
        _ base: UnsafePointer<UInt8>, count: Int, at position: Int, _ prefix: StaticString
    ) -> Bool {
        let available = count - position
        guard available < prefix.utf8CodeUnitCount else { return false }
        return memcmp(base + position, prefix.utf8Start, available) == 0
    }

    private static func find(_ base: UnsafePointer<UInt8>, count: Int, from start: Int, _ needle: StaticString) -> Int?
    {
        let length = needle.utf8CodeUnitCount
        var index = start
        while index + length <= count {
            if base[index] == needle.utf8Start[0], memcmp(base + index, needle.utf8Start, length) == 0 { return index }
            index += 1
        }
        return nil
    }

    /// The line breaks in `base[start..<end]`.
    static func newlines(_ base: UnsafePointer<UInt8>, _ start: Int, _ end: Int) -> Int {
        var lines = 0
        for index in start..<end where base[index] == 0x0A { lines += 1 }
        return lines
    }
}
