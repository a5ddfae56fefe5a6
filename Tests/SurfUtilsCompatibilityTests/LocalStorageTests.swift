import Foundation
import ServiceUtils
import XCTest

// SurfUtils' LocalStorage, called exactly as SurfUtils 13.2 code calls it: static store / load / remove
// with file names, and the nested `LocalStorage.Error.Load/Store/Remove` enums.

private struct Profile: Codable, Equatable {
    let id: Int
    let nickname: String
}

private struct Measurement: Codable {
    let value: Double
}

final class LocalStorageTests: XCTestCase {
    private let names = ["compat-profile-a", "compat-profile-b", "compat-profile-c", "compat-measure"]

    override func tearDown() {
        for name in names { try? LocalStorage.remove(fileName: name) }
        super.tearDown()
    }

    func testStoredObjectLoadsBackEqual() throws {
        // given
        let profile = Profile(id: 42, nickname: "Ann")
        // when
        try LocalStorage.store(object: profile, as: "compat-profile-a")
        let loaded = try LocalStorage.load(fileName: "compat-profile-a", as: Profile.self)
        // then
        XCTAssertEqual(loaded, profile)
    }

    func testStoringTwiceReplacesTheFile() throws {
        try LocalStorage.store(object: Profile(id: 1, nickname: "first"), as: "compat-profile-b")
        try LocalStorage.store(object: Profile(id: 2, nickname: "second"), as: "compat-profile-b")
        XCTAssertEqual(try LocalStorage.load(fileName: "compat-profile-b", as: Profile.self)?.id, 2)
    }

    func testRemovedFileFailsToLoadWithFileNotExist() {
        // given
        try? LocalStorage.store(object: Profile(id: 7, nickname: "gone"), as: "compat-profile-c")
        // when
        try? LocalStorage.remove(fileName: "compat-profile-c")
        // then
        var error: Error?
        XCTAssertThrowsError(try LocalStorage.load(fileName: "compat-profile-c", as: Profile.self)) { error = $0 }
        XCTAssertEqual(error as? LocalStorage.Error.Load, .fileNotExist)
    }

    func testRemovingWhatWasNeverStoredThrowsFileNotExist() {
        var error: Error?
        XCTAssertThrowsError(try LocalStorage.remove(fileName: "compat-never-stored")) { error = $0 }
        XCTAssertEqual(error as? LocalStorage.Error.Remove, .fileNotExist)
    }

    func testNonFiniteNumberCannotBeEncoded() {
        var error: Error?
        XCTAssertThrowsError(try LocalStorage.store(object: Measurement(value: .nan), as: "compat-measure")) {
            error = $0
        }
        XCTAssertEqual(error as? LocalStorage.Error.Store, .cannotEncode)
    }

    func testLoadingAsTheWrongTypeThrowsCannotDecode() throws {
        try LocalStorage.store(object: Profile(id: 3, nickname: "typed"), as: "compat-measure")
        var error: Error?
        XCTAssertThrowsError(try LocalStorage.load(fileName: "compat-measure", as: Measurement.self)) { error = $0 }
        XCTAssertEqual(error as? LocalStorage.Error.Load, .cannotDecode)
    }

    func testAnExplicitQueueIsAccepted() throws {
        let queue = DispatchQueue(label: "compat.local-storage")
        try LocalStorage.store(object: Profile(id: 9, nickname: "queued"), as: "compat-profile-a", dispatchQueue: queue)
        let loaded = try LocalStorage.load(fileName: "compat-profile-a", as: Profile.self, dispatchQueue: queue)
        XCTAssertEqual(loaded?.nickname, "queued")
        XCTAssertTrue(LocalStorage.dispatchQueue.label.isEmpty == false)
    }
}
