import Foundation
import Testing

@testable import NetworkKit

/// RFC 6265 §5.1.2 to §5.1.4: canonical hosts, domain matching, default paths and path matching.
@Suite("Cookie domain and path matching (RFC 6265 §5.1.2-§5.1.4)")
struct CookieMatchingTests {
    @Test("§5.1.2 the canonical host is the URL's host lowercased, IPv6 literals without brackets")
    func canonicalHost() throws {
        #expect(CookieDomain.canonicalHost(of: try CookieTesting.url("https://WWW.Example.COM/x")) == "www.example.com")
        #expect(CookieDomain.canonicalHost(of: try CookieTesting.url("http://127.0.0.1:8080/")) == "127.0.0.1")
        #expect(CookieDomain.canonicalHost(of: try CookieTesting.url("http://[::1]:8080/")) == "::1")
        #expect(CookieDomain.canonicalHost(of: try CookieTesting.url("file:///tmp/x")) == nil)
    }

    @Test("§5.1.3 domain-match: identical, or a suffix starting after a dot of a host name")
    func domainMatch() {
        #expect(CookieDomain.domainMatches("example.com", domain: "example.com"))
        #expect(CookieDomain.domainMatches("www.example.com", domain: "example.com"))
        #expect(CookieDomain.domainMatches("a.b.example.com", domain: "example.com"))
        #expect(!CookieDomain.domainMatches("notexample.com", domain: "example.com"))
        #expect(!CookieDomain.domainMatches("example.com", domain: "www.example.com"))
        #expect(!CookieDomain.domainMatches("example.com", domain: ""))
    }

    @Test("§5.1.3 an IP address matches only itself (IPv4 dotted quads and IPv6 literals)")
    func ipAddresses() {
        #expect(CookieDomain.isIPAddress("192.168.0.1"))
        #expect(CookieDomain.isIPAddress("::1"))
        #expect(CookieDomain.isIPAddress("2001:db8::1"))
        #expect(!CookieDomain.isIPAddress("1.2.3"))
        #expect(!CookieDomain.isIPAddress("256.1.1.1"))
        #expect(!CookieDomain.isIPAddress("1.2.3.example"))
        #expect(CookieDomain.domainMatches("192.168.0.1", domain: "192.168.0.1"))
        #expect(!CookieDomain.domainMatches("192.168.0.1", domain: "168.0.1"))
        #expect(!CookieDomain.domainMatches("192.168.0.1", domain: "0.1"))
        #expect(CookieDomain.candidateDomains(of: "192.168.0.1") == ["192.168.0.1"])
        #expect(
            CookieDomain.candidateDomains(of: "a.b.example.com") == [
                "a.b.example.com", "b.example.com", "example.com", "com",
            ])
    }

    @Test("§5.1.4 default-path: steps 2 (empty or not '/': '/'), 3 (one '/': '/') and 4 (up to the rightmost '/')")
    func defaultPath() throws {
        #expect(CookiePath.defaultPath(forRequestPath: "") == "/")
        #expect(CookiePath.defaultPath(forRequestPath: "relative/path") == "/")
        #expect(CookiePath.defaultPath(forRequestPath: "/") == "/")
        #expect(CookiePath.defaultPath(forRequestPath: "/login") == "/")
        #expect(CookiePath.defaultPath(forRequestPath: "/account/login") == "/account")
        #expect(CookiePath.defaultPath(forRequestPath: "/a/b/") == "/a/b")
        #expect(CookiePath.defaultPath(of: try CookieTesting.url("https://example.com/a/b/c?q=/x/y")) == "/a/b")
        #expect(CookiePath.defaultPath(of: try CookieTesting.url("https://example.com")) == "/")
    }

    @Test("§5.1.4 path-match: identical, a prefix ending in '/', or a prefix followed by '/'")
    func pathMatch() {
        #expect(CookiePath.pathMatches("/foo", cookiePath: "/foo"))
        #expect(CookiePath.pathMatches("/foo/bar", cookiePath: "/foo"))
        #expect(CookiePath.pathMatches("/foo/bar", cookiePath: "/foo/"))
        #expect(CookiePath.pathMatches("/anything", cookiePath: "/"))
        #expect(!CookiePath.pathMatches("/foobar", cookiePath: "/foo"))
        #expect(!CookiePath.pathMatches("/fo", cookiePath: "/foo"))
        #expect(!CookiePath.pathMatches("/Foo", cookiePath: "/foo"))
    }
}
