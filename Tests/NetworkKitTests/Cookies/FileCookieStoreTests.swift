import Foundation
import NetworkKit
import ServiceUtilsTestSupport
import Testing

@Suite("FileCookieStore: cookies in a Netscape cookie file")
struct FileCookieStoreTests {
    static func cookie(_ name: String, _ value: String = "v", expires: Date? = nil) -> Cookie {
        Cookie(name: name, value: value, domain: "example.com", expiresAt: expires)
    }

    @Test("a missing file is an empty store; a change saves it atomically, leaving no temporary file")
    func savesAtomically() throws {
        // Given a folder without a cookie file
        let folder = try TestFolder()
        defer { folder.remove() }
        let file = folder.file("cookies.txt")
        let store = try FileCookieStore(contentsOf: file)
        #expect(store.cookies.isEmpty)

        // When cookies are inserted, a session one and a lasting one
        store.insert(Self.cookie("session"))
        store.insert(Self.cookie("lasting", expires: Date(timeIntervalSince1970: 2_000_000_000)))

        // Then the file holds both, the session cookie with expiry 0 as curl writes it, and the folder
        // holds only the file and its lock file
        #expect(store.lastError == nil)
        let text = try String(contentsOf: file, encoding: .utf8)
        #expect(text.contains("example.com\tFALSE\t/\tFALSE\t0\tsession\tv\n"))
        #expect(text.contains("example.com\tFALSE\t/\tFALSE\t2000000000\tlasting\tv\n"))
        #expect(folder.contents == ["cookies.txt", "cookies.txt.lock"])
        let attributes = try FileManager.default.attributesOfItem(atPath: file.path)
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
    }

    @Test("a new store over the file has the cookies saved before; removals are saved too")
    func persistsAcrossInstances() throws {
        // Given a store that saved three cookies, one expired
        let folder = try TestFolder()
        defer { folder.remove() }
        let file = folder.file("cookies.txt")
        let first = try FileCookieStore(contentsOf: file)
        first.insert(Self.cookie("a"))
        first.insert(Self.cookie("b", expires: Date(timeIntervalSinceNow: 3600)))
        first.insert(Self.cookie("old", expires: Date(timeIntervalSince1970: 1_000)))

        // When another store opens the file, and then session cookies are removed
        let second = try FileCookieStore(contentsOf: file)
        let before = Set(second.cookies.map(\.name))
        second.removeSessionCookies()
        let third = try FileCookieStore(contentsOf: file)

        // Then the second saw the live cookies, and the third only the lasting one
        #expect(before == ["a", "b"])
        #expect(third.cookies.map(\.name) == ["b"])
    }

    @Test("a save that fails keeps the old file and the cookies in memory, and reports the error")
    func failedSaveKeepsEverything() throws {
        // Given a store that saved one cookie, and a lock file that cannot be opened (a folder in its
        // place: permissions do not stop root, which the tests may run as)
        let folder = try TestFolder()
        defer { folder.remove() }
        let file = folder.file("cookies.txt")
        let store = try FileCookieStore(contentsOf: file)
        store.insert(Self.cookie("saved"))
        let savedText = try String(contentsOf: file, encoding: .utf8)
        try FileManager.default.removeItem(at: folder.file("cookies.txt.lock"))
        try FileManager.default.createDirectory(at: folder.file("cookies.txt.lock"), withIntermediateDirectories: false)

        // When another cookie is inserted
        store.insert(Self.cookie("unsaved"))

        // Then the error is kept, save() throws it, the file is as it was, and memory has both cookies
        let error = try #require(store.lastError)
        guard case .writeFailed(let path, _) = error.reason else {
            Issue.record("expected writeFailed, got \(error)")
            return
        }
        #expect(path.hasSuffix("cookies.txt.lock"))
        #expect(throws: CookieFileError.self) { try store.save() }
        #expect(try String(contentsOf: file, encoding: .utf8) == savedText)
        #expect(Set(store.cookies.map(\.name)) == ["saved", "unsaved"])

        // When the folder is removed and the store saves again
        try FileManager.default.removeItem(at: folder.file("cookies.txt.lock"))
        try store.save()

        // Then both cookies are in the file and the error is gone
        #expect(store.lastError == nil)
        #expect(Set(try FileCookieStore(contentsOf: file).cookies.map(\.name)) == ["saved", "unsaved"])
    }

