import Foundation

/// Writes a scalar parameter value (string, number, bool or anything else) as query text.
enum QueryScalar {
    /// The text of `value`: strings as they are, `Bool` per `boolEncoding`, numbers in their
    /// shortest exact form (`1.0` as `1`, as `NSNumber` prints it), other values by `description`.
    static func text(of value: Any, boolEncoding: QueryStringEncoder.BoolEncoding) -> String {
        if let string = value as? String { return string }
        if type(of: value) == Bool.self, let bool = value as? Bool { return boolText(bool, boolEncoding) }
        if let number = nativeNumberText(value) { return number }
        if let number = value as? NSNumber { return numberText(number, boolEncoding: boolEncoding) }
        return "\(value)"
    }

    /// The shortest round-trip text of a floating-point value, without a `.0` for whole numbers
    /// below 2^53.
    static func floatingText(_ value: Double) -> String {
        if value.isFinite, value.rounded() == value, abs(value) < 9_007_199_254_740_992 {
            return String(Int64(value))
        }
        return "\(value)"
    }

    private static func boolText(_ value: Bool, _ encoding: QueryStringEncoder.BoolEncoding) -> String {
        switch encoding {
        case .numeric: value ? "1" : "0"
        case .literal: value ? "true" : "false"
        }
    }

    private static func nativeNumberText(_ value: Any) -> String? {
        switch value {
        case let number as Int where type(of: value) == Int.self: String(number)
        case let number as Double where type(of: value) == Double.self: floatingText(number)
        case let number as Float where type(of: value) == Float.self:
            number.isFinite && number.rounded() == number && abs(number) < 16_777_216
                ? String(Int64(number)) : "\(number)"
        case let number as any BinaryInteger: "\(number)"
        case let number as Decimal: "\(number)"
        default: nil
        }
    }

    private static func numberText(_ number: NSNumber, boolEncoding: QueryStringEncoder.BoolEncoding) -> String {
        let kind = String(cString: number.objCType)
        if kind == "c" || kind == "B" { return boolText(number.boolValue, boolEncoding) }
        if kind == "d" || kind == "f" { return floatingText(number.doubleValue) }
        return number.stringValue
    }
}
