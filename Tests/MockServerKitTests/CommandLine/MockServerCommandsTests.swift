import Foundation
import InternalServiceUtilities
import MockServerKit
import NetworkKit
import ServiceUtilsTestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

private struct ServingError: Error, CustomStringConvertible {
    var description: String
}

@Suite("service-utils mock and record")
struct MockServerCommandsTests {
    /// `service-utils` serving until signalled: started, its first line (the base URL) read.
    private final class Serving: Sendable {
        let process: ChildProcess
        let baseURL: URL

        init(_ arguments: [String]) async throws {
            let process = try ChildProcess(
                try BuiltProducts.executable("service-utils"), arguments: arguments, standardOutput: .pipe,
                standardError: .pipe)
            self.process = process
            guard let output = process.standardOutput else { throw ServingError(description: "no pipe") }
            let line = try await onThread { () -> String in
                var bytes: [UInt8] = []
                while let byte = try output.read(upToCount: 1)?.first, byte != 0x0A { bytes.append(byte) }
                return String(decoding: bytes, as: UTF8.self)
            }
            guard let url = URL(string: line), line.hasPrefix("http://127.0.0.1:") else {
                process.send(SIGKILL)
                throw ServingError(description: "first line is not a URL: \(line)")
            }
            baseURL = url
        }

        /// Sends `signal`, then waits for the exit; returns the status and standard error.
        func stop(with signal: Int32) async throws -> (status: Int32, error: String) {
            process.send(signal)
            let process = self.process
            return try await onThread {
                let error = try process.standardError?.readToEnd() ?? Data()
                return (process.wait(), String(decoding: error, as: UTF8.self))
            }
        }
    }

    private static let chrome = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // CommandLine
        .deletingLastPathComponent()  // MockServerKitTests
        .deletingLastPathComponent()  // Tests
        .appendingPathComponent("Fixtures/MockServerKit/HAR/chrome.har")

