// A Linux and macOS tool: it starts programs and reads /proc, which iOS, tvOS and watchOS lack.
#if os(Linux) || os(macOS)
    import Foundation
    import ServiceUtils

    #if canImport(FoundationNetworking)
        import FoundationNetworking
    #endif

    /// curl's cookie options, shared by `http`, `download` and `upload`: `-b`/`--cookie` with
    /// `NAME=VALUE` pairs or a cookie file, `-c`/`--cookie-jar FILE`, and `-j`/`--junk-session-cookies`.
    ///
    /// ```swift
    /// let cookies = try CookieOptions(parsing: &parser)
    /// let store = try cookies.makeStore()          // nil unless a file or a jar was named
    /// configuration.cookies = store
    /// defer { cookies.writeJar(from: store, console: console) }
    /// ```
    struct CookieOptions {
        /// The options as a usage line shows them.
        static let usage = "[-b|--cookie 'NAME=VALUE; ...'|FILE] [-c|--cookie-jar FILE] [-j|--junk-session-cookies]"

        /// The paragraph each command's help adds about them.
        static let details = """
            Cookie options, as curl's: -b 'NAME=VALUE; ...' sends those cookies as they are; -b FILE reads
            cookies from a cookie file (curl's and wget's format; a missing file is an empty jar) and
            turns the cookie engine on, so cookies set by the answers (a redirect's included) are kept
            for the next hops by RFC 6265's rules. -c FILE turns the engine on and writes every cookie
            to FILE at the end, also when the request failed. -j leaves out the session cookies of the
            files -b reads. Without -b FILE or -c no cookie is kept.
            """

        /// The `NAME=VALUE` pairs of `-b`, sent as they are.
        let pairs: [String]
        /// The cookie files of `-b`.
        let files: [URL]
        /// The file of `-c`.
        let jar: URL?
        /// Whether `-j` was given.
        let junkSessionCookies: Bool

        /// Takes the cookie options out of `parser`.
        ///
        /// - Parameter parser: The command's parser; the options are removed from it.
        /// - Throws: `UsageError` for an empty `-c` path.
        init(parsing parser: inout ArgumentParser) throws(UsageError) {
            let short = try parser.options("-b")
            let given = short + (try parser.options("--cookie"))
            pairs = given.filter { $0.contains("=") }
            files = given.filter { !$0.contains("=") }.map { URL(fileURLWithPath: $0) }
            var jarPath = try parser.option("-c")
            if let long = try parser.option("--cookie-jar") { jarPath = long }
            if let jarPath, jarPath.isEmpty { throw UsageError("--cookie-jar needs a file name") }
            jar = jarPath.map { URL(fileURLWithPath: $0) }
            junkSessionCookies = parser.flag("-j") || parser.flag("--junk-session-cookies")
        }

        /// The `Cookie` header of `-b`'s pairs, or nil when there are none.
        var header: String? { pairs.isEmpty ? nil : pairs.joined(separator: "; ") }

        /// The store the client keeps cookies in: nil (no cookie engine, as curl) unless `-b` named a
        /// file or `-c` was given; holding the cookies of `-b`'s files.
        ///
        /// - Returns: The store.
        /// - Throws: `UsageError` naming a cookie file that cannot be read, and its broken line.
        func makeStore() throws(UsageError) -> InMemoryCookieStore? {
            guard !files.isEmpty || jar != nil else { return nil }
            let store = InMemoryCookieStore()
            for file in files where FileManager.default.fileExists(atPath: file.path) {
                let cookies: [Cookie]
                do {
                    cookies = try NetscapeCookieFile.read(contentsOf: file)
                } catch {
                    throw UsageError("\(file.path): \(error)")
                }
                for cookie in cookies where !(junkSessionCookies && cookie.isSession) { store.insert(cookie) }
            }
            return store
        }

        /// Adds `-b`'s pairs to `request`'s `Cookie` header.
        ///
        /// - Parameter request: The request.
        func apply(to request: inout URLRequest) {
            guard let header else { return }
            let existing = request.value(forHTTPHeaderField: "Cookie")
            request.setValue(existing.map { $0 + "; " + header } ?? header, forHTTPHeaderField: "Cookie")
        }

        /// Writes every cookie of `store` to `-c`'s file, when one was given; a failure is said on
        /// standard error.
        ///
        /// - Parameters:
        ///   - store:   The client's store.
        ///   - console: Where a failure is said.
        func writeJar(from store: InMemoryCookieStore?, console: Console) {
            guard let jar, let store else { return }
            do {
                try NetscapeCookieFile.write(store.cookies, to: jar)
            } catch {
                console.error("could not write the cookie jar \(jar.path): \(error)")
            }
        }
    }
#endif
