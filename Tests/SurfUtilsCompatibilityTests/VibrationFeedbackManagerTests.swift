import Foundation
import ServiceUtils
import XCTest

// SurfUtils' VibrationFeedbackManager statics and enums, called from plain (non-isolated) Swift 5 code as
// SurfUtils' users call them. On Linux there is no vibration hardware, so what is checked is the choice
// of pattern, through the injectable form beside the statics.

final class VibrationFeedbackManagerTests: XCTestCase {
    func testEveryStaticEntryPointIsCallable() {
        VibrationFeedbackManager.playVibrationFeedbackBy(event: .error)
        VibrationFeedbackManager.playVibrationFeedbackBy(event: .tap)
        VibrationFeedbackManager.playVibrationFeedbackBy(event: .cancelled)
        VibrationFeedbackManager.playVibrationFeedback(default: .standard, taptic: .peek, haptic: .medium)
        VibrationFeedbackManager.playDefaultFeedbackBy(type: .alert)
        VibrationFeedbackManager.playTapticFeedbackBy(type: .failed)
        VibrationFeedbackManager.playHapticFeedbackBy(type: .selection)
        XCTAssertEqual(VibrationFeedbackManager.HapticFeedbackVibrationType.allCases.count, 7)
    }

    func testAnExhaustiveSwitchOverSurfUtilsEventsCompiles() {
        // A switch written for SurfUtils' three events, with no default: another case would not compile.
        func name(_ event: VibrationFeedbackManager.Event) -> String {
            switch event {
            case .tap: return "tap"
            case .error: return "error"
            case .cancelled: return "cancelled"
            }
        }
        XCTAssertEqual(VibrationFeedbackManager.Event.allCases.map(name), ["tap", "error", "cancelled"])
    }

    func testStaticsAreCallableFromABackgroundQueue() {
        // SurfUtils' statics had no isolation: code calling them from a background queue compiles
        // without a concurrency warning (this target is built with warnings as errors) and returns.
        let done = expectation(description: "called")
        DispatchQueue.global().async {
            VibrationFeedbackManager.playVibrationFeedbackBy(event: .tap)
            VibrationFeedbackManager.playHapticFeedbackBy(type: .light)
            done.fulfill()
        }
        wait(for: [done], timeout: 60)
    }

    func testEventsFollowTheDeviceKind() {
        XCTAssertEqual(VibrationFeedbackManager.pattern(for: .tap, capability: .hapticEngine), .impact(.medium))
        XCTAssertEqual(VibrationFeedbackManager.pattern(for: .tap, capability: .tapticEngine), .systemSound(1519))
        XCTAssertEqual(VibrationFeedbackManager.pattern(for: .error, capability: .vibration), .systemSound(4095))
        XCTAssertEqual(VibrationFeedbackManager.pattern(for: .cancelled, capability: .vibration), .none)
    }

    @MainActor
    func testTheThreeWayChoicePlaysOnePattern() {
        let player = RecordingHapticPlayer(capability: .hapticEngine)
        let manager = VibrationFeedbackManager(player: player)
        manager.play(default: .standard, taptic: .pop, haptic: .warning)
        XCTAssertEqual(player.played, [.notification(.warning)])
        XCTAssertEqual(HapticPattern(VibrationFeedbackManager.TapticEngineVibrationType.tryagain), .systemSound(1102))
        XCTAssertEqual(HapticPattern(VibrationFeedbackManager.DefaultVibrationType.standard), .systemSound(4095))
    }
}
