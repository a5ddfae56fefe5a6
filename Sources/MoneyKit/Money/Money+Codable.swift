import Foundation

// MARK: - Codable

extension Money: Codable {
    private enum CodingKeys: String, CodingKey {
        case amount
        case currency
    }

    /// Decodes `{"amount": "12.34", "currency": "RUB"}`; the amount is a string, never a floating-point number.
    ///
    /// - Parameter decoder: The decoder.
    /// - Throws: `DecodingError` for an unknown currency or a malformed amount.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let code = try container.decode(String.self, forKey: .currency)
        guard let currency = Currency(code: code) else {
            throw DecodingError.dataCorruptedError(
                forKey: .currency,
                in: container,
                debugDescription: MoneyError.unknownCurrency(code).localizedDescription
            )
        }
        let text = try container.decode(String.self, forKey: .amount)
        do {
            self = try Money(amount: text, currency: currency)
        } catch {
            throw DecodingError.dataCorruptedError(
                forKey: .amount,
                in: container,
                debugDescription: error.localizedDescription
            )
        }
    }

    /// Encodes `{"amount": "12.34", "currency": "RUB"}`.
    ///
    /// - Parameter encoder: The encoder.
    /// - Throws: What the encoder throws.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(plainAmount, forKey: .amount)
        try container.encode(currency.code, forKey: .currency)
    }
}
