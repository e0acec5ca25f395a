import Foundation

/// What the latest imported export said about itself: its `ExportDate` and the locale of its `HealthData` root.
public struct ExportInformation: Sendable, Hashable {
    /// When the export was made, if it said.
    public let exportDate: Date?
    /// The export's locale (`en_US`), if it said.
    public let locale: String?

    /// Export information.
    public init(exportDate: Date?, locale: String?) {
        self.exportDate = exportDate
        self.locale = locale
    }
}
