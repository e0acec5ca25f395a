import HealthModel

/// Reads the `device` attribute of export records into a `Device`:
/// `<<HKDevice: 0x283e34b40>, name:Apple Watch, manufacturer:Apple Inc., model:Watch, hardware:Watch6,1, software:10.1>`.
///
/// The `0x…` address changes between exports and is ignored, so one watch stays one device. Values may contain
/// commas (`Watch6,1`), so fields are split only where `, ` is followed by a known key and a colon.
enum DeviceDescriptionParser {
    private static let keys: [(key: String, property: DeviceProperty?)] = [
        ("name", .name), ("manufacturer", .manufacturer), ("model", .model), ("hardware", .hardwareVersion),
        ("firmware", .firmwareVersion), ("software", .softwareVersion), ("localIdentifier", .localIdentifier),
        ("UDIDeviceIdentifier", .udiDeviceIdentifier), ("creation date", nil),
    ]

    /// The device described, or nil when the text holds no known field.
    static func parse(_ text: String) -> Device? {
        var body = Substring(withoutAddress(text))
        // Drop the leading "<<HKDevice" part and the trailing ">".
        if let first = keys.compactMap({ body.range(of: $0.key + ":")?.lowerBound }).min() {
            body = body[first...]
        }
        if body.hasSuffix(">") { body = body.dropLast() }
        // Find the start of every "key:" that begins a field.
        var starts: [(range: Range<Substring.Index>, property: DeviceProperty?)] = []
        var index = body.startIndex
        while index < body.endIndex {
            let atFieldStart = index == body.startIndex || body[..<index].hasSuffix(", ")
            if atFieldStart {
                for (key, property) in keys where body[index...].hasPrefix(key + ":") {
                    starts.append((index..<body.index(index, offsetBy: key.count + 1), property))
                    break
                }
            }
            index = body.index(after: index)
        }
        guard !starts.isEmpty else { return nil }
        var fields = Device.Fields()
        for (position, start) in starts.enumerated() {
            var valueEnd = position + 1 < starts.count ? starts[position + 1].range.lowerBound : body.endIndex
            if position + 1 < starts.count, body[..<valueEnd].hasSuffix(", ") {
                valueEnd = body.index(valueEnd, offsetBy: -2)
            }
            let value = String(body[start.range.upperBound..<valueEnd]).trimmingCharacters()
            guard !value.isEmpty, let property = start.property else { continue }
            switch property {
            case .name: fields.name = value
            case .manufacturer: fields.manufacturer = value
            case .model: fields.model = value
            case .hardwareVersion: fields.hardwareVersion = value
            case .firmwareVersion: fields.firmwareVersion = value
            case .softwareVersion: fields.softwareVersion = value
            case .localIdentifier: fields.localIdentifier = value
            case .udiDeviceIdentifier: fields.udiDeviceIdentifier = value
            }
        }
        return Device(fields)
    }

    /// The description without its `0x…` address, for identity: two exports of one device give the same text.
    static func identityText(_ text: String) -> String { withoutAddress(text) }

    /// The text with the first `0x` and the hexadecimal digits after it removed.
    private static func withoutAddress(_ text: String) -> String {
        guard let marker = text.range(of: "0x") else { return text }
        var end = marker.upperBound
        while end < text.endIndex, text[end].isHexDigit { end = text.index(after: end) }
        return String(text[..<marker.lowerBound]) + String(text[end...])
    }
}

extension String {
    /// The string without leading and trailing spaces.
    fileprivate func trimmingCharacters() -> String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else {
            return ""
        }
        return String(self[first...last])
    }
}
