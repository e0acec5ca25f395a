import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Identifiers for new objects: fast, unique, and increasing within a process.
///
/// `make()` gives RFC 9562 version 8 UUIDs whose first 48 bits are a per-process counter that starts at a random
/// point (no clock is read), followed by 74 random bits. A batch of new samples therefore lands at one place of the
/// SQLite store's uuid index instead of touching every leaf of it (random UUIDs cost about 3 µs per insert there,
/// measured; see docs/DECISIONS-sqlite.md). Uniqueness rests on the counter within a process and on the 74 random
/// bits (plus the random counter start) across processes, about as strong as version 4's 122 random bits for any
/// realistic number of objects. `makeVersion4()` gives plain random UUIDs.
///
/// Written by hand because Foundation's `UUID()` on Linux opens, reads and closes `/dev/urandom` for every UUID
/// (about 3.5 µs each, measured by the benchmark), which caps sample creation at about 250,000 per second. This keeps
/// the random device open, reads 4 KiB at a time and hands out its bytes.
public enum RandomUUID {
    private struct Pool {
        var bytes = [UInt8](repeating: 0, count: 4096)
        var position = 4096
        var device: Int32 = -1
        /// The next value of the 48-bit prefix of `make()`; nil until the first call draws a random start.
        var counter: UInt64?
    }

    private static let pool = Mutex(Pool())

    /// A new UUID for a new object: RFC 9562 version 8, variant 1; a 48-bit counter (increasing by one per call in
    /// this process, starting at a random point below 2^47) then 74 random bits.
    public static func make() -> UUID {
        var counter: UInt64 = 0
        var raw = pool.withLock { pool -> uuid_t in
            if pool.counter == nil {
                // A random start below 2^47 leaves 2^47 identifiers before the prefix could wrap.
                pool.counter = take(8, from: &pool) & 0x7FFF_FFFF_FFFF
            }
            counter = pool.counter!
            pool.counter = (counter &+ 1) & 0xFFFF_FFFF_FFFF
            return takeUUID(from: &pool)
        }
        raw.0 = UInt8(truncatingIfNeeded: counter >> 40)
        raw.1 = UInt8(truncatingIfNeeded: counter >> 32)
        raw.2 = UInt8(truncatingIfNeeded: counter >> 24)
        raw.3 = UInt8(truncatingIfNeeded: counter >> 16)
        raw.4 = UInt8(truncatingIfNeeded: counter >> 8)
        raw.5 = UInt8(truncatingIfNeeded: counter)
        raw.6 = (raw.6 & 0x0F) | 0x80
        raw.8 = (raw.8 & 0x3F) | 0x80
        return UUID(uuid: raw)
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
            for index in filled..<pool.bytes.count { pool.bytes[index] = UInt8.random(in: .min ... .max, using: &generator) }
        }
        #else
        pool.bytes.withUnsafeMutableBytes { buffer in arc4random_buf(buffer.baseAddress!, buffer.count) }
        #endif
    }
}
