import Foundation
import SecurityKit
import Testing

@Suite("InMemorySecureStore")
struct InMemorySecureStoreTests {
    @Test("Passes the shared SecureStore conformance checks")
    func conformance() async throws {
        try await SecureStoreConformance.checkAll(InMemorySecureStore())
    }
}
