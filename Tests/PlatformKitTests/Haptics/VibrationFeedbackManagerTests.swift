import Foundation
import PlatformKit
import Testing

@Suite("VibrationFeedbackManager event → pattern table")
@MainActor
struct VibrationFeedbackManagerTests {
    /// SurfUtils' choices for its three events, written out from its documentation.
    @Test(
        "SurfUtils' events keep SurfUtils' patterns",
        arguments: [
            (VibrationFeedbackManager.Event.tap, HapticCapability.hapticEngine, HapticPattern.impact(.medium)),
            (.tap, .tapticEngine, .systemSound(1519)),
            (.tap, .vibration, .none),
            (.error, .hapticEngine, .notification(.error)),
            (.error, .tapticEngine, .systemSound(1521)),
            (.error, .vibration, .systemSound(4095)),
            (.cancelled, .hapticEngine, .notification(.warning)),
            (.cancelled, .tapticEngine, .systemSound(1521)),
            (.cancelled, .vibration, .none),
        ])
    func surfUtilsEvents(event: VibrationFeedbackManager.Event, capability: HapticCapability, expected: HapticPattern) {
        #expect(VibrationFeedbackManager.pattern(for: FeedbackEvent(event), capability: capability) == expected)
    }

    @Test("SurfUtils' Event has exactly SurfUtils' three cases, each the FeedbackEvent of its name")
    func surfUtilsEventCases() {
        #expect(VibrationFeedbackManager.Event.allCases == [.tap, .error, .cancelled])
        for event in VibrationFeedbackManager.Event.allCases {
            #expect(FeedbackEvent(event).rawValue == event.rawValue)
        }
    }

    @Test(
        "notification, selection and impact events map to their generators on a haptic engine",
        arguments: [
            (FeedbackEvent.success, HapticPattern.notification(.success)),
            (.warning, .notification(.warning)), (.selection, .selection), (.light, .impact(.light)),
            (.medium, .impact(.medium)), (.heavy, .impact(.heavy)), (.soft, .impact(.soft)), (.rigid, .impact(.rigid)),
        ])
    func hapticEngine(event: FeedbackEvent, expected: HapticPattern) {
        #expect(VibrationFeedbackManager.pattern(for: event, capability: .hapticEngine) == expected)
    }

    @Test("the first Taptic Engine only gets its three system sounds; no capability means no pattern")
    func tapticAndNone() {
        let taptic = Set(
            FeedbackEvent.allCases.map {
                VibrationFeedbackManager.pattern(for: $0, capability: .tapticEngine)
            })
        #expect(taptic == [.systemSound(1519), .systemSound(1520), .systemSound(1521)])
        #expect(VibrationFeedbackManager.pattern(for: .success, capability: .tapticEngine) == .pop)
        for event in FeedbackEvent.allCases {
            #expect(VibrationFeedbackManager.pattern(for: event, capability: .none) == .none)
        }
    }

