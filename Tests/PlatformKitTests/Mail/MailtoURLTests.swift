import Foundation
import PlatformKit
import Testing

@Suite("MailtoURL (RFC 6068)")
struct MailtoURLTests {
    @Test(
        "reproduces the examples of RFC 6068 section 6",
        arguments: [
            (MailtoURL(to: ["chris@example.com"]), "mailto:chris@example.com"),
            (
                MailtoURL(to: ["infobot@example.com"], subject: "current-issue"),
                "mailto:infobot@example.com?subject=current-issue"
            ),
            (
                MailtoURL(to: ["infobot@example.com"], body: "send current-issue"),
                "mailto:infobot@example.com?body=send%20current-issue"
            ),
            (
                MailtoURL(to: ["infobot@example.com"], body: "send current-issue\nsend index"),
                "mailto:infobot@example.com?body=send%20current-issue%0D%0Asend%20index"
            ),
            (
                MailtoURL(to: ["majordomo@example.com"], body: "subscribe bamboo-l"),
                "mailto:majordomo@example.com?body=subscribe%20bamboo-l"
            ),
            (
                MailtoURL(to: ["joe@example.com"], cc: ["bob@example.com"], body: "hello"),
                "mailto:joe@example.com?cc=bob@example.com&body=hello"
            ),
            (MailtoURL(to: ["gorby%kremvax@example.com"]), "mailto:gorby%25kremvax@example.com"),
            (MailtoURL(to: ["Mike&family@example.org"]), "mailto:Mike%26family@example.org"),
            (MailtoURL(to: ["user@example.org"], subject: "café"), "mailto:user@example.org?subject=caf%C3%A9"),
        ])
    func rfcExamples(builder: MailtoURL, expected: String) throws {
        // Given an RFC example's fields
        // When building the URL
        let text = try builder.string()
        // Then it is the RFC's text
        #expect(text == expected)
    }

    @Test("a subject with & = ? # % + survives, unlike SurfUtils' urlHostAllowed encoding")
    func reservedCharactersRoundTrip() throws {
        // Given fields full of characters that delimit a URL's query
        let subject = "Q&A = 100% #1? a+b"
        let body = "Line one & two\nЛиния ✓ 🎉\r\nend"
        let builder = MailtoURL(
            to: ["a@example.org", "b@example.org"], bcc: ["c@example.org"], subject: subject, body: body)

        // When Foundation's own URL parser reads the built URL back
        let url = try builder.url()
        let components = try #require(URLComponents(url: url, resolvingAgainstBaseURL: false))
        let items = Dictionary(
            uniqueKeysWithValues: (components.queryItems ?? []).map { ($0.name, $0.value ?? "") })

        // Then every field comes back whole, line breaks as CRLF
        #expect(components.path == "a@example.org,b@example.org")
        #expect(items["subject"] == subject)
        #expect(items["body"] == "Line one & two\r\nЛиния ✓ 🎉\r\nend")
        #expect(items["bcc"] == "c@example.org")
        #expect(items.count == 3)
    }

    @Test("a recipient that is not an address, or smuggles a header, is refused")
    func invalidRecipients() {
        for bad in ["not an address", "a@example.org?cc=x@y.org", "a@example.org&body=x", ""] {
            // Given a bad recipient / When building / Then a typed error names it
            #expect(throws: PlatformError.invalidMessage(.invalidAddress(bad))) {
                try MailtoURL(to: [bad]).string()
            }
        }
    }
}
