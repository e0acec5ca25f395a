import Foundation

/// Cuts an export's data file into spans at the starts of top-level elements, where the bytes themselves say so, so
/// that the same bytes give the same spans in every export that contains them (content-defined chunking).
///
/// A cut falls before a line that opens a top-level element (`\n <` and a letter: Apple's exports indent top-level
/// elements by one space and their children by two) whose first bytes hash to zero in the low `maskBits` bits: about
/// one line in 2^maskBits, so a span holds about 512 records (~180 KB). A record added or changed in a newer export
/// changes only its own span; the cuts before and after it stay where they were. Whether a cut really is at the top
/// level is checked by the reader when the span is read (`ExportImporter`): the splitter only proposes.
///
/// The first span (the prologue, the DTD, `ExportDate`, `Me`) and the last (up to `</HealthData>`) are handed over as
/// not skippable. A span that grows past `maximumLength` without a cut (a file not laid out like Apple's) is handed
/// over as not skippable too, so memory stays bounded.
struct ExportSpanSplitter {
    /// A span of bytes and what is known of it.
    struct Span {
        /// The span's bytes (valid only during the call that hands it over).
        let bytes: UnsafeRawBufferPointer
        /// Whether an earlier import may have read the same bytes whole (neither the first nor the last span, nor cut
        /// for length).
        let isSkippable: Bool
        /// The digest of the bytes (zero when not skippable: not computed).
        let digest: ContentDigest
        /// The line breaks in the span.
        let lines: Int
    }

    /// Bits of the line hash that must be zero for a cut (2^9: a cut every ~512 top-level elements).
    static let maskBits = 9
    /// Bytes of a line hashed to decide a cut (the tag name, type and dates: enough to tell records apart).
    static let hashedLineBytes = 160
    /// The longest span kept in memory before it is handed over without a cut.
    static let maximumLength = 8 << 20

    private var buffer: [UInt8] = []
    /// Where the current span starts in `buffer`.
    private var spanStart = 0
    /// Where the search for the next line break resumes.
    private var searchFrom = 0
    /// Line breaks between `spanStart` and `searchFrom`.
    private var linesInSpan = 0
    /// Whether the span being collected is the first of the file.
    private var isFirst = true

    /// Adds the next bytes of the file; hands over every span they complete, in order.
    mutating func add(_ chunk: UnsafeRawBufferPointer, _ handOver: (Span) throws -> Void) throws {
        buffer.append(contentsOf: chunk)
        try cut(final: false, handOver)
        // Drop what was handed over, now and then (not after every chunk: the copy would cost more than it saves).
        if spanStart > 0, spanStart >= buffer.count / 2 {
            buffer.removeFirst(spanStart)
            searchFrom -= spanStart
            spanStart = 0
        }
    }

    /// Hands over the rest of the file as the last span.
    mutating func finish(_ handOver: (Span) throws -> Void) throws {
        try cut(final: true, handOver)
        let rest = buffer.count - spanStart
        guard rest > 0 else { return }
        let lines =
            linesInSpan
            + buffer.withUnsafeBufferPointer { XMLTokenizer.newlines($0.baseAddress!, searchFrom, $0.count) }
        try buffer.withUnsafeBytes { bytes in
            try handOver(
                Span(
                    bytes: UnsafeRawBufferPointer(rebasing: bytes[spanStart...]), isSkippable: false,
                    digest: ContentDigest(high: 0, low: 0), lines: lines))
        }
        buffer = []
        spanStart = 0
        searchFrom = 0
    }

    private mutating func cut(final: Bool, _ handOver: (Span) throws -> Void) throws {
        let count = buffer.count
        try buffer.withUnsafeBytes { bytes in
            guard let base = bytes.baseAddress else { return }
            while searchFrom < count {
                guard let found = memchr(base + searchFrom, 0x0A, count - searchFrom) else {
                    searchFrom = count
                    break
                }
                let newline = base.distance(to: UnsafeRawPointer(found))
                // The line after the break must be here whole (or up to the hashed length) to decide.
                let lineStart = newline + 1
                let available = count - lineStart
                if available < ExportSpanSplitter.hashedLineBytes, !final {
                    if memchr(base + lineStart, 0x0A, available) == nil { break }
                }
                searchFrom = lineStart
                linesInSpan += 1
                guard lineStart > spanStart, available >= 3, bytes[lineStart] == 0x20, bytes[lineStart + 1] == 0x3C,
                    ExportSpanSplitter.isLetter(bytes[lineStart + 2])
                else { continue }
                var end = lineStart + min(available, ExportSpanSplitter.hashedLineBytes)
                if let lineEnd = memchr(base + lineStart, 0x0A, end - lineStart) {
                    end = base.distance(to: UnsafeRawPointer(lineEnd))
                }
                var hasher = ContentHasher(seed: 40)
                hasher.combine(UnsafeRawBufferPointer(rebasing: bytes[lineStart..<end]))
                guard hasher.finalize().low & ((1 << ExportSpanSplitter.maskBits) - 1) == 0 else { continue }
                try handOverSpan(bytes, to: lineStart, skippable: !isFirst, handOver)
            }
            if count - spanStart > ExportSpanSplitter.maximumLength, searchFrom > spanStart {
                // No cut for too long: hand over what was searched, as a span that is always read.
                try handOverSpan(bytes, to: searchFrom, skippable: false, handOver)
            }
        }
    }

    private mutating func handOverSpan(
        _ bytes: UnsafeRawBufferPointer, to end: Int, skippable: Bool, _ handOver: (Span) throws -> Void
    ) throws {
        let span = UnsafeRawBufferPointer(rebasing: bytes[spanStart..<end])
        var digest = ContentDigest(high: 0, low: 0)
        if skippable {
            var hasher = ContentHasher(seed: 41)
            hasher.combine(span)
            digest = hasher.finalize()
        }
        // The line break that starts the next span's first line belongs to this span.
        try handOver(Span(bytes: span, isSkippable: skippable, digest: digest, lines: linesInSpan))
        spanStart = end
        linesInSpan = 0
        isFirst = false
    }

    private static func isLetter(_ byte: UInt8) -> Bool { (byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A }
}
