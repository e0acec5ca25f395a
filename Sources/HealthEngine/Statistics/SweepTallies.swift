/// What the calculator's sweep counted from each source, per bucket, for provenance (`StatisticsProvenance`): kept
/// only when asked, beside the figures and by the same slices, so that the sources' parts add up to the figures.
struct SweepTallies {
    /// Per source slot (the measurements' source index; the last slot for measurements without a source), per
    /// bucket: the amount counted (cumulative types) or the number of samples counted (discrete types).
    var amount: [[Double]]
    /// Per source slot, per bucket: the time counted (the weight a time-weighted average gives it), in seconds.
    var time: [[Double]]
    /// Per bucket: the time covered by the measurements' union (as `duration` counts it), in seconds.
    var covered: [Double]
    /// The number of sources (the slot of measurements without one).
    let sourceCount: Int

    /// Empty tallies for `sourceCount` sources over `bucketCount` buckets.
    init(sourceCount: Int, bucketCount: Int) {
        self.sourceCount = sourceCount
        let zeros = [Double](repeating: 0, count: bucketCount)
        amount = Array(repeating: zeros, count: sourceCount + 1)
        time = Array(repeating: zeros, count: sourceCount + 1)
        covered = zeros
    }

    /// The slot of a source index (-1: no source).
    @inline(__always)
    func slot(_ source: Int) -> Int { source < 0 ? sourceCount : source }

    /// A cumulative measurement counted over `length` seconds of its span in a bucket (its whole value for a point,
    /// `length` 0).
    @inline(__always)
    mutating func countAmount(of measurement: TimedValue, over length: Double, in bucket: Int) {
        let span = measurement.end - measurement.start
        let part = span > 0 ? measurement.value * length / span : measurement.value
        amount[slot(measurement.source)][bucket] += part
    }

    /// A discrete measurement counted once in a bucket.
    @inline(__always)
    mutating func countSample(of measurement: TimedValue, in bucket: Int) {
        amount[slot(measurement.source)][bucket] += 1
    }

    /// A discrete measurement weighing `length` seconds in a bucket.
    @inline(__always)
    mutating func countTime(of measurement: TimedValue, _ length: Double, in bucket: Int) {
        time[slot(measurement.source)][bucket] += length
    }
}