    @Test(
        "capability resolution prefers the richest hardware",
        arguments: [
            (true, Int?.none, true, HapticCapability.hapticEngine),
            (false, 2, true, .hapticEngine),
            (false, 1, true, .tapticEngine),
            (false, 0, true, .vibration),
            (false, nil, true, .vibration),
            (false, nil, false, .none),
            (false, 0, false, .none),
        ])
    func capabilityResolution(haptic: Bool, level: Int?, vibration: Bool, expected: HapticCapability) {
        #expect(
            HapticCapability.resolve(
                supportsHapticEngine: haptic, feedbackSupportLevel: level, supportsVibration: vibration) == expected)
    }

    @Test("the manager plays the resolved pattern on its player, which records it")
    func playsThroughPlayer() {
        // Given a recording player that claims a haptic engine
        let player = RecordingHapticPlayer(capability: .hapticEngine)
        let manager = VibrationFeedbackManager(player: player)
        // When three events happen
        manager.play(.success)
        manager.play(.tap)
        manager.play(.selection)
        // Then the player saw the three patterns in order
        #expect(player.played == [.notification(.success), .impact(.medium), .selection])
    }

    @Test(
        "the three-way choice plays the haptic, taptic or default pattern by capability",
        arguments: [
            (HapticCapability.hapticEngine, HapticPattern.impact(.heavy)),
            (.tapticEngine, .systemSound(1102)),
            (.vibration, .systemSound(1011)),
            (.none, .systemSound(1011)),
        ])
    func threeWayChoice(capability: HapticCapability, expected: HapticPattern) {
        let player = RecordingHapticPlayer(capability: capability)
        let played = VibrationFeedbackManager(player: player).play(default: .alert, taptic: .tryagain, haptic: .heavy)
        #expect(played == expected)
        #expect(player.played == [expected])
    }

    @Test("SurfUtils' sound identifiers: Taptic 1519/1520/1521/1102/1107, vibrate 4095, alert 1011")
    func soundIdentifiers() {
        let taptic = VibrationFeedbackManager.TapticEngineVibrationType.allCases.map(HapticPattern.init)
        #expect(taptic == [1519, 1520, 1521, 1102, 1107].map { HapticPattern.systemSound($0) })
        #expect(
            VibrationFeedbackManager.DefaultVibrationType.allCases.map(HapticPattern.init) == [
                .systemSound(4095), .systemSound(1011),
            ])
        #expect(
            VibrationFeedbackManager.HapticFeedbackVibrationType.allCases.map(HapticPattern.init) == [
                .notification(.success), .notification(.warning), .notification(.error), .impact(.light),
                .impact(.medium), .impact(.heavy), .selection,
            ])
    }
}

@Suite("VibrationFeedbackManager's static SurfUtils entry points", .serialized)
@MainActor
struct VibrationFeedbackManagerStaticTests {
    @Test("each static method plays through the shared player, whatever its capability for the direct ones")
    func staticsPlayThroughTheSharedPlayer() async {
        // Given the static API's player replaced by a recorder of the first Taptic Engine
        let player = RecordingHapticPlayer(capability: .tapticEngine)
        VibrationFeedbackManager.playerOverride = player
        defer { VibrationFeedbackManager.playerOverride = nil }
        // When every SurfUtils static method is called
        VibrationFeedbackManager.playVibrationFeedbackBy(event: .error)
        VibrationFeedbackManager.playVibrationFeedback(default: .standard, taptic: .failed, haptic: .success)
        VibrationFeedbackManager.playDefaultFeedbackBy(type: .alert)
        VibrationFeedbackManager.playTapticFeedbackBy(type: .pop)
        VibrationFeedbackManager.playHapticFeedbackBy(type: .selection)
        // And the static entry point of the other events
        VibrationFeedbackManager.playFeedback(for: .success)
        // (on Apple's main thread they played at once; elsewhere they are queued on the main queue,
        // in order, before this mark)
        await Self.mainQueueTurn()
        // Then the events and the three-way choice follow the capability; the direct ones play as asked
        #expect(player.played == [.nope, .systemSound(1107), .systemSound(1011), .pop, .selection, .pop])
    }

    /// Returns after the main queue ran everything queued on it before this call.
    private static func mainQueueTurn() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            DispatchQueue.main.async { continuation.resume() }
        }
    }

    @Test("called from another thread, a static method plays on the main queue's next turn")
    func fromAnotherThread() async {
        // Given the static API's player replaced by a recorder
        let player = RecordingHapticPlayer(capability: .hapticEngine)
        VibrationFeedbackManager.playerOverride = player
        defer { VibrationFeedbackManager.playerOverride = nil }
        // When a background thread calls a SurfUtils static method, then queues a mark behind it
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            Thread.detachNewThread {
                VibrationFeedbackManager.playVibrationFeedbackBy(event: .tap)
                DispatchQueue.main.async { continuation.resume() }
            }
        }
        // Then the feedback was played on the main actor before the mark
        #expect(player.played == [.impact(.medium)])
    }

    @Test("without an override the statics use the platform's player (nothing audible on Linux)")
    func platformPlayer() {
        VibrationFeedbackManager.playVibrationFeedbackBy(event: .error)
        #expect(VibrationFeedbackManager(player: RecordingHapticPlayer()).play(.error) == .none)
    }
}