    @Test("a file replaced by a folder fails the save without losing cookies or leaving temporary files")
    func pathIsAFolder() throws {
        // Given a store with a cookie, whose file then becomes a folder
        let folder = try TestFolder()
        defer { folder.remove() }
        let file = folder.file("cookies.txt")
        let store = try FileCookieStore(contentsOf: file)
        store.insert(Self.cookie("kept"))
        try FileManager.default.removeItem(at: file)
        try FileManager.default.createDirectory(at: file, withIntermediateDirectories: false)

        // When another cookie is inserted
        store.insert(Self.cookie("also-kept"))

        // Then the error is reported and nothing is lost or left behind
        #expect(store.lastError?.reason == .notARegularFile(path: file.path))
        #expect(Set(store.cookies.map(\.name)) == ["kept", "also-kept"])
        #expect(folder.contents == ["cookies.txt", "cookies.txt.lock"])
    }

    @Test("two stores on one file (two processes) keep each other's cookies and removals")
    func twoStoresMerge() throws {
        // Given two stores over one file
        let folder = try TestFolder()
        defer { folder.remove() }
        let file = folder.file("cookies.txt")
        let first = try FileCookieStore(contentsOf: file)
        let second = try FileCookieStore(contentsOf: file)

        // When each inserts cookies in turn, and one changes a cookie the other made
        first.insert(Self.cookie("a"))
        second.insert(Self.cookie("b"))
        first.insert(Self.cookie("c"))
        second.insert(Self.cookie("a", "changed"))

        // Then the file has all of them, with the change
        let merged = try FileCookieStore(contentsOf: file).cookies
        #expect(
            Set(merged.map(CookieFileFields.init))
                == Set(
                    [
                        Self.cookie("a", "changed"), Self.cookie("b"), Self.cookie("c"),
                    ].map(CookieFileFields.init)))
        // and each store sees the other's saves when it reads
        #expect(Set(first.cookies.map(\.value)) == ["changed", "v"])

        // When one removes everything and the other then adds a cookie
        first.removeAll()
        second.insert(Self.cookie("d"))

        // Then the removal holds for the cookies it saw, and the new cookie is kept
        #expect(try FileCookieStore(contentsOf: file).cookies.map(\.name) == ["d"])
    }

    @Test("two stores inserting at once on many threads lose no cookie")
    func concurrentStores() async throws {
        // Given two stores over one file
        let folder = try TestFolder()
        defer { folder.remove() }
        let file = folder.file("cookies.txt")
        let stores = [try FileCookieStore(contentsOf: file), try FileCookieStore(contentsOf: file)]

        // When each inserts 20 cookies from concurrent tasks
        await withTaskGroup(of: Void.self) { group in
            for (which, store) in stores.enumerated() {
                for index in 0..<20 {
                    group.addTask { store.insert(Self.cookie("s\(which)-\(index)")) }
                }
            }
        }

        // Then the file holds all 40, and no save failed
        #expect(stores.allSatisfy { $0.lastError == nil })
        #expect(try FileCookieStore(contentsOf: file).cookies.count == 40)
        #expect(folder.contents == ["cookies.txt", "cookies.txt.lock"])
    }

    @Test("the jar's limits hold for a file read and after a merge")
    func bounded() throws {
        // Given a file with 30 cookies and a store that keeps at most 10 per domain
        let folder = try TestFolder()
        defer { folder.remove() }
        let file = folder.file("cookies.txt")
        try NetscapeCookieFile.write((0..<30).map { Self.cookie("c\($0)") }, to: file)
        var limits = CookieJar.Limits()
        limits.cookiesPerDomain = 10

        // When the store opens it
        let store = try FileCookieStore(contentsOf: file, limits: limits)

        // Then it keeps 10
        #expect(store.cookies.count == 10)
    }

    @Test("a broken file, a huge line or NULs make the initialiser throw a typed error naming the line")
    func brokenFiles() throws {
        let folder = try TestFolder()
        defer { folder.remove() }
        let cases: [(String, CookieFileError)] = [
            (
                "example.com\tFALSE\t/\tFALSE\t0\ta\tb\nbroken\n",
                CookieFileError(line: 2, reason: .wrongFieldCount(found: 1))
            ),
            (
                "# x\n" + String(repeating: "y", count: 70_000),
                CookieFileError(line: 2, reason: .lineTooLong(limit: NetscapeCookieFile.maximumLineBytes))
            ),
            ("example.com\tFALSE\t/\tFALSE\t0\ta\t\0\0\0\n", CookieFileError(line: 1, reason: .controlCharacter)),
        ]
        for (index, (text, expected)) in cases.enumerated() {
            // Given a file with a broken line
            let file = try folder.write(Data(text.utf8), to: "broken-\(index).txt")

            // When a store opens it
            let error = #expect(throws: CookieFileError.self) { try FileCookieStore(contentsOf: file) }

            // Then it throws the error naming the line
            #expect(error == expected)
        }
    }
}
