#if os(Linux)
    import Foundation
    import PlatformKit
    import Testing

    @Suite("XDGURLOpener with xdg-utils and handlers in a temporary XDG_DATA_HOME")
    struct XDGURLOpenerTests {
        @Test("canOpen is true only for a scheme with a registered handler")
        func canOpenFollowsRegistration() throws {
            // Given a desktop with a handler for sutest: only
            let desktop = try TemporaryDesktop()
            defer { desktop.remove() }
            try desktop.registerHandler(scheme: "sutest")
            let opener = XDGURLOpener(environment: desktop.environment)

            // When asking about both schemes
            let registered = opener.canOpen(try #require(URL(string: "sutest://hello")))
            let unregistered = opener.canOpen(try #require(URL(string: "sunothing://hello")))

            // Then xdg-mime's answer decides
            #expect(registered)
            #expect(!unregistered)
            #expect(try opener.defaultHandler(forScheme: "sutest") == "sutest-handler.desktop")
            #expect(try opener.defaultHandler(forScheme: "sunothing") == nil)
        }

        @Test("open hands the exact URL, query and escapes included, to the handler")
        func openDeliversURL() async throws {
            // Given a registered handler
            let desktop = try TemporaryDesktop()
            defer { desktop.remove() }
            try desktop.registerHandler(scheme: "sutest")
            let opener = XDGURLOpener(environment: desktop.environment)
            let url = try #require(URL(string: "sutest://route?from=55.75,37.61&to=a%20b&x=$(touch%20pwned)"))

            // When opening it
            let opened = await opener.open(url)

            // Then the handler received the URL unchanged, as one argument
            #expect(opened)
            let received = try String(contentsOf: desktop.receivedFile(for: "sutest"), encoding: .utf8)
            #expect(received == url.absoluteString)
        }

        @Test("xdg-open's exit statuses become typed reasons")
        func exitStatusesAreTyped() async throws {
            // Given a desktop with one handler that fails
            let desktop = try TemporaryDesktop()
            defer { desktop.remove() }
            try desktop.registerHandler(scheme: "sufail", exitStatus: 1)
            let opener = XDGURLOpener(environment: desktop.environment)

            // When opening an unknown scheme, a failing handler and a missing file
            // Then each failure has its own reason
            await #expect(throws: PlatformError.urlOpeningFailed(.noHandler(scheme: "sunothing"))) {
                try await opener.launch(try #require(URL(string: "sunothing://x")))
            }
            await #expect(throws: PlatformError.urlOpeningFailed(.handlerFailed(scheme: "sufail"))) {
                try await opener.launch(try #require(URL(string: "sufail://x")))
            }
            let missing = desktop.root.appendingPathComponent("no-such-file.txt")
            await #expect(throws: PlatformError.urlOpeningFailed(.fileNotFound(path: missing.path))) {
                try await opener.launch(missing)
            }
            #expect(!opener.canOpen(missing))
            #expect(await opener.open(try #require(URL(string: "sunothing://x"))) == false)
        }

        @Test("a missing xdg-open or xdg-mime is a typed error, not a crash")
        func missingToolsAreTyped() async throws {
            // Given a PATH without xdg-utils
            let desktop = try TemporaryDesktop()
            defer { desktop.remove() }
            let opener = XDGURLOpener(environment: desktop.environmentWithoutTools)
            let url = try #require(URL(string: "https://example.org/a page"))

            // When opening and asking
            // Then the missing program is named
            await #expect(throws: PlatformError.urlOpeningFailed(.openerNotFound(program: "xdg-open"))) {
                try await opener.launch(url)
            }
            #expect(throws: PlatformError.urlOpeningFailed(.openerNotFound(program: "xdg-mime"))) {
                try opener.defaultHandler(forScheme: "https")
            }
            #expect(!opener.canOpen(url))
            #expect(await opener.open(url) == false)
        }

        @Test("a scheme with characters outside RFC 3986 is refused before any program runs")
        func invalidSchemeIsRefused() throws {
            // Given an opener
            let desktop = try TemporaryDesktop()
            defer { desktop.remove() }
            let opener = XDGURLOpener(environment: desktop.environment)

            // When asking about a scheme with a slash and a space
            // Then it is refused with a reason
            #expect(throws: PlatformError.self) { try opener.defaultHandler(forScheme: "x-scheme/../ evil") }
            #expect(throws: PlatformError.self) { try opener.defaultHandler(forScheme: "") }
        }
    }
#endif
