import Foundation
import GeoKit
import Testing

@Suite("Coordinate validation and normalisation")
struct CoordinateTests {
    @Test(
        "longitudes are wrapped into [-180, 180)",
        arguments: [
            (180.0, -180.0), (-180.0, -180.0), (190.0, -170.0), (540.0, -180.0), (-190.0, 170.0), (359.5, -0.5),
            (-0.0, 0.0),
            (37.6173, 37.6173),
        ])
    func wrapsLongitude(input: Double, expected: Double) throws {
        // Given a longitude outside or at the edge of the range / When we create the coordinate
        let coordinate = try Coordinate(latitude: 10, longitude: input)
        // Then it is wrapped exactly
        #expect(coordinate.longitude == expected)
        #expect(coordinate.longitude.sign == expected.sign)
    }

    @Test("NaN, infinity and latitudes beyond ±90 are rejected")
    func rejectsInvalid() {
        #expect(throws: GeoError.invalidCoordinate(.latitudeNotFinite)) { try Coordinate(latitude: .nan, longitude: 0) }
        #expect(throws: GeoError.invalidCoordinate(.longitudeNotFinite)) {
            try Coordinate(latitude: 0, longitude: .infinity)
        }
        #expect(throws: GeoError.invalidCoordinate(.latitudeOutOfRange(90.000001))) {
            try Coordinate(latitude: 90.000001, longitude: 0)
        }
        #expect(throws: GeoError.invalidCoordinate(.latitudeOutOfRange(-91))) {
            try Coordinate(latitude: -91, longitude: 0)
        }
    }

    @Test("LAT,LON text is parsed and bad text is rejected")
    func parsesText() throws {
        let coordinate = try Coordinate(parsing: "55.7558, 37.6173")
        #expect(coordinate == (try Coordinate(latitude: 55.7558, longitude: 37.6173)))
        for bad in ["", "55.7", "a,b", "55.7,37.6,1", "95,10", "nan,1", ",1"] {
            #expect(throws: GeoError.self, "\(bad)") { try Coordinate(parsing: bad) }
        }
    }

    @Test("decoding validates like the initializer")
    func decoding() throws {
        let good = try JSONDecoder().decode(Coordinate.self, from: Data(#"{"latitude":1,"longitude":181}"#.utf8))
        #expect(good.longitude == -179)
        #expect(throws: GeoError.self) {
            try JSONDecoder().decode(Coordinate.self, from: Data(#"{"latitude":91,"longitude":0}"#.utf8))
        }
    }

    @Test("errors describe what was wrong")
    func errorText() {
        let error = GeoError.invalidCoordinate(.latitudeOutOfRange(91))
        #expect(error.localizedDescription.contains("91"))
    }
}
