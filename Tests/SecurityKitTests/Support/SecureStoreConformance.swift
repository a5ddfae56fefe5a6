import Foundation
import SecurityKit
import Testing

/// The behaviour every text-valued ``SecureStore`` of ServiceUtils must have (SurfUtils' contract,
/// plus typed errors); each such store's suite runs all of it.
enum SecureStoreConformance {
    static func checkAll(_ store: some SecureStore & Sendable) async throws {
        try checkSaveLoadOverwrite(store)
        try checkMissingAndRemove(store)
        try checkExactText(store)
        try await checkConcurrentAccess(store)
        try checkRemoveAll(store)
    }

    static func checkSaveLoadOverwrite(_ store: some SecureStore) throws {
        // Given a saved text; Then it loads back; When it is overwritten, Then the new one loads
        try store.save(data: "first", by: "text.token")
        #expect(try store.load(by: "text.token") == "first")
        try store.save(data: "second, longer than the first", by: "text.token")
        #expect(try store.load(by: "text.token") == "second, longer than the first")
        try store.save(data: "", by: "text.empty")
        #expect(try store.load(by: "text.empty") == "")
    }

    static func checkMissingAndRemove(_ store: some SecureStore) throws {
        #expect(throws: SecureStoreError.notFound(key: "text.missing")) { try store.load(by: "text.missing") }
        try store.remove(by: "text.missing")
        try store.save(data: "x", by: "text.removed")
        try store.remove(by: "text.removed")
        #expect(throws: SecureStoreError.notFound(key: "text.removed")) { try store.load(by: "text.removed") }
    }

    static func checkExactText(_ store: some SecureStore) throws {
        // Given texts whose bytes a lossy conversion would change (a leading byte-order mark, NUL,
        // combining marks, astral characters), under Unicode keys
        let texts = [
            "\u{FEFF}bom first", "nul\u{0}inside", "e\u{301}\u{301}", "🔑𝄞", String(repeating: "ж", count: 5000),
        ]
        for (index, text) in texts.enumerated() { try store.save(data: text, by: "ключ \(index)") }
        // Then each loads back with exactly the same UTF-8
        for (index, text) in texts.enumerated() {
            #expect(Array(try store.load(by: "ключ \(index)").utf8) == Array(text.utf8), "\(index)")
        }
    }

    static func checkConcurrentAccess(_ store: some SecureStore & Sendable) async throws {
        // Given 32 tasks, each writing and reading its own key and all writing one shared key
        try await withThrowingTaskGroup(of: Void.self) { group in
            for index in 0..<32 {
                group.addTask {
                    try store.save(data: "value \(index)", by: "text.task.\(index)")
                    try store.save(data: "shared \(index)", by: "text.shared")
                    #expect(try store.load(by: "text.task.\(index)") == "value \(index)")
                    _ = try store.load(by: "text.shared")
                }
            }
            try await group.waitForAll()
        }
        // Then every own key holds its value, and the shared key holds one whole write
        for index in 0..<32 { #expect(try store.load(by: "text.task.\(index)") == "value \(index)") }
        #expect((0..<32).map { "shared \($0)" }.contains(try store.load(by: "text.shared")))
    }

    static func checkRemoveAll(_ store: some SecureStore) throws {
        try store.save(data: "x", by: "text.last")
        try store.removeAll()
        #expect(throws: SecureStoreError.notFound(key: "text.last")) { try store.load(by: "text.last") }
        #expect(throws: SecureStoreError.notFound(key: "ключ 0")) { try store.load(by: "ключ 0") }
    }
}
