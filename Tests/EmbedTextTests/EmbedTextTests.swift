import Foundation
import Testing

/// The `EmbedText` build-tool plugin, applied to this target: `embedding-check.yaml` becomes
/// `EmbeddedText.embeddingCheck`, as `Sources/HealthServer/OpenAPI/openapi.yaml` becomes the server's document.
@Suite("Text embedded at build time")
struct EmbedTextTests {
    @Test(
        "A file of awkward bytes comes back byte for byte: quotes, backslashes, hashes, CR, controls, NUL, combining marks"
    )
    func awkwardBytes() throws {
        let file = URL(filePath: #filePath).deletingLastPathComponent().appending(path: "embedding-check.yaml")
        let bytes = try Data(contentsOf: file)
        // The file kept what it is there for (a checkout that turned CRLF into LF would test less).
        for byte: UInt8 in [0x0D, 0x00, 0x09, 0x1B, 0x7F, 0xCC] { #expect(bytes.contains(byte)) }
        #expect(Data(EmbeddedText.embeddingCheck.utf8) == bytes)
    }
}