    @Test("record forwards, writes one line per request, and leaves a complete HAR after SIGINT")
    func recordThroughTheCLI() async throws {
        // Given an upstream and `service-utils record` in front of it
        let folder = try TestFolder()
        defer { folder.remove() }
        let upstream = try MockServer()
        defer { upstream.stop() }
        upstream.stub(method: .get, path: "/api/items", response: .json(data: Data(#"{"items":[]}"#.utf8)))
        upstream.stub(method: .post, path: "/api/items") { request in
            MockResponse(status: 201, headers: ["Content-Type": "application/json"], body: request.body)
        }
        let file = folder.file("cli.har")
        let serving = try await Serving(["record", "--upstream", upstream.baseURL.absoluteString, "--har", file.path])
        defer { serving.process.send(SIGKILL) }

        // When two requests go through it and it is interrupted
        let client = HTTPClient()
        let items = try await client.send(URLRequest(url: serving.baseURL.appendingPathComponent("api/items")))
        var post = URLRequest(url: serving.baseURL.appendingPathComponent("api/items"))
        post.httpMethod = "POST"
        post.httpBody = Data(#"{"name":"tea"}"#.utf8)
        let created = try await client.send(post)
        let (status, errorText) = try await serving.stop(with: SIGINT)

        // Then the answers were the upstream's, stderr has a line per request, and the file is complete
        #expect(items.text == #"{"items":[]}"#)
        #expect(created.statusCode == 201)
        #expect(status == 0)
        let requestLines = errorText.split(separator: "\n").filter { $0.contains(" → ") }
        #expect(requestLines.count == 2)
        #expect(errorText.contains("2 entries"))
        let check = try await HARCheck.run(file)
        #expect(check.schemaErrors == [])
        #expect(check.entries.map(\.method) == ["GET", "POST"])
        #expect(check.entries[1].postText == #"{"name":"tea"}"#)
    }

    @Test("mock serves a HAR under the given faults, one line per request, and exits 0 on SIGTERM")
    func mockThroughTheCLI() async throws {
        // Given `service-utils mock` over Chrome's export, failing its first request
        let serving = try await Serving(["mock", "--har", Self.chrome.path, "--fault", "fail-first=1:503"])
        defer { serving.process.send(SIGKILL) }
        let client = HTTPClient { $0.acceptableStatusCodes = 200..<600 }
        let url = serving.baseURL.appendingPathComponent("api/items")
        var components = try #require(URLComponents(url: url, resolvingAgainstBaseURL: false))
        components.query = "sort=name&page=1"
        let itemsURL = try #require(components.url)

        // When the items are asked for twice, and a path the file lacks once
        let first = try await client.send(URLRequest(url: itemsURL))
        let second = try await client.send(URLRequest(url: itemsURL))
        let missing = try await client.send(URLRequest(url: serving.baseURL.appendingPathComponent("nothing")))
        let (status, errorText) = try await serving.stop(with: SIGTERM)

        // Then the fault came first (taking the first recording, as conditions apply to an answer
        // chosen), then the second recording; the miss got the 404 listing; all logged
        #expect(first.statusCode == 503)
        #expect(second.text.contains("\"version\":\"v2\""))
        #expect(missing.statusCode == 404)
        #expect(missing.text.contains("closest"))
        #expect(status == 0)
        #expect(errorText.contains("serving 5 entries"))
        #expect(errorText.split(separator: "\n").filter { $0.contains(" → ") }.count == 3)
    }

    @Test("A fault that cannot be parsed is a usage error listing the valid forms")
    func badFault() async throws {
        // When mock is given a fault it does not know
        let outcome = try await CommandRunner.run(["mock", "--har", Self.chrome.path, "--fault", "explode=3"])

        // Then it exits 64 and lists the forms
        #expect(outcome.status == 64)
        #expect(outcome.error.contains("\"explode=3\" is not a fault"))
        #expect(outcome.error.contains("close-after=BYTES"))
        #expect(outcome.error.contains("fail-first=N[:STATUS]"))
    }

    @Test(
        "Bad numbers are usage errors",
        arguments: [
            ["--fault", "close-after=-1"], ["--fault", "dribble=0/100"], ["--latency", "soon"], ["--bandwidth", "0"],
            ["--port", "70000"],
        ])
    func badNumbers(arguments: [String]) async throws {
        // When mock is given an option with a value out of its range
        let outcome = try await CommandRunner.run(["mock", "--har", Self.chrome.path] + arguments)

        // Then it exits 64
        #expect(outcome.status == 64)
    }

    @Test("A file that is not HAR ends with status 1 and says why, naming the entry")
    func badFile() async throws {
        // Given a HAR whose entry lacks its response
        let folder = try TestFolder()
        defer { folder.remove() }
        let text =
            #"{"log":{"version":"1.2","creator":{"name":"t","version":"1"},"entries":[{"startedDateTime":"x"}]}}"#
        let file = try folder.write(Data(text.utf8), to: "bad.har")

        // When mock is asked to serve it
        let outcome = try await CommandRunner.run(["mock", "--har", file.path])

        // Then it fails and names the entry and field
        #expect(outcome.status == 1)
        #expect(outcome.error.contains("entry 0, time: required field missing"))
    }

    @Test("The tour records three requests through a proxy and replays them with the upstream gone")
    func tour() async throws {
        // When the tour's HAR section runs
        let outcome = try await CommandRunner.run(["tour", "--section", "replay it offline"])

        // Then the same three answers come back from the replay
        #expect(outcome.status == 0)
        #expect(outcome.output.contains("3 entries in api.har"))
        let answers = outcome.lines.filter { $0.hasPrefix("    ") && $0.contains(" → ") }
        #expect(answers.count == 6)
        #expect(Array(answers.prefix(3)) == Array(answers.suffix(3)))
        #expect(outcome.output.contains("tour: 1 of 1 sections ran"))
    }
}
