import Foundation
import MockServerKit
import Testing

@Suite("MockCookie: a cookie rendered as one Set-Cookie field value")
struct MockCookieTests {
    @Test("a bare cookie is just name=value")
    func bare() {
        // Given a cookie without attributes / When it is rendered / Then
        #expect(MockCookie("id", "a3fWa").fieldValue == "id=a3fWa")
    }

    @Test("every attribute is written, Expires as an IMF-fixdate in GMT with the fraction dropped")
    func allAttributes() {
        // Given a cookie with every attribute (Expires at 1994-11-06 08:49:37.75 UTC)
        let cookie = MockCookie(
            "session", "abc", path: "/app", domain: "example.com",
            expires: Date(timeIntervalSince1970: 784_111_777.75), maxAge: 3600, flags: [.secure, .httpOnly],
            sameSite: .lax)

        // When it is rendered
        let value = cookie.fieldValue

        // Then the attributes follow in a fixed order
        #expect(
            value
                == "session=abc; Path=/app; Domain=example.com; Expires=Sun, 06 Nov 1994 08:49:37 GMT; "
                + "Max-Age=3600; Secure; HttpOnly; SameSite=Lax")
    }

    @Test("flags and SameSite are written one by one; an unknown SameSite value is sent as given")
    func flagsAndSameSite() {
        // Given cookies with a single flag each, and SameSite values the client may or may not know
        let secure = MockCookie("a", "1", flags: .secure)
        let httpOnly = MockCookie("a", "1", flags: .httpOnly, sameSite: .strict)
        let none = MockCookie("a", "1", sameSite: .unrestricted)
        let bogus = MockCookie("a", "1", sameSite: "Bogus")

        // When they are rendered / Then
        #expect(secure.fieldValue == "a=1; Secure")
        #expect(httpOnly.fieldValue == "a=1; HttpOnly; SameSite=Strict")
        #expect(none.fieldValue == "a=1; SameSite=None")
        #expect(bogus.fieldValue == "a=1; SameSite=Bogus")
    }

    @Test("Max-Age may be zero or negative, and an Expires outside the years 0-9999 is left out")
    func edgeValues() {
        // Given a negative Max-Age and an expiry in the year 10000
        let negative = MockCookie("a", "1", maxAge: -1)
        let farFuture = MockCookie("a", "1", expires: Date(timeIntervalSince1970: 253_402_300_800))

        // When they are rendered / Then
        #expect(negative.fieldValue == "a=1; Max-Age=-1")
        #expect(farFuture.fieldValue == "a=1")
    }

    @Test("a deletion has an empty value, Max-Age=0 and an Expires in 1970, with the given path and domain")
    func deletion() {
        // Given a deletion of a cookie set for a path and domain
        let deletion = MockCookie.deletion(of: "session", path: "/", domain: "example.com")

        // When it is rendered / Then
        #expect(deletion.value.isEmpty)
        #expect(deletion.maxAge == 0)
        #expect(
            deletion.fieldValue
                == "session=; Path=/; Domain=example.com; Expires=Thu, 01 Jan 1970 00:00:00 GMT; Max-Age=0")
    }

    @Test("settingCookie adds one Set-Cookie field per cookie after the others, deletingCookie one more")
    func responseFields() {
        // Given a response with a field of its own
        let response = MockResponse.text("ok")
            .settingCookie("a", "1", path: "/")
            .settingCookie(MockCookie("b", "2", flags: .httpOnly))
            .deletingCookie("old")

        // When its fields are read / Then
        #expect(
            response.headers.values(for: "Set-Cookie") == [
                "a=1; Path=/", "b=2; HttpOnly", MockCookie.deletion(of: "old").fieldValue,
            ])
        #expect(response.headers.fields.first?.name == "Content-Type")
        #expect(String(decoding: response.body, as: UTF8.self) == "ok")
    }
}
