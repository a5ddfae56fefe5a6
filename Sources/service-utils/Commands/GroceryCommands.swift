// A Linux and macOS tool: it starts programs and reads /proc, which iOS, tvOS and watchOS lack.
#if os(Linux) || os(macOS)
    import Dispatch
    import Foundation
    import ServiceUtils

    #if canImport(FoundationNetworking)
        import FoundationNetworking
        import GroceryAPI
        import MockServerKit
    #endif

    /// The `service-utils` commands and tour section of MockServerKit and GroceryAPI.
    enum GroceryCommands {
        /// The subcommands this module adds.
        static let commands: [Command] = [serverCommand]

        /// This module's part of `service-utils tour`.
        static let tour = TourSection(
            title: "GroceryAPI and MockServerKit — the auth sample over loopback HTTP"
                + " (import GroceryAPI; in tests, import ServiceUtilsTesting)"
        ) {
            console in
            try await GroceryTour.run(console)
        }

        static let serverCommand = Command(
            name: "grocery-server",
            summary: "serve the grocery sample's auth API on 127.0.0.1 until interrupted",
            usage: "grocery-server [--port N] [--access-token-lifetime SECONDS]",
            details: """
                Starts GroceryServer, the in-memory reference server of the sample's API (register, login,
                user, token/refresh, logout, validate/email, categories, category/{id}), on 127.0.0.1.
                The first line of standard output is its base URL, such as http://127.0.0.1:41234/; put
                `login`, `register`… after it. --port picks the port (default: a free one chosen by the
                OS). --access-token-lifetime sets how long access tokens last (default 900 seconds).
                Serves until SIGINT or SIGTERM, then closes every connection and exits 0.
                """
        ) { arguments, console in
            var parser = ArgumentParser(arguments)
            var configuration = GroceryServer.Configuration()
            if let port = try parser.option("--port") {
                guard let number = UInt16(port) else { throw UsageError("--port needs a number from 0 to 65535") }
                configuration.server.port = number
            }
            if let lifetime = try parser.option("--access-token-lifetime") {
                guard let seconds = Int(lifetime), seconds > 0 else {
                    throw UsageError("--access-token-lifetime needs a positive number of seconds")
                }
                configuration.accessTokenLifetime = .seconds(seconds)
            }
            let extra = try parser.positionals()
            guard extra.isEmpty else { throw UsageError("unexpected argument \(extra[0])") }
            try TerminationSignals.install()
            let server = try GroceryServer(configuration: configuration)
            console.print(server.baseURL.absoluteString)
            let signal = await TerminationSignals.next()
            console.error("grocery-server: got signal \(signal), stopping")
            server.stop()
            return ExitStatus.success
        }
    }

    // MARK: - Tour

    /// The tour section: GroceryServer in-process on a free port, driven over loopback by the real
    /// client (`AuthService` on NetworkKit), with every HTTP exchange printed by an event monitor.
    private enum GroceryTour {
        static func run(_ console: Console) async throws {
            let clock = TourClock()
            var configuration = GroceryServer.Configuration()
            configuration.accessTokenLifetime = .seconds(60)
            configuration.now = { clock.now }
            let server = try GroceryServer(configuration: configuration)
            defer { server.stop() }
            console.print("  GroceryServer listening at \(server.baseURL.absoluteString) (in this process)")
            var client = HTTPClient.Configuration()
            client.eventMonitors = [TourMonitor(console: console)]
            let store = InMemorySecretStore()
            let service = try AuthService(baseURL: server.baseURL, secureStore: store, configuration: client)

            let email = "ann@example.com"
            let password = "correct horse"
            console.print("  check e-mail \(email): free = \(await service.checkEmail(email))")
            let user = try await service.signUp(name: "Ann", email: email, password: password)
            console.print("  sign up → account #\(user.id) \(user.name) <\(user.email)>")
            do {
                _ = try await service.signUp(name: "Ann", email: email, password: password)
            } catch {
                console.print("  sign up again → SignUpError.\(error)")
            }
            try await service.login(email: email, password: password)
            console.print("  login → tokens kept in the SecretStore (not shown)")
            console.print("  validate → \(try await service.currentUser().email)")

            clock.advance(by: 61)
            console.print("  (server clock +61 s: the access token has expired)")
            let again = try await service.currentUser()
            console.print(
                "  validate again → \(again.email): refreshed by itself; server counted "
                    + "\(server.refreshRequestCount) refresh call(s)")
            let categories = try await service.groceryCategories()
            console.print("  categories → \(categories.map(\.name).joined(separator: ", "))")
            if let first = categories.first {
                let groceries = try await service.groceries(categoryId: first.id)
                console.print("  category \(first.id) → \(groceries.map(\.name).joined(separator: ", "))")
                try await liveGroceries(service, categoryId: first.id, console: console)
            }
            let kept = try JSONDecoder().decode(TokenModel.self, from: store.load(by: "GroceryAPI.tokens"))
            try await service.logout()
            console.print("  logout → tokens forgotten (logged in: \(await service.isLoggedIn))")
            do {
                _ = try await service.groceryCategories()
            } catch {
                console.print("  categories after logout → refused before sending: \(error.localizedDescription)")
            }
            do {
                _ = try await service.api.validate(token: kept.accessToken)
            } catch {
                console.print("  validate with the last access token → rejected: \(error.apiErrorCode ?? "\(error)")")
            }
            try await cookieLogin(server: server, email: email, password: password, console: console)
            console.print("  server recorded \(server.server.requests.count) requests; stopping it frees the port")
        }

        /// Opens the `live` WebSocket (its handshake authorized like any call), asks for a category's
        /// groceries and closes.
        private static func liveGroceries(_ service: AuthService, categoryId: Int, console: Console) async throws {
            let live = try await service.liveGroceries()
            try await live.send(.string("\(categoryId)"))
            guard case .string(let json) = try await live.receive() else {
                throw UsageError("the live socket sent no text")
            }
            let groceries = try JSONDecoder().decode([GroceryModel].self, from: Data(json.utf8))
            await live.close()
            console.print(
                "  WebSocket live (compressed: \(live.isCompressed)): sent \"\(categoryId)\" → "
                    + groceries.map { "\($0.name) \($0.priceInCents)¢" }.joined(separator: ", ")
                    + "; closed with \(live.closeCode?.rawValue ?? 0)")
        }

        /// Logs in as a browser would: a plain client keeps the `session` cookie `login` sets (every
        /// client keeps cookies in memory by default) and is let in by it alone.
        private static func cookieLogin(server: GroceryServer, email: String, password: String, console: Console)
            async throws
        {
            let browser = HTTPClient { $0.eventMonitors = [TourMonitor(console: console)] }
            var login = URLRequest(url: server.baseURL.appendingPathComponent("login"))
            login.httpMethod = "POST"
            login.setValue("application/json", forHTTPHeaderField: "Content-Type")
            login.httpBody = try JSONEncoder().encode(AuthModel(email: email, password: password))
            _ = try await browser.send(login)
            let kept = browser.configuration.cookies?.cookies ?? []
            console.print(
                "  cookie login with a plain HTTPClient → it keeps "
                    + kept.map { "`\($0.name)` (HttpOnly: \($0.isHTTPOnly))" }.joined(separator: ", ")
                    + ", value not shown")
            let user = try await browser.send(URLRequest(url: server.baseURL.appendingPathComponent("user")))
            let email = try JSONDecoder().decode(UserModel.self, from: user.body).email
            console.print("  GET user with no Authorization header, the cookie alone → \(email)")
        }
    }

    /// Prints each HTTP exchange of the tour: method, path and status (never headers or bodies).
    private struct TourMonitor: EventMonitor {
        let console: Console

        func requestDidFinish(_ request: URLRequest, result: Result<HTTPResponse, HTTPError>, attempt: Int) {
            let line = "\(request.httpMethod ?? "GET") \(request.url?.path ?? "?")"
            let retry = attempt > 1 ? " (attempt \(attempt))" : ""
            switch result {
            case .success(let response): console.print("      \(line) → \(response.statusCode)\(retry)")
            case .failure(let error):
                console.print("      \(line) → \(error.statusCode.map(String.init) ?? "failed")\(retry)")
            }
        }
    }

    /// The server clock of the tour, moved forward by hand to show token expiry without waiting.
    private final class TourClock: @unchecked Sendable {
        // Safe: `offset` is read and written only while `lock` is held.
        private let lock = NSLock()
        private var offset: TimeInterval = 0

        var now: Date {
            lock.lock()
            defer { lock.unlock() }
            return Date() + offset
        }

        func advance(by seconds: TimeInterval) {
            lock.lock()
            defer { lock.unlock() }
            offset += seconds
        }
    }
#endif
