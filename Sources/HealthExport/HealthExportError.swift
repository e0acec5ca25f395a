import Foundation

/// Everything that can go wrong while importing an Apple Health export, naming the file, line and field at fault.
public enum HealthExportError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The path could not be opened or read.
    case unreadable(file: String, reason: String)
    /// No XML file with a `<HealthData` root was found at the path (or in the zip or folder).
    case noHealthData(file: String)
    /// One element could not be read; it was skipped and the rest of the file imported.
    case invalidElement(file: String, line: Int, element: String, field: String, reason: String)
    /// The file ended before the document was complete; what was complete was imported.
    case fileEndedEarly(file: String, line: Int, openElement: String?)
    /// A file that a `FileReference` names (a GPX route) is missing or unreadable.
    case missingReferencedFile(file: String, line: Int, path: String)
    /// The store refused a batch of samples.
    case storeFailed(file: String, line: Int, reason: String)

    /// The problem in words, with file and line.
    public var description: String {
        switch self {
        case let .unreadable(file, reason):
            return "\(file): cannot be read: \(reason)"
        case let .noHealthData(file):
            return "\(file): no Apple Health export (an XML file whose root is <HealthData>) found"
        case let .invalidElement(file, line, element, field, reason):
            return "\(file):\(line): \(element) skipped: \(field): \(reason)"
        case let .fileEndedEarly(file, line, openElement):
            return "\(file):\(line): the file ended early" + (openElement.map { " inside <\($0)>" } ?? "")
                + "; what was complete was imported"
        case let .missingReferencedFile(file, line, path):
            return "\(file):\(line): the referenced file \(path) is missing or unreadable"
        case let .storeFailed(file, line, reason):
            return "\(file):\(line): the store refused the sample: \(reason)"
        }
    }

    /// The line the problem is on, when it has one.
    public var line: Int? {
        switch self {
        case .unreadable, .noHealthData: return nil
        case let .invalidElement(_, line, _, _, _), let .fileEndedEarly(_, line, _),
            let .missingReferencedFile(_, line, _),
            let .storeFailed(_, line, _):
            return line
        }
    }
}
