import Foundation

/// Prints degrees for URLs: `.` as the decimal separator whatever the locale, and at least six
/// decimals (up to eight, trailing zeros beyond the sixth dropped).
enum MapCoordinateText {
    static func decimal(_ value: Double) -> String {
        var text = String(format: "%.8f", value + 0)
        var decimals = text.split(separator: ".").last?.count ?? 0
        while decimals > 6 && text.hasSuffix("0") {
            text.removeLast()
            decimals -= 1
        }
        return text == "-0.000000" ? "0.000000" : text
    }

    /// `lat,lon`.
    static func latitudeLongitude(_ coordinate: Coordinate) -> String {
        decimal(coordinate.latitude) + "," + decimal(coordinate.longitude)
    }

    /// `lon,lat`.
    static func longitudeLatitude(_ coordinate: Coordinate) -> String {
        decimal(coordinate.longitude) + "," + decimal(coordinate.latitude)
    }
}
