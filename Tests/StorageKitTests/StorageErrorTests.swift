import Foundation
import ServiceUtilsTestSupport
import StorageKit
import Testing

@Suite("StorageError messages")
struct StorageErrorTests {
    @Test("a rejected key's message names the key (NUL shown as \\0) and the rule it broke")
    func invalidKeyMessage() async throws {
        // Given a storage
        let directory = try TestFolder()
        defer { directory.remove() }
        let storage = LocalStorage(directory: directory.url)

        // When keys with a NUL and a separator are stored
        var messages: [String] = []
        for key in ["a\0b", "../x"] {
            do {
                try await storage.store(1, forKey: key)
            } catch {
                messages.append(error.localizedDescription)
            }
        }

        // Then each message says which key and why
        #expect(messages.count == 2)
        #expect(messages.first?.contains(#"'a\0b'"#) == true)
        #expect(messages.first?.contains("NUL") == true)
        #expect(messages.last?.contains("'../x'") == true)
        #expect(messages.last?.contains("path separator") == true)
    }

    @Test("a decoding failure's message names the key and says the file was kept")
    func decodingMessage() async throws {
        // Given a stored string
        let directory = try TestFolder()
        defer { directory.remove() }
        let storage = LocalStorage(directory: directory.url)
        try await storage.store("text", forKey: "value")

        // When it is loaded as a number, then the error says so and carries the key
        do {
            _ = try await storage.load(Int.self, forKey: "value")
            Issue.record("a string decoded as an Int")
        } catch {
            #expect(error.key == "value")
            #expect(error.localizedDescription.contains("'value'"))
            #expect(error.localizedDescription.contains("kept"))
        }
    }
}
