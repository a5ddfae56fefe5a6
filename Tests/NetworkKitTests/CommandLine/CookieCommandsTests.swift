import Foundation
import NetworkKit
import ServiceUtilsTestSupport
import Testing

/// curl's cookie options on `service-utils http`, `download` and `upload`, against httpbin, and
/// cookie files passed between `service-utils` and the curl command-line tool.
@Suite("service-utils -b, -c and -j, as curl's")
struct CookieCommandsTests {
    /// httpbin's base URL as text.
    static func base() throws -> String { try Fixture.url("SU_HTTPBIN_URL").absoluteString }

    @Test("-c writes the cookies set on a redirect; -b FILE sends them back; -b NAME=VALUE sends them as they are")
    func jarRoundTrip() async throws {
        // Given httpbin and a folder for the jar
        let base = try Self.base()
        let folder = try TestFolder()
        defer { folder.remove() }
        let jar = folder.file("jar.txt")

        // When /cookies/set (a 302 with Set-Cookie) is asked with -c, then /cookies with -b jar, then with pairs
        let set = try await CommandRunner.run(["http", "GET", base + "/cookies/set?a=1&b=two", "-c", jar.path])
        let sent = try await CommandRunner.run(["http", "GET", base + "/cookies", "-b", jar.path])
        let literal = try await CommandRunner.run(["http", "GET", base + "/cookies", "--cookie", "x=1; y=2"])

        // Then the redirected hop already carried both, the jar holds them, and each later request sent its cookies
        #expect(set.status == 0, "\(set.error)")
        #expect(set.output.contains(#""a": "1""#) && set.output.contains(#""b": "two""#), "\(set.output)")
        let stored = try NetscapeCookieFile.read(contentsOf: jar)
        #expect(stored.map(\.name).sorted() == ["a", "b"])
        #expect(sent.output.contains(#""a": "1""#) && sent.output.contains(#""b": "two""#), "\(sent.output)")
        #expect(literal.output.contains(#""x": "1""#) && literal.output.contains(#""y": "2""#), "\(literal.output)")
    }

    @Test("-j leaves out the session cookies of the file -b reads")
    func junkSessionCookies() async throws {
        // Given a jar with a session cookie and one that lasts
        let base = try Self.base()
        let host = try #require(URL(string: base)?.host)
        let folder = try TestFolder()
        defer { folder.remove() }
        let jar = folder.file("jar.txt")
        try NetscapeCookieFile.write(
            [
                Cookie(name: "session", value: "s", domain: host),
                Cookie(name: "lasting", value: "l", domain: host, expiresAt: Date().addingTimeInterval(3600)),
            ], to: jar)

        // When /cookies is asked with -b jar -j
        let outcome = try await CommandRunner.run(["http", "GET", base + "/cookies", "-b", jar.path, "-j"])

        // Then only the lasting cookie went
        #expect(outcome.output.contains(#""lasting": "l""#), "\(outcome.output)")
        #expect(!outcome.output.contains("session"), "\(outcome.output)")
    }

    @Test("-c writes the jar also when the request failed")
    func jarAfterFailure() async throws {
        // Given a jar with a cookie, and a port nothing listens on
        let folder = try TestFolder()
        defer { folder.remove() }
        let input = folder.file("in.txt")
        let output = folder.file("out.txt")
        try NetscapeCookieFile.write([Cookie(name: "kept", value: "1", domain: "127.0.0.1")], to: input)

        // When a request that cannot connect runs with -b in.txt -c out.txt
        let outcome = try await CommandRunner.run([
            "http", "GET", "http://127.0.0.1:9/", "-b", input.path, "-c", output.path,
        ])

        // Then it failed, and out.txt still holds the cookie
        #expect(outcome.status != 0)
        #expect(try NetscapeCookieFile.read(contentsOf: output).map(\.name) == ["kept"])
    }

    @Test("a broken cookie file is a usage error naming its line")
    func brokenFile() async throws {
        // Given a cookie file whose third line has five fields
        let folder = try TestFolder()
        defer { folder.remove() }
        let file = try folder.write(
            Data("# Netscape HTTP Cookie File\n\nexample.com\tFALSE\t/\tFALSE\t0\n".utf8), to: "bad.txt")

        // When it is given to -b
        let outcome = try await CommandRunner.run(["http", "GET", "http://127.0.0.1:9/", "-b", file.path])

        // Then the command stops before sending, naming the file and the line
        #expect(outcome.status == 64)
        #expect(outcome.error.contains("bad.txt") && outcome.error.contains("line 3"), "\(outcome.error)")
    }

    @Test("download and upload take -b too")
    func transfers() async throws {
        // Given httpbin and a file to send
        let base = try Self.base()
        let folder = try TestFolder()
        defer { folder.remove() }
        let file = try folder.write(Data("hello".utf8), to: "hello.txt")
        let saved = folder.file("cookies.json")

        // When /cookies is downloaded and /anything uploaded to, each with -b
        let download = try await CommandRunner.run(["download", base + "/cookies", "-o", saved.path, "-b", "d=1"])
        let upload = try await CommandRunner.run(["upload", base + "/anything", file.path, "-b", "u=2"])

        // Then each request carried its cookie
        #expect(download.status == 0, "\(download.error)")
        #expect(String(decoding: try Data(contentsOf: saved), as: UTF8.self).contains(#""d": "1""#))
        #expect(upload.output.contains(#""Cookie": "u=2""#), "\(upload.output)")
    }

    @Test("each command's help lists the cookie options")
    func help() async throws {
        for command in ["http", "download", "upload"] {
            // When its help is asked for
            let outcome = try await CommandRunner.run([command, "--help"])

            // Then the usage line and the details name them
            #expect(outcome.status == 0)
            #expect(
                outcome.output.contains("[-b|--cookie 'NAME=VALUE; ...'|FILE] [-c|--cookie-jar FILE]"), "\(command)")
            #expect(outcome.output.contains("-j leaves out the session cookies"), "\(command)")
        }
    }

    @Test("curl reads the jar service-utils wrote, and service-utils the jar curl wrote")
    func curlInterop() async throws {
        // Given httpbin, curl and a folder
        let base = try Self.base()
        let curl = try #require(curlExecutable)
        let folder = try TestFolder()
        defer { folder.remove() }
        let ours = folder.file("ours.txt")
        let theirs = folder.file("theirs.txt")

        // When service-utils writes a jar that curl sends, and curl writes one that service-utils sends
        _ = try await CommandRunner.run(["http", "GET", base + "/cookies/set?from=us", "-c", ours.path])
        let curlSent = try await CommandRunner.run(
            executable: curl, arguments: ["-s", "-b", ours.path, "-c", theirs.path, base + "/cookies/set?also=curl"])
        let weSent = try await CommandRunner.run(["http", "GET", base + "/cookies", "-b", theirs.path])

        // Then curl sent ours, and we sent both
        #expect(curlSent.status == 0, "\(curlSent.error)")
        #expect(
            weSent.output.contains(#""from": "us""#) && weSent.output.contains(#""also": "curl""#), "\(weSent.output)")
    }
}
