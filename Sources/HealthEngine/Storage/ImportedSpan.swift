/// A stretch of an export's data file that was imported whole: its bytes' digest and length, how many lines and
/// samples it held. A later import meeting the same bytes between the same kind of boundaries can pass over them
/// without reading them again, as long as the store has deleted nothing since (a deletion forgets every span).
public struct ImportedSpan: Hashable, Sendable {
    /// What identifies the span's bytes (the counts follow from them).
    public let key: Key
    /// The line breaks in the span (to keep line numbers of later problems right when it is passed over).
    public let lines: Int64
    /// The records, correlations and workouts read in the span (counted as already stored when it is passed over).
    public let samples: Int64

    /// A span with its key and counts.
    public init(key: Key, lines: Int64, samples: Int64) {
        self.key = key
        self.lines = lines
        self.samples = samples
    }

    /// The digest and length of a span's bytes.
    public struct Key: Hashable, Sendable {
        /// The first half of the 128-bit digest of the span's bytes.
        public let digestHigh: UInt64
        /// The second half of the digest.
        public let digestLow: UInt64
        /// The length in bytes.
        public let length: Int64

        /// A key from a digest and a length.
        public init(digestHigh: UInt64, digestLow: UInt64, length: Int64) {
            self.digestHigh = digestHigh
            self.digestLow = digestLow
            self.length = length
        }
    }
}
