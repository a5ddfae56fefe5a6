import Foundation
import SecurityKit

/// Keeps a ``TokenModel`` as JSON under one key of a `SecretStore`.
struct TokenStore: Sendable {
    let store: any SecretStore
    let key: String

    /// The saved tokens, or nil when none are saved.
    func load() throws(GroceryAPIError) -> TokenModel? {
        let data: Data
        do {
            data = try store.load(by: key)
        } catch SecureStoreError.notFound {
            return nil
        } catch {
            throw .tokenStorageFailed(.storeFailed(Self.describe(error)))
        }
        guard let tokens = try? JSONDecoder().decode(TokenModel.self, from: data) else {
            throw .tokenStorageFailed(.unreadableTokens)
        }
        return tokens
    }

    func save(_ tokens: TokenModel) throws(GroceryAPIError) {
        do {
            try store.save(data: try JSONEncoder().encode(tokens), by: key)
        } catch {
            throw .tokenStorageFailed(.storeFailed(Self.describe(error)))
        }
    }

    func clear() throws(GroceryAPIError) {
        do {
            try store.remove(by: key)
        } catch {
            throw .tokenStorageFailed(.storeFailed(Self.describe(error)))
        }
    }

    /// The store's message; stores never put values into their errors.
    private static func describe(_ error: any Error) -> String {
        (error as? any LocalizedError)?.errorDescription ?? "\(type(of: error))"
    }
}
