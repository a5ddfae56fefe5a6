public import Foundation

/// Formats distances for people in their locale: metres below 1 km, kilometres with one decimal
/// below a boundary, whole kilometres above it, with the locale's digits and separators.
///
/// Numbers come from Foundation's locale-aware number formatting and the unit symbols from
/// `UnitLength`, so the output is the same on every platform (swift-corelibs-foundation has no
/// `MeasurementFormatter`).
///
/// ```swift
/// let formatter = DistanceFormatter(locale: Locale(identifier: "de_DE"))
/// formatter.string(from: Measurement(value: 12_345, unit: UnitLength.meters))   // "12,3 km"
/// ```
public struct DistanceFormatter: Sendable {
    /// The locale whose separators are used.
    public var locale: Locale
    /// Metres from which kilometres are shown as a whole number.
    public var kilometreBoundary: Double

    /// Creates a formatter.
    ///
    /// - Parameters:
    ///   - locale:            The locale; the current one when omitted.
    ///   - kilometreBoundary: Metres from which kilometres lose their decimal; 50 000 by default.
    public init(locale: Locale = .current, kilometreBoundary: Double = 50_000) {
        self.locale = locale
        self.kilometreBoundary = kilometreBoundary
    }

    /// Formats a length of any unit.
    ///
    /// - Parameter distance: The distance; negative and non-finite values are shown as `0 m`.
    /// - Returns: Such as `"950 m"`, `"1,2 km"` or `"1 234 km"`.
    public func string(from distance: Measurement<UnitLength>) -> String {
        let metres = distance.converted(to: .meters).value
        guard metres.isFinite, metres >= 0 else { return number(0, decimals: 0) + " " + UnitLength.meters.symbol }
        if metres < 1000 {
            return number(metres, decimals: 0) + " " + UnitLength.meters.symbol
        }
        let kilometres = metres / 1000
        return number(kilometres, decimals: metres < kilometreBoundary ? 1 : 0) + " " + UnitLength.kilometers.symbol
    }

    /// Formats metres.
    ///
    /// - Parameter metres: The distance in metres.
    /// - Returns: The same as ``string(from:)`` for that many metres.
    public func string(fromMetres metres: Double) -> String {
        string(from: Measurement(value: metres, unit: UnitLength.meters))
    }

    private func number(_ value: Double, decimals: Int) -> String {
        value.formatted(.number.precision(.fractionLength(decimals)).locale(locale))
    }
}
