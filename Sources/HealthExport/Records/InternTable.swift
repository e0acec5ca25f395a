/// Values made once per distinct byte string (type identifiers, units, source names, device descriptions), so that the
/// millions of records that repeat them do not each build a String.
///
/// Hand-written open addressing over the raw bytes: a Swift Dictionary would need a String (an allocation) as its key
/// for every lookup, which is exactly what this avoids.
struct InternTable<Value> {
    private struct Slot {
        var hash: UInt64
        var bytes: [UInt8]
        var value: Value
    }

    private var slots: [Slot?] = Array(repeating: nil, count: 64)
    private var count = 0

    /// The value for these bytes, made by `make` the first time they are seen.
    @inline(__always)
    mutating func value(
        for bytes: UnsafeRawBufferPointer, make: (UnsafeRawBufferPointer) throws -> Value
    ) rethrows -> Value {
        let hash = InternTable.hash(bytes)
        var index = Int(truncatingIfNeeded: hash) & (slots.count - 1)
        while let slot = slots[index] {
            if slot.hash == hash, slot.bytes.count == bytes.count,
                slot.bytes.withUnsafeBytes({ XMLBytes.equal($0, bytes) })
            {
                return slot.value
            }
            index = (index + 1) & (slots.count - 1)
        }
        let value = try make(bytes)
        slots[index] = Slot(hash: hash, bytes: Array(bytes), value: value)
        count += 1
        if count * 2 > slots.count { grow() }
        return value
    }

    private mutating func grow() {
        let old = slots
        slots = Array(repeating: nil, count: old.count * 2)
        for case let slot? in old {
            var index = Int(truncatingIfNeeded: slot.hash) & (slots.count - 1)
            while slots[index] != nil { index = (index + 1) & (slots.count - 1) }
            slots[index] = slot
        }
    }

    /// A multiply-xorshift hash over 8 bytes at a time (short keys; quality is enough for a few thousand entries).
    @inline(__always)
    private static func hash(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325 ^ UInt64(bytes.count)
        var index = 0
        while index + 8 <= bytes.count {
            hash = (hash ^ bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self)) &* 0x9E37_79B9_7F4A_7C15
            hash ^= hash >> 29
            index += 8
        }
        var tail: UInt64 = 0
        var shift: UInt64 = 0
        while index < bytes.count {
            tail |= UInt64(bytes[index]) << shift
            shift += 8
            index += 1
        }
        hash = (hash ^ tail) &* 0x9E37_79B9_7F4A_7C15
        return hash ^ (hash >> 32)
    }
}
