import Foundation

/// A figure a case measures besides its time, such as the growth of resident memory over 200,000
/// requests, which a ``BenchmarkGoal`` can bound.
///
/// ```swift
/// BenchmarkQuantity(name: "resident memory growth", value: 0.4, unit: "MB")
/// ```
package struct BenchmarkQuantity: Sendable, Equatable {
    /// What is measured, in words.
    package var name: String
    /// How much.
    package var value: Double
    /// Its unit, such as `MB`.
    package var unit: String

    /// `value` `unit` of `name`.
    package init(name: String, value: Double, unit: String) {
        self.name = name
        self.value = value
        self.unit = unit
    }

    /// The value and unit, such as `0.4 MB`.
    package var formattedValue: String {
        BenchmarkQuantity.format(value, unit: unit)
    }

    /// `value` with one decimal and `unit`, such as `16.0 MB` (a value that rounds to zero has no sign).
    package static func format(_ value: Double, unit: String) -> String {
        let rounded = (value * 10).rounded() / 10
        return String(format: "%.1f", rounded == 0 ? 0 : rounded) + " " + unit
    }
}
