import Foundation
import ServiceUtilsTestSupport
import Testing

/// `service-utils query` and `service-utils http`, run as the built executable.
@Suite("service-utils http and query")
struct NetworkCommandsTests {
    @Test("query prints the sorted, escaped query; repeated keys become arrays")
    func query() async throws {
        // When pairs with a repeated key and reserved characters are given
        let outcome = try await CommandRunner.run(["query", "b=x y&z", "a=1", "a=2"])
        // Then the output is Alamofire's encoding of them
        #expect(outcome.status == 0)
        #expect(outcome.output == "a%5B%5D=1&a%5B%5D=2&b=x%20y%26z\n")
    }

    @Test("query rejects a word without =")
    func queryUsage() async throws {
        // Then the exit status is EX_USAGE
        #expect(try await CommandRunner.run(["query", "novalue"]).status == 64)
    }

    @Test("http sends JSON and prints status and body; 4xx exits 1")
    func http() async throws {
        // Given httpbin
        let base = try Fixture.url("SU_HTTPBIN_URL").absoluteString
        // When a JSON POST is sent
        let post = try await CommandRunner.run([
            "http", "POST", base + "/post", "name=Ann", "--json", "--header", "X-Trace: 7",
        ])
        // Then the status line and the echoed body are printed
        #expect(post.status == 0)
        #expect(post.output.hasPrefix("HTTP 200"))
        #expect(post.output.contains(#""X-Trace": "7""#))
        #expect(post.output.contains(#""data": "{\"name\":\"Ann\"}""#))
        // And a 404 exits 1
        let missing = try await CommandRunner.run(["http", "GET", base + "/status/404"])
        #expect(missing.status == 1)
        #expect(missing.output.hasPrefix("HTTP 404"))
    }

    @Test("http --cache DIR answers a fresh response from the folder and revalidates a stale one, saying so")
    func cache() async throws {
        // Given httpbin, whose /cache/60 is fresh for a minute and whose /etag/v1 has a tag only
        let base = try Fixture.url("SU_HTTPBIN_URL").absoluteString
        let folder = try TestFolder()
        defer { folder.remove() }
        let cache = folder.file("http-cache").path

        // When each is asked twice, each time by a new process on the same folder
        let fresh = try await CommandRunner.run(["http", "GET", base + "/cache/60", "--cache", cache])
        let hit = try await CommandRunner.run(["http", "GET", base + "/cache/60", "--cache", cache])
        _ = try await CommandRunner.run(["http", "GET", base + "/etag/v1", "--cache", cache])
        let revalidated = try await CommandRunner.run(["http", "GET", base + "/etag/v1", "--cache", cache])

        // Then the first came from the network, and the others from the cache, as standard error says
        #expect(fresh.status == 0)
        #expect(!fresh.error.contains("from the cache"))
        #expect(hit.output.hasPrefix("HTTP 200"))
        #expect(hit.error.contains("answered from the cache (fresh)"))
        #expect(revalidated.output.hasPrefix("HTTP 200"))
        #expect(revalidated.error.contains("revalidated"))
        // And an empty folder name is a usage error
        #expect(try await CommandRunner.run(["http", "GET", base + "/get", "--cache", ""]).status == 64)
    }
}
