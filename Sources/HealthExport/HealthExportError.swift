import Foundation
import HealthModel

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

extension HealthExportError: FieldError {
    /// A file that cannot be read, holds no export or names a missing file is invalid input; a store that refused a
    /// batch failed.
    public var kind: FieldErrorKind {
        if case .storeFailed = self { return .failure }
        return .invalid
    }

    /// The file and line at fault (`export.xml:120`), with the element's field for an element that was skipped.
    public var field: String? {
        switch self {
        case let .unreadable(file, _), let .noHealthData(file): return file
        case let .invalidElement(file, line, _, field, _): return "\(file):\(line): \(field)"
        case let .fileEndedEarly(file, line, _), let .missingReferencedFile(file, line, _),
            let .storeFailed(file, line, _):
            return "\(file):\(line)"
        }
    }

    /// Why, without the file's name.
    public var reason: String {
        switch self {
        case let .unreadable(_, reason): return "cannot be read: \(reason)"
        case .noHealthData: return "no Apple Health export (an XML file whose root is <HealthData>) found"
        case let .invalidElement(_, _, element, _, reason): return "\(element) skipped: \(reason)"
        case let .fileEndedEarly(_, _, openElement):
            return "the file ended early" + (openElement.map { " inside <\($0)>" } ?? "")
                + "; what was complete was imported"
        case let .missingReferencedFile(_, _, path): return "the referenced file \(path) is missing or unreadable"
        case let .storeFailed(_, _, reason): return "the store refused the sample: \(reason)"
        }
    }
}
