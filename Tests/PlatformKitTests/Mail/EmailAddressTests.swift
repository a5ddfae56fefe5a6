import PlatformKit
import Testing

@Suite("EmailAddress validation")
struct EmailAddressTests {
    @Test(
        "accepts dot-atom addresses",
        arguments: [
            "a@example.org", "first.last+tag@sub.example.co.uk", "o'neil@example.org", "x_y-z@xn--80ak6aa92e.com",
            "user@localhost.localdomain", "1234567890@example.org",
        ])
    func accepts(address: String) {
        #expect(EmailAddress.isValid(address))
    }

    @Test(
        "rejects what is not an address",
        arguments: [
            "", "plain", "@example.org", "a@", "a@@example.org", "a..b@example.org", ".a@example.org", "a.@example.org",
            "a@example", "a b@example.org", "a@-example.org", "a@example-.org", "a@exa_mple.org", "a@example..org",
            "a@example.org\r\nBcc: victim@example.org", "иван@example.org", "<a@example.org>",
            String(repeating: "x", count: 65) + "@example.org",
        ])
    func rejects(address: String) {
        // Given a malformed address / When checking / Then it is refused and the initialiser throws
        #expect(!EmailAddress.isValid(address))
        #expect(throws: PlatformError.invalidMessage(.invalidAddress(address))) { try EmailAddress(address) }
    }

    @Test("a display name with a line break is header injection and is refused")
    func displayNameInjection() {
        #expect(throws: PlatformError.invalidMessage(.controlCharacter(field: "display name"))) {
            try EmailAddress("a@example.org", displayName: "Eve\r\nBcc: victim@example.org")
        }
    }
}
