import Foundation
import GeoKit
import ServiceUtilsTestSupport
import Testing

/// Against Debian's gpsd replaying Tests/Fixtures/GeoKit/gpsd/track.nmea through gpsfake
/// (scripts/fixtures/geo.sh). The log's position is 59°56.3160′N 030°18.8460′E, 12.5 m MSL, HDOP 0.9.
@Suite("GPSDLocationProvider against a real gpsd (gpsfake)")
struct GPSDFixtureTests {
    @Test("the first fix is the logged position")
    func fix() async throws {
        // Given gpsd fed by gpsfake
        let provider = try GPSDLocationProvider(address: try Fixture.value("SU_GPSD_ADDRESS"), timeout: 20)
        // When we ask for a fix
        let fix = try await provider.fix()
        // Then it is the logged position (ddmm.mmmm converted to degrees). gpsd sends a TPV per
        // sentence, so a fix taken from the RMC sentence of an epoch has no error estimate yet
        // (nil, "unknown"); when it has one, it is gpsd's positive estimate, never zero.
        #expect(abs(fix.coordinate.latitude - (59 + 56.3160 / 60)) < 1e-7)
        #expect(abs(fix.coordinate.longitude - (30 + 18.8460 / 60)) < 1e-7)
        if let accuracy = fix.horizontalAccuracy { #expect(accuracy > 0) }
    }

    @Test("GeolocationService locates through gpsd, and the CLI prints the fix")
    func throughServiceAndCLI() async throws {
        let address = try Fixture.value("SU_GPSD_ADDRESS")
        let provider = try GPSDLocationProvider(address: address, timeout: 20)
        let latitude = try await onThread { () -> Double? in
            let service = GeolocationService(manager: GPSDLocationManager(provider: provider))
            var latitude: Double?
            service.getCurrentLocation { result in
                if case .success(let fix) = result { latitude = fix.coordinate.latitude }
            }
            return latitude
        }
        #expect(abs((latitude ?? 0) - 59.9386) < 1e-7)
        let result = try await CommandRunner.run(["locate", "--gpsd", address, "--timeout", "20"])
        #expect(result.status == 0, "\(result.error)")
        #expect(result.output.contains("latitude:  59.9386000"))
        #expect(result.output.contains("longitude: 30.3141000"))
    }
}
