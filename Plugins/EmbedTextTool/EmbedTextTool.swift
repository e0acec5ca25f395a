import Foundation

/// The `EmbedText` plugin's tool: writes a Swift source declaring `enum EmbeddedText` with one `static let` per text
/// file, the file's exact text as a string literal. Arguments: the output path, then the files (`openapi.yaml` becomes
/// `EmbeddedText.openapi`, `embedding-check.yaml` `EmbeddedText.embeddingCheck`).
///
/// Only printable ASCII other than `"` and `\` is written as itself; every other Unicode scalar is an escape, so any
/// UTF-8 text comes back unchanged, byte for byte: `"""`, `\(`, `#`, carriage returns (a multi-line literal would turn
/// them into line feeds), tabs, NUL, any character. A file that is not UTF-8 stops the build, naming the file and the
/// offset of its first bad byte. A string literal rather than a byte array: 40 KB of array literal cost the optimizer
/// seconds in a release build, a string literal nothing.
@main
struct EmbedTextTool {
    static func main() {
        let arguments = Array(CommandLine.arguments.dropFirst())
        guard arguments.count >= 2 else { fail("usage: EmbedTextTool OUTPUT.swift FILE…") }
        let (output, files) = (arguments[0], arguments.dropFirst())
        var names = Set<String>()
        var source = """
            // Generated at build time by the EmbedText plugin (Plugins/EmbedText) from \
            \(files.map(fileName).joined(separator: ", ")); not committed.

            /// The text files of this target, as they were when it was built.
            enum EmbeddedText {

            """
        for path in files {
            let name = propertyName(forFile: path)
            guard names.insert(name).inserted else { fail("\(path): another file is also named \(name)") }
            guard let data = FileManager.default.contents(atPath: path) else { fail("\(path): cannot be read") }
            guard let text = String(validating: data, as: UTF8.self) else {
                fail("\(path): not UTF-8 text (byte \(firstInvalidUTF8Offset(in: Array(data))) is not UTF-8)")
            }
            source += "    /// The text of `\(fileName(path))` (\(data.count) bytes).\n"
            source += "    static let \(name): String = \(literal(text))\n"
        }
        source += "}\n"
        do {
            try Data(source.utf8).write(to: URL(fileURLWithPath: output), options: .atomic)
        } catch {
            fail("\(output): \(error)")
        }
    }

    /// A Swift string literal whose value is `text`.
    static func literal(_ text: String) -> String {
        var literal = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": literal += "\\\""
            case "\\": literal += "\\\\"
            case "\n": literal += "\\n"
            case "\r": literal += "\\r"
            case "\t": literal += "\\t"
            case " "..."~": literal.unicodeScalars.append(scalar)
            default: literal += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            }
        }
        return literal + "\""
    }

    /// The property naming a file: its name without the extension, in lower camel case (`embedding-check.yaml` →
    /// `embeddingCheck`).
    static func propertyName(forFile path: String) -> String {
        let base = (fileName(path) as NSString).deletingPathExtension
        let words = base.split { !($0.isASCII && ($0.isLetter || $0.isNumber)) }
        guard let first = words.first, first.first?.isLetter == true else {
            fail("\(path): the file's name must start with a letter (it names a Swift property)")
        }
        return first.lowercased() + words.dropFirst().map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    }

    static func fileName(_ path: String) -> String { (path as NSString).lastPathComponent }

    /// The offset of the first byte that is not part of valid UTF-8.
    static func firstInvalidUTF8Offset(in bytes: [UInt8]) -> Int {
        var decoder = UTF8()
        var iterator = bytes.makeIterator()
        var offset = 0
        while case .scalarValue(let scalar) = decoder.decode(&iterator) { offset += UTF8.width(scalar) }
        return offset
    }

    /// Stops the build with a message in the compiler's format.
    static func fail(_ message: String) -> Never {
        FileHandle.standardError.write(Data("error: \(message)\n".utf8))
        exit(1)
    }
}
