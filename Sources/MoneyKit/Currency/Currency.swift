/// An ISO 4217 currency: its alphabetic code, numeric code and number of minor-unit digits.
///
/// The known currencies are static members generated from ISO 4217's current list (`Currency.rub`,
/// `Currency.usd`, `Currency.jpy`…, see `Currency.catalog` and `Currency.iso4217Published`); you can
/// also describe one yourself. Codes that earlier versions of the table carried and ISO has since
/// withdrawn (`Currency.hrk`, `Currency.sll`…) are still found by code, so stored amounts decode.
///
/// ```swift
/// Currency.jpy.minorUnitDigits          // 0
/// Currency(code: "KWD")?.minorUnitDigits // 3
/// Currency(numericCode: 933)            // BYN
/// ```
public struct Currency: Sendable, Hashable {
    /// The three-letter code, such as `RUB`.
    public let code: String
    /// The ISO 4217 numeric code, such as 643 for RUB; nil when there is none.
    public let numericCode: Int?
    /// How many digits follow the decimal separator: ISO 4217's minor unit, such as 2 for RUB and USD,
    /// 0 for JPY, 3 for KWD and IQD. Where ISO gives none (gold, SDR, `XXX`), CLDR's 2.
    public let minorUnitDigits: Int

    /// Describes a currency; prefer the static members for ISO currencies.
    ///
    /// - Parameters:
    ///   - code:            The alphabetic code.
    ///   - numericCode:     The numeric code, if any.
    ///   - minorUnitDigits: Digits after the decimal separator, from 0 to 18 (values outside are clamped).
    public init(code: String, numericCode: Int?, minorUnitDigits: Int) {
        self.code = code
        self.numericCode = numericCode
        self.minorUnitDigits = min(max(minorUnitDigits, 0), 18)
    }

    /// Looks a code up in the table, case-insensitively; withdrawn codes that earlier tables carried
    /// (`HRK`, `SLL`…) are found too.
    ///
    /// - Parameter code: A three-letter code such as `rub` or `USD`.
    public init?(code: String) {
        guard let found = Self.byCode[code.uppercased()] else { return nil }
        self = found
    }

    /// Looks a currency of ISO 4217's current list up by its numeric code, such as 643 (532 is `XCG`,
    /// no longer the withdrawn `ANG`).
    ///
    /// - Parameter numericCode: The numeric code.
    public init?(numericCode: Int) {
        guard let found = Self.catalog.first(where: { $0.numericCode == numericCode }) else { return nil }
        self = found
    }

    /// How many minor units make one major unit: 100 for RUB, 1 for JPY, 1000 for KWD.
    public var minorUnitsPerMajorUnit: Int64 {
        var result: Int64 = 1
        for _ in 0..<minorUnitDigits { result *= 10 }
        return result
    }

    private static let byCode: [String: Currency] = Dictionary(
        (catalog + formerCatalog).map { ($0.code, $0) },
        uniquingKeysWith: { current, _ in current }
    )
}

// MARK: - RawRepresentable, Codable

extension Currency: RawRepresentable, Codable, CustomStringConvertible {
    /// The alphabetic code.
    public var rawValue: String { code }

    /// Looks a code up in the table, as ``init(code:)`` does.
    ///
    /// - Parameter rawValue: A three-letter code.
    public init?(rawValue: String) {
        self.init(code: rawValue)
    }

    /// The alphabetic code.
    public var description: String { code }
}
