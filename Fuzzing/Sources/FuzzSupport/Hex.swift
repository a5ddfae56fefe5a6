/// The value of two ASCII hexadecimal digits (either case), or nil when either is not one: the
/// `XX` of a `%XX` or `=XX` escape. (`UInt8(_:radix:)` would also take a sign.)
///
/// - Parameters:
///   - high: The first digit.
///   - low: The second digit.
/// - Returns: The byte they spell.
public func hexByte(_ high: UInt8, _ low: UInt8) -> UInt8? {
    guard let high = hexDigit(high), let low = hexDigit(low) else { return nil }
    return high << 4 | low
}

/// The bytes with each valid `%XX` escape decoded and everything else kept as it is (a `%` not
/// followed by two hexadecimal digits stays): how a reader that never fails undoes percent-encoding.
///
/// - Parameter bytes: Percent-encoded text.
/// - Returns: The decoded bytes.
public func decodingValidPercentEscapes(_ bytes: [UInt8]) -> [UInt8] {
    var output: [UInt8] = []
    var index = 0
    while index < bytes.count {
        if bytes[index] == UInt8(ascii: "%"), index + 2 < bytes.count,
            let value = hexByte(bytes[index + 1], bytes[index + 2])
        {
            output.append(value)
            index += 3
        } else {
            output.append(bytes[index])
            index += 1
        }
    }
    return output
}

private func hexDigit(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
    case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
    case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
    default: nil
    }
}
