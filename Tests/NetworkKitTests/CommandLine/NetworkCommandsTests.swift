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
}
