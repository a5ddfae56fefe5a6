import Foundation
import ServiceUtils
import XCTest

// SurfUtils' `BrightSide.isBright()`: `true` means no sign of a jailbroken (rooted) device.

final class BrightSideTests: XCTestCase {
    func testIsBrightAgreesWithTheReport() {
        let report = BrightSide().report()
        if BrightSide.isBright() {
            XCTAssertTrue(report.isClean, "\(report.findings)")
        } else {
            XCTAssertFalse(report.isClean)
            XCTAssertFalse(report.findings.isEmpty)
        }
    }

    func testRunningAsRootIsNotBright() {
        // The README's branch: CI runs as root, which the Linux rules count as a rooted device.
        #if os(Linux)
            if getuid() == 0 {
                XCTAssertFalse(BrightSide.isBright())
            } else {
                XCTAssertFalse(BrightSide().report().findings.contains { $0.indicator == .runningAsRoot })
            }
        #endif
    }
}
