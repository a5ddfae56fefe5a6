// SurfUtils' LocalStorageTests (surfstudio/iOS-Utils, UtilsTests/LocalStorageTests.swift), ported:
// the same models, calls and checks, with XCTest's assertions spelled in Swift Testing. The suite's
// trait points the static API at a temporary directory instead of the user's cache directory.
import StorageKit
import Testing

struct User: Codable, Equatable {
    let id: Int
    let name: String
}

struct Time: Codable {
    let seconds: Double
}

@Suite("SurfUtils' LocalStorage tests, ported", .serialized, .temporarySharedStorage)
struct LocalStorageSurfUtilsTests {

    // MARK: - Test methods

    @Test func storing() throws {
        // given
        let user = User(id: 3, name: "Jesus")
        let filename = "testStoring"

        // when
        try? LocalStorage.store(object: user, as: filename)

        // then
        #expect(try LocalStorage.load(fileName: filename, as: User.self) != nil)
    }

    @Test func loading() {
        // given
        let user = User(id: 3, name: "Jesus")
        let filename = "testLoading"

        // when
        try? LocalStorage.store(object: user, as: filename)
        let loadedUser = try? LocalStorage.load(fileName: filename, as: User.self)

        // then
        #expect(loadedUser == user)
    }

    @Test func removing() {
        // given
        let user = User(id: 3, name: "Jesus")
        let filename = "testRemoving"
        var error: (any Error)?

        // when
        try? LocalStorage.store(object: user, as: filename)
        try? LocalStorage.remove(fileName: filename)

        // then
        #expect(throws: (any Error).self) {
            do {
                _ = try LocalStorage.load(fileName: filename, as: User.self)
            } catch let caught {
                error = caught
                throw caught
            }
        }

        #expect(error is LocalStorage.Error.Load)
        #expect(error as? LocalStorage.Error.Load == .fileNotExist)
    }

    // MARK: - Test error catching

    @Test func storingErrorCannotEncode() {
        // given
        let time = Time(seconds: .infinity)
        let filename = "testStoringErrorCannotEncode"
        var error: (any Error)?

        // when
        #expect(throws: (any Error).self) {
            do {
                try LocalStorage.store(object: time, as: filename)
            } catch let caught {
                error = caught
                throw caught
            }
        }

        // then
        #expect(error is LocalStorage.Error.Store)
        #expect(error as? LocalStorage.Error.Store == .cannotEncode)
    }

    @Test func loadingErrorCannotDecode() {
        // given
        let user = User(id: 3, name: "Jesus")
        let filename = "testLoadingErrorCannotDecode"
        var error: (any Error)?

        // when
        try? LocalStorage.store(object: user, as: filename)

        #expect(throws: (any Error).self) {
            do {
                _ = try LocalStorage.load(fileName: filename, as: Time.self)
            } catch let caught {
                error = caught
                throw caught
            }
        }

        // then
        #expect(error is LocalStorage.Error.Load)
        #expect(error as? LocalStorage.Error.Load == .cannotDecode)
    }
}
