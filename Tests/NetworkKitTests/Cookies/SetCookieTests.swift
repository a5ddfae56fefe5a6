import Foundation
import Testing

@testable import NetworkKit

/// RFC 6265 §5.2, parsing a `Set-Cookie` field, with RFC 6265bis's nameless cookies and limits.
@Suite("Set-Cookie parsing (RFC 6265 §5.2)")
struct SetCookieTests {
    private func rejection(_ field: String) -> CookieRejection? {
        do {
            _ = try SetCookie(parsing: field)
            return nil
        } catch {
            return error
        }
    }

    @Test("§5.2 step 1: the name-value-pair ends at the first ';', the value may hold '='")
    func stepOneNameValuePair() throws {
        let field = try SetCookie(parsing: "token=a=b==; Path=/; x=y")
        #expect(field.name == "token")
        #expect(field.value == "a=b==")
        #expect(field.path == "/")
    }

    @Test("§5.2 step 2 (RFC 6265bis): no '=' makes a nameless cookie; no name and no value is rejected")
    func stepTwoNameless() throws {
        let nameless = try SetCookie(parsing: "justavalue; Secure")
        #expect(nameless.name.isEmpty && nameless.value == "justavalue" && nameless.isSecure)
        let emptyName = try SetCookie(parsing: "=value")
        #expect(emptyName.name.isEmpty && emptyName.value == "value")
        let emptyValue = try SetCookie(parsing: "name=")
        #expect(emptyValue.name == "name" && emptyValue.value.isEmpty)
        for field in ["", "=", " = ; Path=/", "; Secure", "\t"] {
            #expect(rejection(field)?.reason == .emptyNameAndValue, "field \(field.debugDescription)")
        }
    }

    @Test("§5.2 steps 4 and 5: SP and HTAB around name and value are removed, nothing else is")
    func stepsFourAndFiveWhitespace() throws {
        let field = try SetCookie(parsing: " \t name \t = \t a b \t ;\tPath\t=\t/p\t")
        #expect(field.name == "name")
        #expect(field.value == "a b")
        #expect(field.path == "/p")
        let noBreak = try SetCookie(parsing: "\u{A0}n=v")
        #expect(noBreak.name == "\u{A0}n")
    }

    @Test("§5.2 attribute loop: names are case-insensitive, unknown attributes are ignored")
    func attributeNames() throws {
        let field = try SetCookie(
            parsing:
                "a=b; SECURE; hTtPoNlY; max-AGE=5; DOMAIN=Example.COM; PATH=/X; expires=Sun, 06 Nov 1994 08:49:37 GMT; "
                + "SameSite=strict; Priority=High; =odd; ;"
        )
        #expect(field.isSecure && field.isHTTPOnly)
        #expect(field.maxAge == 5)
        #expect(field.domain == "example.com")
        #expect(field.path == "/X")
        #expect(field.expires == Date(timeIntervalSince1970: 784_111_777))
        #expect(field.sameSite == .strict)
    }

    @Test("§5.2.1 Expires: the last valid cookie-date wins, an invalid one is ignored")
    func expires() throws {
        let field = try SetCookie(
            parsing: "a=b; Expires=Wed, 21 Oct 2015 07:28:00 GMT; Expires=Sun, 06 Nov 1994 08:49:37 GMT; Expires=never"
        )
        #expect(field.expires == Date(timeIntervalSince1970: 784_111_777))
        #expect(try SetCookie(parsing: "a=b; Expires=30 Feb 2015 00:00:00").expires == nil)
    }

    @Test("§5.2.2 Max-Age: a digit or '-' then digits, else ignored; huge values saturate")
    func maxAge() throws {
        #expect(try SetCookie(parsing: "a=b; Max-Age=10").maxAge == 10)
        #expect(try SetCookie(parsing: "a=b; Max-Age=0").maxAge == 0)
        #expect(try SetCookie(parsing: "a=b; Max-Age=-1").maxAge == -1)
        #expect(try SetCookie(parsing: "a=b; Max-Age=5; Max-Age=+7").maxAge == 5)
        #expect(try SetCookie(parsing: "a=b; Max-Age=5; Max-Age=7s").maxAge == 5)
        #expect(try SetCookie(parsing: "a=b; Max-Age=5; Max-Age=").maxAge == 5)
        #expect(try SetCookie(parsing: "a=b; Max-Age=5; Max-Age=-").maxAge == 5)
        #expect(try SetCookie(parsing: "a=b; Max-Age=1 0").maxAge == nil)
        #expect(try SetCookie(parsing: "a=b; Max-Age=5; Max-Age=12").maxAge == 12)
        #expect(try SetCookie(parsing: "a=b; Max-Age=99999999999999999999999999").maxAge == .max)
        #expect(try SetCookie(parsing: "a=b; Max-Age=-99999999999999999999999999").maxAge == -Int64.max)
    }

