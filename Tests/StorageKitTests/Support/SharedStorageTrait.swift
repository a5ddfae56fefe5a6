import Foundation
import ServiceUtilsTestSupport
import StorageKit
import Testing

/// Points SurfUtils' static API at a temporary directory for one suite, then puts the default back.
///
/// Only the serialized SurfUtils suite uses it, so no other test sees the swap.
struct TemporarySharedStorage: SuiteTrait, TestScoping {
    func provideScope(
        for test: Test,
        testCase: Test.Case?,
        performing function: @Sendable () async throws -> Void
    ) async throws {
        let directory = try TestFolder()
        let previous = LocalStorage._sharedForTesting
        LocalStorage._sharedForTesting = LocalStorage(directory: directory.url)
        defer {
            LocalStorage._sharedForTesting = previous
            directory.remove()
        }
        try await function()
    }
}

extension Trait where Self == TemporarySharedStorage {
    /// Runs the suite with the static API's storage in a temporary directory.
    static var temporarySharedStorage: Self { Self() }
}
