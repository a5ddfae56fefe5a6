import Foundation

/// Committed test data under Tests/Fixtures/SecurityKit, found from this file's path.
enum SecurityFixtures {
    static var directory: URL {
        URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent()  // Support
            .deletingLastPathComponent()  // SecurityKitTests
            .deletingLastPathComponent()  // Tests
            .appendingPathComponent("Fixtures/SecurityKit")
    }

    /// The PIN-box vectors written by scripts/generate-security-vectors with pycryptodome.
    struct PinBoxVectors: Decodable {
        struct Entries: Decodable {
            var salt: String
            var iv: String
            var hash: String
            var data: String
        }

        struct Box: Decodable {
            var name: String
            var pin: String
            var secret: String
            var saltRandomHex: String
            var ivRandomHex: String
            var entries: Entries
        }

        struct Attempt: Decodable {
            var pin: String
            var outcome: String
            var text: String?
        }

        struct WrongPIN: Decodable {
            var entries: Entries
            var pin: String
            var secret: String
            var attempts: [Attempt]
        }

        var boxes: [Box]
        var wrongPIN: WrongPIN
    }

    static func pinBoxVectors() throws -> PinBoxVectors {
        let data = try Data(contentsOf: directory.appendingPathComponent("pin-crypto-box.json"))
        return try JSONDecoder().decode(PinBoxVectors.self, from: data)
    }
}
