import Foundation

/// Reads decimal numbers from bytes without building a String.
///
/// Hand-written fast path: up to 15 significant digits and a power of ten up to 22 give a correctly rounded Double
/// by one division (Clinger's fast path); anything else goes through `strtod`.
enum DecimalParser {
    /// The number in `bytes` (surrounding spaces allowed), or nil when it is not a number.
    static func parse(_ bytes: UnsafeRawBufferPointer) -> Double? {
        var start = 0
        var end = bytes.count
        while start < end, XMLTokenizer.isSpace(bytes[start]) { start += 1 }
        while end > start, XMLTokenizer.isSpace(bytes[end - 1]) { end -= 1 }
        guard start < end else { return nil }
        var index = start
        var negative = false
        if bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") {
            negative = bytes[index] == UInt8(ascii: "-")
            index += 1
        }
        var mantissa: UInt64 = 0
        var digits = 0
        var fractionDigits = 0
        var sawDigit = false
        var sawPoint = false
        while index < end {
            let byte = bytes[index]
            if byte >= 0x30, byte <= 0x39 {
                sawDigit = true
                if mantissa == 0, byte == 0x30, !sawPoint {
                    index += 1
                    continue
                }
                mantissa = mantissa &* 10 &+ UInt64(byte - 0x30)
                digits += 1
                if sawPoint { fractionDigits += 1 }
            } else if byte == UInt8(ascii: "."), !sawPoint {
                sawPoint = true
            } else {
                break
            }
            index += 1
        }
        if index == end, sawDigit, digits <= 15, fractionDigits <= 22 {
            let value = fractionDigits == 0 ? Double(mantissa) : Double(mantissa) / powersOfTen[fractionDigits]
            return negative ? -value : value
        }
        return slowParse(UnsafeRawBufferPointer(rebasing: bytes[start..<end]))
    }

    private static let powersOfTen: [Double] = (0...22).map { pow(10, Double($0)) }

    private static func slowParse(_ bytes: UnsafeRawBufferPointer) -> Double? {
        guard bytes.count < 64 else { return Double(String(decoding: bytes, as: UTF8.self)) }
        var buffer = [CChar](repeating: 0, count: bytes.count + 1)
        for index in 0..<bytes.count { buffer[index] = CChar(bitPattern: bytes[index]) }
        return buffer.withUnsafeBufferPointer { pointer -> Double? in
            var end: UnsafeMutablePointer<CChar>?
            let value = strtod(pointer.baseAddress!, &end)
            guard let end, end == UnsafeMutablePointer(mutating: pointer.baseAddress! + bytes.count) else { return nil }
            return value.isFinite ? value : nil
        }
    }
}
