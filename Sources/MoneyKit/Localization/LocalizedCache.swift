import Foundation
import InternalServiceUtilities

/// What MoneyKit works out once for a locale and a currency (its separators and symbol, how
/// Foundation lays amounts out), kept for later calls in a small lock-guarded table.
///
/// The table holds at most `capacity` pairs and starts over when full: callers may describe any
/// number of currencies of their own, and none of them may make it grow without bound. A value
/// that could not be worked out is kept too (as nil), so that it is not tried again on each call.
struct LocalizedCache<Value: Sendable>: Sendable {
    /// A locale (nil for MoneyKit's plain, locale-free notation) and a currency's code and digits:
    /// `Currency`'s own `==` compares codes only, and a caller may describe `EUR` with 12 digits.
    private struct Key: Hashable, Sendable {
        let locale: Locale?
        let code: String
        let minorUnitDigits: Int
    }

    private let entries = Locked<[Key: Value?]>([:])
    private let capacity: Int

    /// An empty table.
    ///
    /// - Parameter capacity: How many pairs it keeps before it starts over.
    init(capacity: Int) {
        self.capacity = capacity
    }

    /// The value for a pair: the one kept, or the one `make` returns, which is then kept.
    ///
    /// The system's auto-updating locale is never kept (its separators change when the user changes
    /// them), so for it the answer is always nil and callers take their slow path.
    ///
    /// - Parameters:
    ///   - locale:   The locale, or nil for the plain notation.
    ///   - currency: The currency.
    ///   - make:     Works the value out; called outside the lock, and nil when it cannot be.
    /// - Returns: The value, or nil when there is none for this pair.
    func value(for locale: Locale?, _ currency: Currency, make: (Locale?, Currency) -> Value?) -> Value? {
        if let locale, locale == Locale.autoupdatingCurrent { return nil }
        let key = Key(locale: locale, code: currency.code, minorUnitDigits: currency.minorUnitDigits)
        if let known = entries.withLock({ $0[key] }) { return known }
        let made = make(locale, currency)
        entries.withLock { table in
            if table.count >= capacity { table.removeAll(keepingCapacity: true) }
            table.updateValue(made, forKey: key)
        }
        return made
    }
}
