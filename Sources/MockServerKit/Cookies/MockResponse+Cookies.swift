public import Foundation

extension MockResponse {
    /// This response with one more `Set-Cookie` field, setting `cookie`; each cookie gets a field
    /// of its own, after the fields already there.
    ///
    /// ```swift
    /// server.stub(method: .post, path: "/login") { _ in
    ///     MockResponse.status(204)
    ///         .settingCookie(MockCookie("session", "abc", path: "/", flags: [.secure, .httpOnly]))
    ///         .settingCookie(MockCookie("theme", "dark", maxAge: 86_400))
    /// }
    /// ```
    ///
    /// - Parameter cookie: the cookie to set.
    /// - Returns: the response with the field added.
    public func settingCookie(_ cookie: MockCookie) -> MockResponse {
        var response = self
        response.headers.add("Set-Cookie", cookie.fieldValue)
        return response
    }

    /// This response with one more `Set-Cookie` field, setting the cookie `name` to `value` with
    /// the attributes given (see ``MockCookie``).
    ///
    /// ```swift
    /// .text("ok").settingCookie("session", "abc", path: "/", sameSite: .strict)
    /// ```
    ///
    /// - Parameters:
    ///   - name:     the cookie's name.
    ///   - value:    its value.
    ///   - path:     the `Path` attribute.
    ///   - domain:   the `Domain` attribute.
    ///   - expires:  the `Expires` attribute (an IMF-fixdate on the wire).
    ///   - maxAge:   the `Max-Age` attribute, in seconds.
    ///   - flags:    `Secure` and `HttpOnly`, as wanted.
    ///   - sameSite: the `SameSite` attribute.
    /// - Returns: the response with the field added.
    public func settingCookie(
        _ name: String, _ value: String, path: String? = nil, domain: String? = nil, expires: Date? = nil,
        maxAge: Int? = nil, flags: MockCookie.Flags = [], sameSite: MockCookie.SameSite? = nil
    ) -> MockResponse {
        settingCookie(
            MockCookie(
                name, value, path: path, domain: domain, expires: expires, maxAge: maxAge, flags: flags,
                sameSite: sameSite))
    }

    /// This response with one more `Set-Cookie` field, telling the client to delete the cookie
    /// `name` (``MockCookie/deletion(of:path:domain:)``: `Max-Age=0`).
    ///
    /// - Parameters:
    ///   - name:   the cookie's name.
    ///   - path:   the `Path` it was set with.
    ///   - domain: the `Domain` it was set with.
    /// - Returns: the response with the field added.
    public func deletingCookie(_ name: String, path: String? = nil, domain: String? = nil) -> MockResponse {
        settingCookie(.deletion(of: name, path: path, domain: domain))
    }
}
