import Foundation

@testable import HealthExport

/// GPX routes (`GPXReader` on `XMLTokenizer`): the points read do not depend on where the file is cut into chunks.
enum GPXFuzzTarget {
    static func run(_ data: Data) throws(ParserFuzzTargets.Violation) {
        let whole = points(data, cuts: [])
        let cut = points(data, cuts: FuzzChunks.cuts(data))
        try ParserFuzzTargets.check(
            whole == cut, "gpx",
            "read whole: \(whole.count) points, in chunks at \(FuzzChunks.cuts(data)): \(cut.count) (\(whole.prefix(3)) / \(cut.prefix(3)))"
        )
    }

    /// The points read, described (so that NaN compares equal to itself), feeding the file cut at `cuts`.
    private static func points(_ data: Data, cuts: [Int]) -> [String] {
        var reader = GPXReader()
        _ = FuzzChunks.feed(data, cuts: cuts, into: &reader)
        return reader.locations.map { String(describing: $0) }
    }
}
