import Foundation

#if canImport(FoundationXML)
import FoundationXML
#endif

/// Foundation's `XMLParser` merely parsing the export (counting elements and reading the `Record` attributes it is
/// handed), storing nothing: the baseline the importer must beat.
final class XMLParserBaseline: NSObject, XMLParserDelegate {
    private(set) var elements = 0
    private(set) var records = 0

    func parser(
        _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?,
        attributes: [String: String] = [:]
    ) {
        elements += 1
        if elementName == "Record", attributes["type"] != nil { records += 1 }
    }

    /// Parses a file; returns whether the parse succeeded.
    ///
    /// The file is memory-mapped and handed to the parser from its root element on: swift-corelibs-foundation's
    /// XMLParser crashes (strlen of a null pointer) on any DTD with an `<!ATTLIST …>` declaration, which every real
    /// export with a DTD has, so the DTD is left out for it. Everything after it is parsed as written.
    func parse(_ url: URL) -> (succeeded: Bool, error: String?) {
        guard let mapped = try? Data(contentsOf: url, options: .alwaysMapped) else { return (false, "cannot open") }
        return mapped.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) -> (Bool, String?) in
            let head = bytes.prefix(1 << 20)
            let marker = Array("<HealthData".utf8)
            var start = 0
            if let found = (0..<max(0, head.count - marker.count)).first(where: { index in
                marker.indices.allSatisfy { head[index + $0] == marker[$0] }
            }) {
                start = found
            }
            let body = Data(
                bytesNoCopy: UnsafeMutableRawPointer(mutating: bytes.baseAddress! + start), count: bytes.count - start,
                deallocator: .none)
            let parser = XMLParser(data: body)
            parser.delegate = self
            parser.shouldResolveExternalEntities = false
            let succeeded = parser.parse()
            return (succeeded, parser.parserError.map { "\($0) at line \(parser.lineNumber)" })
        }
    }
}
