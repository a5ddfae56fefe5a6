import Foundation
import SecurityKit
import Testing

@Suite("InMemorySecretStore")
struct InMemorySecretStoreTests {
    @Test("Passes the shared SecretStore conformance checks")
    func conformance() async throws {
        try await SecretStoreConformance.checkAll(InMemorySecretStore())
    }
}
