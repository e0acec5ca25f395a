import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Identifiers for new objects: fast, unique, in time order within a process, and telling nothing of other objects.
///
/// `make()` gives RFC 9562 version 8 UUIDs whose first 48 bits count milliseconds of the process's monotonic clock
/// from a random starting point, followed by 74 random bits. A batch of new samples therefore lands at one place of
/// the SQLite store's uuid index instead of touching every leaf of it (random UUIDs cost about 3 µs per insert there,
/// measured; see docs/decisions/sqlite.md). The prefix never decreases within a process; UUIDs made in the same
/// millisecond share it and differ in their random bits. Uniqueness rests on the 74 random bits, about as strong as
/// version 4's 122 for any realistic number of objects made in one millisecond. `makeVersion4()` gives plain random
/// UUIDs.
///
/// Why milliseconds and not a counter (as before): a counter shared by the process let anyone who saves two samples
/// read from their UUIDs how many objects everybody else saved in between (issue 17). Elapsed time reveals nothing
/// of other people's data. The clock is the monotonic one, from a random origin: the prefix is neither a date nor an
/// uptime, and nothing reads it as one (the project's dates come from clocks passed in; this only orders identifiers).
///
/// Written by hand because Foundation's `UUID()` on Linux opens, reads and closes `/dev/urandom` for every UUID
/// (about 3.5 µs each, measured by the benchmark), which caps sample creation at about 250,000 per second. This keeps
/// the random device open, reads 4 KiB at a time and hands out its bytes.
public enum RandomUUID {
    private struct Pool {
        var bytes = [UInt8](repeating: 0, count: 4096)
        var position = 4096
        var device: Int32 = -1
        /// The prefix's value at the monotonic clock's zero; nil until the first call draws a random one below 2^47.
        var origin: UInt64?
        /// The last prefix handed out (the prefix never goes back, whatever the clock does).
        var last: UInt64 = 0
    }

    private static let pool = Mutex(Pool())

    /// A new UUID for a new object: RFC 9562 version 8, variant 1; a 48-bit prefix of milliseconds (never decreasing
    /// in this process, starting at a random point below 2^47) then 74 random bits.
    public static func make() -> UUID {
        let milliseconds = monotonicMilliseconds()
        var prefix: UInt64 = 0
        var raw = pool.withLock { pool -> uuid_t in
            if pool.origin == nil {
                // A random start below 2^47 leaves 2^47 milliseconds (4,400 years) before the prefix could wrap.
                pool.origin = take(8, from: &pool) & 0x7FFF_FFFF_FFFF
            }
            prefix = max(pool.last, (pool.origin! &+ milliseconds) & 0xFFFF_FFFF_FFFF)
            pool.last = prefix
            return takeUUID(from: &pool)
        }
        raw.0 = UInt8(truncatingIfNeeded: prefix >> 40)
        raw.1 = UInt8(truncatingIfNeeded: prefix >> 32)
        raw.2 = UInt8(truncatingIfNeeded: prefix >> 24)
        raw.3 = UInt8(truncatingIfNeeded: prefix >> 16)
        raw.4 = UInt8(truncatingIfNeeded: prefix >> 8)
        raw.5 = UInt8(truncatingIfNeeded: prefix)
        raw.6 = (raw.6 & 0x0F) | 0x80
        raw.8 = (raw.8 & 0x3F) | 0x80
        return UUID(uuid: raw)
    }

    /// Milliseconds of the monotonic clock (from an unspecified zero, such as the machine's start).
    private static func monotonicMilliseconds() -> UInt64 {
        #if canImport(Glibc)
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return UInt64(time.tv_sec) &* 1000 &+ UInt64(time.tv_nsec) / 1_000_000
        #else
        return clock_gettime_nsec_np(CLOCK_UPTIME_RAW) / 1_000_000
        #endif
    }

    /// A new random UUID (RFC 4122 version 4, variant 1): 122 random bits, no order.
    public static func makeVersion4() -> UUID {
        var raw = pool.withLock { pool in takeUUID(from: &pool) }
        raw.6 = (raw.6 & 0x0F) | 0x40
        raw.8 = (raw.8 & 0x3F) | 0x80
        return UUID(uuid: raw)
    }

    /// The next 16 random bytes of the pool.
    private static func takeUUID(from pool: inout Pool) -> uuid_t {
        if pool.position + 16 > pool.bytes.count {
            refill(&pool)
            pool.position = 0
        }
        let start = pool.position
        pool.position += 16
        return pool.bytes.withUnsafeBytes { buffer in
            UnsafeRawBufferPointer(rebasing: buffer[start..<(start + 16)]).loadUnaligned(as: uuid_t.self)
        }
    }

    /// The next `count` (at most 8) random bytes of the pool as an integer.
    private static func take(_ count: Int, from pool: inout Pool) -> UInt64 {
        if pool.position + count > pool.bytes.count {
            refill(&pool)
            pool.position = 0
        }
        var value: UInt64 = 0
        for index in pool.position..<(pool.position + count) { value = value << 8 | UInt64(pool.bytes[index]) }
        pool.position += count
        return value
    }

    private static func refill(_ pool: inout Pool) {
        #if canImport(Glibc)
        if pool.device < 0 { pool.device = open("/dev/urandom", O_RDONLY | O_CLOEXEC) }
        let device = pool.device
        var filled = 0
        if device >= 0 {
            pool.bytes.withUnsafeMutableBytes { buffer in
                while filled < buffer.count {
                    let result = read(device, buffer.baseAddress! + filled, buffer.count - filled)
                    if result > 0 {
                        filled += result
                    } else if result < 0 && errno == EINTR {
                        continue
                    } else {
                        break
                    }
                }
            }
        }
        if filled < pool.bytes.count {
            // The random device could not be read: fall back to Swift's system generator for the rest.
            var generator = SystemRandomNumberGenerator()
            for index in filled..<pool.bytes.count {
                pool.bytes[index] = UInt8.random(in: .min ... .max, using: &generator)
            }
        }
        #else
        pool.bytes.withUnsafeMutableBytes { buffer in arc4random_buf(buffer.baseAddress!, buffer.count) }
        #endif
    }
}
