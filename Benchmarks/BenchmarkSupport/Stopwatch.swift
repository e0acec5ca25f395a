import Foundation

/// Timing helpers over `ContinuousClock`, shared by the three benchmark executables (ohk-benchmarks,
/// ohk-export-benchmark, ohk-postgres-benchmark).
public enum Stopwatch {
    /// The clock every benchmark uses.
    public static let clock = ContinuousClock()

    /// Runs `body` once and returns its result with the elapsed time in seconds.
    @inlinable
    public static func time<T>(_ body: () throws -> T) rethrows -> (result: T, seconds: Double) {
        let start = clock.now
        let result = try body()
        return (result, (clock.now - start).seconds)
    }
}

extension Stopwatch {
    /// CPU time used by the whole process so far, in seconds (all threads): next to wall time it shows how much of a
    /// figure a busy machine took away.
    public static func processCPUSeconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) * 1e-9
    }
}

extension Duration {
    /// The duration in seconds, as a `Double`.
    public var seconds: Double {
        let (wholeSeconds, attoseconds) = components
        return Double(wholeSeconds) + Double(attoseconds) * 1e-18
    }
}

/// Order statistics of a list of measurements.
public struct Statistics: Sendable {
    /// The measurements, sorted ascending.
    public let sorted: [Double]

    /// Statistics of some measurements (at least one).
    public init(_ values: [Double]) {
        precondition(!values.isEmpty, "no measurements")
        sorted = values.sorted()
    }

    /// The smallest measurement.
    public var minimum: Double { sorted[0] }
    /// The largest measurement.
    public var maximum: Double { sorted[sorted.count - 1] }
    /// The median (mean of the two middle values for an even count).
    public var median: Double {
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }

    /// The `p`-th percentile (0...100), nearest-rank.
    public func percentile(_ p: Double) -> Double {
        let rank = Int((p / 100 * Double(sorted.count)).rounded(.up))
        return sorted[min(max(rank, 1), sorted.count) - 1]
    }
}

/// Keeps the optimizer from dropping work whose result is otherwise unused.
@inline(never)
public func blackHole<T>(_ value: T) {
    withExtendedLifetime(value) {}
}

/// The process's resident memory from `/proc/self/status` (`VmRSS`), in bytes; nil where that file does not exist.
public func residentMemoryBytes() -> Int? {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
    for line in status.split(separator: "\n") where line.hasPrefix("VmRSS:") {
        let fields = line.split(separator: " ", omittingEmptySubsequences: true)
        guard fields.count >= 2, let kilobytes = Int(fields[1]) else { return nil }
        return kilobytes * 1024
    }
    return nil
}

/// The process's peak resident memory from `/proc/self/status` (`VmHWM`), in megabytes; 0 where that file does not
/// exist.
public func peakResidentMegabytes() -> Double {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return 0 }
    for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
        let kilobytes = line.split(separator: " ").compactMap { Double($0) }.first ?? 0
        return kilobytes / 1024
    }
    return 0
}
