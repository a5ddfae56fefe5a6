import Foundation
import ServiceUtilsTestSupport
import StorageKit
import Testing

@Suite("Coding: symmetric by default, and files SurfUtils wrote still load")
struct CodingCompatibilityTests {
    /// A model with a snake_case key, which SurfUtils wrote as `first_name` but read back with
    /// `convertFromSnakeCase`, which looks for `firstName`, so it never loaded.
    struct Person: Codable, Equatable {
        var firstName: String
        var age: Int

        enum CodingKeys: String, CodingKey {
            case firstName = "first_name"
            case age
        }
    }

    struct User: Codable, Equatable {
        var id: Int
        var name: String
        var createdAt: Date
    }

    @Test("a model with snake_case keys round-trips with the default coders")
    func snakeCaseKeysRoundTrip() async throws {
        // Given the default storage
        let directory = try TestFolder()
        defer { directory.remove() }
        let storage = LocalStorage(directory: directory.url)

        // When a model SurfUtils could not read back is stored
        let person = Person(firstName: "Ann", age: 30)
        try await storage.store(person, forKey: "person")

        // Then it loads back equal
        #expect(try await storage.load(Person.self, forKey: "person") == person)
    }

    @Test("a file in SurfUtils' format (JSONEncoder defaults) loads")
    func surfUtilsFileLoads() async throws {
        // Given the bytes a default JSONEncoder writes for a User, as SurfUtils stored them
        // (dates as seconds since 2001-01-01)
        let directory = try TestFolder()
        defer { directory.remove() }
        let bytes = #"{"id":3,"name":"Jesus","createdAt":600000000}"#
        try Data(bytes.utf8).write(to: directory.file("user"))

        // When it is loaded through both APIs
        let storage = LocalStorage(directory: directory.url)
        let user = try await storage.load(User.self, forKey: "user")

        // Then the values are the ones in the file
        #expect(user == User(id: 3, name: "Jesus", createdAt: Date(timeIntervalSinceReferenceDate: 600_000_000)))
    }

    @Test("a pair of coders configured alike round-trips in their format")
    func customCoders() async throws {
        // Given snake_case keys and ISO 8601 dates on both sides
        let directory = try TestFolder()
        defer { directory.remove() }
        let encoder = JSONEncoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        encoder.dateEncodingStrategy = .iso8601
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        decoder.dateDecodingStrategy = .iso8601
        let storage = LocalStorage(directory: directory.url, encoder: encoder, decoder: decoder)

        // When a user is stored
        let user = User(id: 1, name: "Ann", createdAt: Date(timeIntervalSince1970: 0))
        try await storage.store(user, forKey: "user")

        // Then the file uses that format and loads back equal
        let text = String(decoding: try await storage.loadData(forKey: "user"), as: UTF8.self)
        #expect(text.contains(#""created_at":"1970-01-01T00:00:00Z""#))
        #expect(try await storage.load(User.self, forKey: "user") == user)
    }
}
