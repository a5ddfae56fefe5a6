import Foundation
import SecurityKit
import Testing

/// The behaviour every ``SecretStore`` must have; each store's suite runs all of it.
enum SecretStoreConformance {
    static func checkAll(_ store: any SecretStore) async throws {
        try checkSaveLoadOverwrite(store)
        try checkMissingAndRemove(store)
        try checkUnicodeKeysAndLargeValues(store)
        try await checkConcurrentAccess(store)
        try checkRemoveAll(store)
    }

    static func checkSaveLoadOverwrite(_ store: any SecretStore) throws {
        // Given a saved value; Then it loads back; When it is overwritten, Then the new one loads
        try store.save(data: Data("first".utf8), by: "conformance.token")
        #expect(try store.load(by: "conformance.token") == Data("first".utf8))
        try store.save(data: Data("second, longer than the first".utf8), by: "conformance.token")
        #expect(try store.load(by: "conformance.token") == Data("second, longer than the first".utf8))
        try store.save(data: Data(), by: "conformance.empty")
        #expect(try store.load(by: "conformance.empty") == Data())
    }

    static func checkMissingAndRemove(_ store: any SecretStore) throws {
        #expect(throws: SecureStoreError.notFound(key: "conformance.missing")) {
            try store.load(by: "conformance.missing")
        }
        try store.remove(by: "conformance.missing")
        try store.save(data: Data("x".utf8), by: "conformance.removed")
        try store.remove(by: "conformance.removed")
        #expect(throws: SecureStoreError.notFound(key: "conformance.removed")) {
            try store.load(by: "conformance.removed")
        }
    }

    static func checkUnicodeKeysAndLargeValues(_ store: any SecretStore) throws {
        let value = Data(SecureRandom.bytes(count: 1024))
        for key in ["ключ 🔑", "key/with/slashes", "..", "Key", "key"] {
            try store.save(data: value + Data(key.utf8), by: key)
        }
        for key in ["ключ 🔑", "key/with/slashes", "..", "Key", "key"] {
            #expect(try store.load(by: key) == value + Data(key.utf8), "\(key)")
        }
    }

    static func checkConcurrentAccess(_ store: any SecretStore) async throws {
        // Given 32 tasks, each writing and reading its own key and all writing one shared key
        try await withThrowingTaskGroup(of: Void.self) { group in
            for index in 0..<32 {
                group.addTask {
                    let own = Data("value \(index)".utf8)
                    try store.save(data: own, by: "conformance.task.\(index)")
                    try store.save(data: Data("shared \(index)".utf8), by: "conformance.shared")
                    #expect(try store.load(by: "conformance.task.\(index)") == own)
                    _ = try store.load(by: "conformance.shared")
                }
            }
            try await group.waitForAll()
        }
        // Then every own key holds its value, and the shared key holds one whole write
        for index in 0..<32 {
            #expect(try store.load(by: "conformance.task.\(index)") == Data("value \(index)".utf8))
        }
        let shared = String(decoding: try store.load(by: "conformance.shared"), as: UTF8.self)
        #expect((0..<32).map { "shared \($0)" }.contains(shared))
    }

    static func checkRemoveAll(_ store: any SecretStore) throws {
        try store.save(data: Data("x".utf8), by: "conformance.last")
        try store.removeAll()
        #expect(throws: SecureStoreError.notFound(key: "conformance.last")) { try store.load(by: "conformance.last") }
        #expect(throws: SecureStoreError.notFound(key: "ключ 🔑")) { try store.load(by: "ключ 🔑") }
    }
}
