import Foundation

@testable import HealthExport

/// Where the readers' fuzz targets cut an input into chunks, to check that the streaming readers give the same
/// answer however a file arrives: two cuts derived from the input's first two bytes.
enum FuzzChunks {
    /// Two cut positions within `data`, in order.
    static func cuts(_ data: Data) -> [Int] {
        guard data.count > 2 else { return [] }
        let first = Int(data[data.startIndex]) * data.count / 256
        let second = first + Int(data[data.startIndex + 1]) * (data.count - first) / 256
        return [first, second]
    }

    /// `bytes` cut at these positions (empty chunks included, as a stream may deliver them).
    static func split(_ bytes: UnsafeRawBufferPointer, at cuts: [Int]) -> [UnsafeRawBufferPointer] {
        var chunks: [UnsafeRawBufferPointer] = []
        var start = 0
        for cut in cuts + [bytes.count] {
            chunks.append(UnsafeRawBufferPointer(rebasing: bytes[start..<cut]))
            start = cut
        }
        return chunks
    }

    /// Feeds `data`, cut at `cuts`, to a fresh tokenizer and `handler`; returns where the tokenizer ended.
    static func feed<Handler: XMLTokenHandler>(_ data: Data, cuts: [Int], into handler: inout Handler) -> String {
        var tokenizer = XMLTokenizer()
        defer { tokenizer.deallocate() }
        data.withUnsafeBytes { bytes in
            for chunk in split(bytes, at: cuts) { try? tokenizer.feed(chunk, into: &handler) }
        }
        return
            "end at line \(tokenizer.line), \(tokenizer.consumedBytes) bytes read, \(tokenizer.unconsumedByteCount) left"
    }
}
