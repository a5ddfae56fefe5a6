import Foundation
import NetworkKit
import Testing

@Suite("Redaction")
struct RedactionTests {
    @Test("secret query values are masked, including bracketed and escaped keys; others are kept")
    func query() {
        // Given a query with secret keys in several spellings
        let query = "page=2&token=abc&Access_Token=def&password%5B%5D=x&api%5Fkey=y&flag"
        // When redacted with the default rule
        let redacted = Redaction.default.redact(query: query)
        // Then only the secret values are hidden and the bare key stays
        #expect(redacted == "page=2&token=***&Access_Token=***&password%5B%5D=***&api%5Fkey=***&flag")
    }

    @Test("custom keys and header names can be added, and none hides nothing")
    func custom() throws {
        // Given a rule with an extra query key and header
        var redaction = Redaction.default
        redaction.queryKeys.insert("Session")
        redaction.headerNames.insert("X-Api-Key")
        let url = try #require(URL(string: "https://h/p?session=s&q=1"))
        // Then the extra key and header are hidden
        #expect(redaction.redact(url) == "https://h/p?session=***&q=1")
        #expect(redaction.value(of: HTTPHeader(name: "X-API-Key", value: "k")) == "***")
        // And .none shows everything
        #expect(Redaction.none.redact(url) == "https://h/p?session=s&q=1")
    }
}
