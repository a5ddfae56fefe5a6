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

    @Test("GeolocationService authorizes and locates through gpsd, and the CLI prints the fix")
    func throughServiceAndCLI() async throws {
        let address = try Fixture.value("SU_GPSD_ADDRESS")
        let service = GeolocationService(manager: try GPSDLocationProvider(address: address, timeout: 20))
        #expect(await service.authorization() == .success)
        guard case .success(let fix) = await service.currentLocation() else {
            Issue.record("no fix: \(String(describing: service.lastError))")
            return
        }
        #expect(abs(fix.coordinate.latitude - 59.9386) < 1e-7)
        let result = try await CommandRunner.run(["locate", "--gpsd", address, "--timeout", "20"])
        #expect(result.status == 0, "\(result.error)")
        #expect(result.output.contains("latitude:  59.9386000"))
        #expect(result.output.contains("longitude: 30.3141000"))
    }
}