    @Test("§5.2.3 Domain: an empty value is ignored, a leading '.' dropped, the rest lowercased")
    func domain() throws {
        #expect(try SetCookie(parsing: "a=b; Domain=.Example.COM").domain == "example.com")
        #expect(try SetCookie(parsing: "a=b; Domain=example.com; Domain=").domain == "example.com")
        #expect(try SetCookie(parsing: "a=b; Domain=example.com; Domain=.").domain == nil)
        #expect(try SetCookie(parsing: "a=b; Domain=a.com; Domain=b.com").domain == "b.com")
    }

    @Test("§5.2.4 Path: an empty value or one not starting with '/' means the default path")
    func path() throws {
        #expect(try SetCookie(parsing: "a=b; Path=/docs/").path == "/docs/")
        #expect(try SetCookie(parsing: "a=b; Path=").path == nil)
        #expect(try SetCookie(parsing: "a=b; Path=docs").path == nil)
        #expect(try SetCookie(parsing: "a=b; Path=/docs; Path=docs").path == nil)
    }

    @Test("§5.2.5 and §5.2.6: Secure and HttpOnly take no value")
    func flags() throws {
        let field = try SetCookie(parsing: "a=b; Secure=no; HttpOnly=false")
        #expect(field.isSecure && field.isHTTPOnly)
        let plain = try SetCookie(parsing: "a=b")
        #expect(!plain.isSecure && !plain.isHTTPOnly && plain.maxAge == nil && plain.expires == nil)
    }

    @Test("RFC 6265bis SameSite: Strict, Lax or None ignoring case; any other value is Default (nil)")
    func sameSite() throws {
        #expect(try SetCookie(parsing: "a=b; SameSite=LAX").sameSite == .lax)
        #expect(try SetCookie(parsing: "a=b; samesite=none").sameSite == Cookie.SameSite.unrestricted)
        #expect(try SetCookie(parsing: "a=b; SameSite=Strict").sameSite == .strict)
        #expect(try SetCookie(parsing: "a=b; SameSite=bogus").sameSite == nil)
        #expect(try SetCookie(parsing: "a=b; SameSite=Lax; SameSite=bogus").sameSite == nil)
    }

    @Test("RFC 6265bis §5.6: control characters but HTAB reject the field, NUL included")
    func controlCharacters() throws {
        #expect(rejection("a=b\u{0}c")?.reason == .controlCharacter)
        #expect(rejection("a=b\u{0}c")?.name == "a")
        #expect(rejection("a\u{1}=b")?.name == "")
        #expect(rejection("a=b; Path=/\u{7F}")?.reason == .controlCharacter)
        #expect(rejection("a=b\r\nSet-Cookie: c=d")?.reason == .controlCharacter)
        #expect(rejection("a=b; Domain=x.com\u{1F}")?.reason == .controlCharacter)
        #expect(try SetCookie(parsing: "a=b\tc").value == "b\tc")
        // And a rejection's description never holds the value
        #expect(rejection("id=s3cr3t\u{0}")?.description.contains("s3cr3t") == false)
    }

    @Test("RFC 6265bis §5.6: name and value over 4,096 bytes reject the field; attribute values over 1,024 are ignored")
    func sizeLimits() throws {
        let atLimit = try SetCookie(parsing: "n=" + String(repeating: "v", count: 4095))
        #expect(atLimit.value.utf8.count == 4095)
        #expect(rejection("n=" + String(repeating: "v", count: 4096))?.reason == .tooLarge(limit: 4096))
        #expect(rejection(String(repeating: "é", count: 2049))?.reason == .tooLarge(limit: 4096))
        let longPath = "/" + String(repeating: "p", count: 1024)
        #expect(try SetCookie(parsing: "a=b; Path=/x; Path=\(longPath)").path == "/x")
        #expect(try SetCookie(parsing: "a=b; Path=\(longPath.dropLast())").path == String(longPath.dropLast()))
    }

    @Test("split(combined:) splits at commas that start a cookie, never inside an Expires date")
    func split() {
        let joined = "a=1; Expires=Wed, 21 Oct 2015 07:28:00 GMT; Path=/, b=2,c=3 ; HttpOnly,\tlang = en, d"
        #expect(
            SetCookie.split(combined: joined) == [
                "a=1; Expires=Wed, 21 Oct 2015 07:28:00 GMT; Path=/", "b=2", "c=3 ; HttpOnly", "lang = en, d",
            ]
        )
        #expect(SetCookie.split(combined: "") == [])
        #expect(
            SetCookie.split(combined: "single=1; Expires=Sunday, 06-Nov-94 08:49:37 GMT") == [
                "single=1; Expires=Sunday, 06-Nov-94 08:49:37 GMT"
            ])
    }
}
