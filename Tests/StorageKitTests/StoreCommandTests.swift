import Foundation
import ServiceUtilsTestSupport
import StorageKit
import Testing

@Suite("service-utils store")
struct StoreCommandTests {
    @Test("put, get, list and remove work on --dir, and the library reads what the CLI wrote")
    func roundTrip() async throws {
        // Given an empty directory
        let directory = try TestFolder()
        defer { directory.remove() }
        let dir = ["--dir", directory.url.path]

        // When a JSON value is put, then get prints it and list shows the key
        #expect(try await CommandRunner.run(["store", "put", "user", #"{"id":1,"name":"Ann"}"#] + dir).status == 0)
        #expect(try await CommandRunner.run(["store", "get", "user"] + dir).output == #"{"id":1,"name":"Ann"}"# + "\n")
        #expect(try await CommandRunner.run(["store", "list"] + dir).output == "user\n")

        // And LocalStorage decodes the same file
        struct User: Decodable, Equatable {
            var id: Int
            var name: String
        }
        let storage = LocalStorage(directory: directory.url)
        #expect(try await storage.load(User.self, forKey: "user") == User(id: 1, name: "Ann"))

        // When it is removed, then get fails and list is empty
        #expect(try await CommandRunner.run(["store", "remove", "user"] + dir).status == 0)
        #expect(try await CommandRunner.run(["store", "get", "user"] + dir).status == 1)
        #expect(try await CommandRunner.run(["store", "list"] + dir).output == "")
    }

    @Test("a bad key fails, text that is not JSON is a data error, a bad action is a usage error")
    func errors() async throws {
        // Given an empty directory
        let directory = try TestFolder()
        defer { directory.remove() }
        let dir = ["--dir", directory.url.path]

        // Then each mistake has its exit status and nothing is written
        #expect(try await CommandRunner.run(["store", "put", "../escape", "1"] + dir).status == 1)
        #expect(try await CommandRunner.run(["store", "put", "key", "{not json"] + dir).status == 65)
        #expect(try await CommandRunner.run(["store", "fetch", "key"] + dir).status == 64)
        #expect(try await CommandRunner.run(["store", "get"] + dir).status == 64)
        #expect(directory.contents == [])
    }
}
