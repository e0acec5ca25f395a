#if canImport(UniformTypeIdentifiers)
import UniformTypeIdentifiers
#else
import Foundation

/// A uniform type identifier, as UniformTypeIdentifiers spells it (that framework does not exist on Linux), so that
/// attachment code (`addAttachment(to:name:contentType:url:metadata:)`) compiles unchanged. It knows the types a
/// health attachment is (documents, images, text) by identifier, file name extension and MIME type; any other
/// identifier is kept as given.
public struct UTType: Sendable, Hashable, CustomStringConvertible {
    /// The identifier, e.g. `com.adobe.pdf`.
    public let identifier: String
    /// The usual file name extension, when known (`pdf`).
    public let preferredFilenameExtension: String?
    /// The usual MIME type, when known (`application/pdf`).
    public let preferredMIMEType: String?

    private init(_ identifier: String, _ filenameExtension: String?, _ mimeType: String?) {
        self.identifier = identifier
        preferredFilenameExtension = filenameExtension
        preferredMIMEType = mimeType
    }

    /// The type with this identifier: a known one with its extension and MIME type, any other as given (nil when
    /// empty).
    public init?(_ identifier: String) {
        if let known = Self.known.first(where: { $0.identifier == identifier }) {
            self = known
        } else if identifier.isEmpty {
            return nil
        } else {
            self.init(identifier, nil, nil)
        }
    }

    /// The known type with this file name extension (case-insensitive), or nil.
    public init?(filenameExtension: String) {
        let lowered = filenameExtension.lowercased()
        guard let known = Self.known.first(where: { $0.preferredFilenameExtension == lowered }) else { return nil }
        self = known
    }

    /// The known type with this MIME type (case-insensitive), or nil.
    public init?(mimeType: String) {
        let lowered = mimeType.lowercased()
        guard let known = Self.known.first(where: { $0.preferredMIMEType == lowered }) else { return nil }
        self = known
    }

    /// The identifier.
    public var description: String { identifier }

    /// Whether this type is the other or a kind of it (`.jpeg` conforms to `.image`, every type to `.data`).
    public func conforms(to type: UTType) -> Bool {
        if self == type || type == .data || type == .item { return true }
        if type == .image { return [.jpeg, .png, .heic, .tiff, .gif].contains(self) }
        if type == .text { return [.plainText, .json, .xml, .commaSeparatedText].contains(self) }
        return false
    }

    /// Any item.
    public static let item = UTType("public.item", nil, nil)
    /// Any bytes.
    public static let data = UTType("public.data", nil, "application/octet-stream")
    /// A PDF document.
    public static let pdf = UTType("com.adobe.pdf", "pdf", "application/pdf")
    /// Any image.
    public static let image = UTType("public.image", nil, nil)
    /// A JPEG image.
    public static let jpeg = UTType("public.jpeg", "jpeg", "image/jpeg")
    /// A PNG image.
    public static let png = UTType("public.png", "png", "image/png")
    /// A HEIC image.
    public static let heic = UTType("public.heic", "heic", "image/heic")
    /// A TIFF image.
    public static let tiff = UTType("public.tiff", "tiff", "image/tiff")
    /// A GIF image.
    public static let gif = UTType("com.compuserve.gif", "gif", "image/gif")
    /// Any text.
    public static let text = UTType("public.text", nil, nil)
    /// Plain text.
    public static let plainText = UTType("public.plain-text", "txt", "text/plain")
    /// JSON.
    public static let json = UTType("public.json", "json", "application/json")
    /// XML.
    public static let xml = UTType("public.xml", "xml", "application/xml")
    /// Comma-separated values.
    public static let commaSeparatedText = UTType("public.comma-separated-values-text", "csv", "text/csv")

    private static let known: [UTType] = [
        .item, .data, .pdf, .image, .jpeg, .png, .heic, .tiff, .gif, .text, .plainText, .json, .xml,
        .commaSeparatedText,
    ]
}
#endif
