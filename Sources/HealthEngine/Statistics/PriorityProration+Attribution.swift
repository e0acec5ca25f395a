extension PriorityProration {
    /// Where each rank's counted amounts go per source group, for provenance (`StatisticsProvenance`): the group of
    /// every row and, per group, its sums.
    struct Attribution {
        /// The group of each row (0..<groupCount).
        let groupOfRow: [Int32]
        /// Per group: the amounts counted from its rows, per bucket.
        var sums: [Sums]

        /// An attribution of rows to `groupCount` groups over `bucketCount` buckets.
        init(groupOfRow: [Int32], groupCount: Int, bucketCount: Int) {
            self.groupOfRow = groupOfRow
            self.sums = Array(repeating: Sums(bucketCount), count: groupCount)
        }

        /// The rows of each group among `rows`, keeping their order (one group in the usual case: no copy then).
        func split(_ rows: [Int32]) -> [(group: Int, rows: [Int32])] {
            guard let first = rows.first else { return [] }
            let firstGroup = groupOfRow[Int(first)]
            if rows.allSatisfy({ groupOfRow[Int($0)] == firstGroup }) { return [(Int(firstGroup), rows)] }
            var byGroup: [Int32: [Int32]] = [:]
            for row in rows { byGroup[groupOfRow[Int(row)], default: []].append(row) }
            return byGroup.keys.sorted().map { (Int($0), byGroup[$0]!) }
        }
    }
}
