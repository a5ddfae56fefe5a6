import Testing

@testable import MockServerKit

/// The normal form replay compares targets in, and the hand-split archive URL, without a socket.
@Suite("NormalizedTarget and ArchiveURL: how replay reads recorded and requested targets")
struct NormalizedTargetTests {
    /// Pairs of targets, and whether they name the same resource.
    private static let pairs: [(String, String, same: Bool)] = [
        ("/a[1]/{b}|^`", "/a%5B1%5D/%7Bb%7D%7C%5E%60", true),
        ("/a%5b1%5d", "/a[1]", true),
        ("/%41bc/%7e", "/Abc/~", true),
        ("/п", "/%D0%BF", true),
        ("/п", "/%d0%bf", true),
        ("/a%2fb", "/a%2Fb", true),
        ("/a%2Cb", "/a%2cb", true),
        ("/a b", "/a%20b", true),
        ("/50%", "/50%25", true),
        ("", "/", true),
        ("/s?b=2&a=1", "/s?a=1&b=2", true),
        ("/s?q=milk+bar", "/s?q=milk%20bar", true),
        ("/s?q=a/b:c", "/s?q=a%2Fb%3Ac", true),
        ("/s?f[x]={y}", "/s?f%5Bx%5D=%7By%7D", true),
        ("/s?q=%FF", "/s?q=%ff", true),
        ("/s?flag", "/s?flag=", true),
        ("/s?a=1&&b=2", "/s?a=1&b=2", true),
        // An escaped delimiter is another path; in a query, another item or value
        ("/a%2Fb", "/a/b", false),
        ("/a%3Bb", "/a;b", false),
        ("/a%3Fb", "/a?b", false),
        ("/s?q=a%2Bb", "/s?q=a+b", false),
        ("/s?q=a%26b", "/s?q=a&b", false),
        ("/s?a%3Db=c", "/s?a=b=c", false),
        ("/s?q=%25", "/s?q=%2525", false),
    ]

    @Test("two targets have one normal form exactly when they name the same resource", arguments: pairs)
    func normalForms(_ pair: (String, String, same: Bool)) {
        // Given two ways of writing a target, one resource or two
        // When both are normalised
        let left = NormalizedTarget(pair.0)
        let right = NormalizedTarget(pair.1)

        // Then the forms are equal for one resource and differ for two
        #expect((left == right) == pair.same)
    }

    @Test("an archive URL is split by hand, raw characters and %2F kept as written")
    func archiveURL() throws {
        // Given URLs as exports write them
        let raw = try #require(ArchiveURL("HTTPS://Shop.Example.com/a[1]/Привет%2Fb?q={x}#top"))
        let ported = try #require(ArchiveURL("http://user:pw@127.0.0.1:8080"))
        let ipv6 = try #require(ArchiveURL("http://[::1]:9/x"))

        // When their parts are read, and invalid ones are parsed
        let invalid = [
            "/relative", "://host/x", "1http://h/", "http:///x", "http://h:80x/", "http://h:70000/", "http://[::1/x",
        ]

        // Then scheme and host are lowercased, the rest is as written, the fragment left out of the
        // target, and the invalid ones are refused
        #expect(raw.scheme == "https")
        #expect(raw.authority == "shop.example.com")
        #expect(raw.effectivePort == 443)
        #expect(raw.target == "/a[1]/Привет%2Fb?q={x}")
        #expect(ported.authority == "127.0.0.1:8080")
        #expect(ported.target == "")
        #expect(ipv6.authority == "[::1]:9")
        #expect(invalid.allSatisfy { ArchiveURL($0) == nil })
        #expect(raw.hasSameOrigin(as: try #require(ArchiveURL("https://shop.example.com:443/other"))))
        #expect(!raw.hasSameOrigin(as: try #require(ArchiveURL("http://shop.example.com/a"))))
    }
}
