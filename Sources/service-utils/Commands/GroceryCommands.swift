import Dispatch
import Foundation
import ServiceUtils

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The `service-utils` commands and tour section of MockServerKit and GroceryAPI.
enum GroceryCommands {
    /// The subcommands this module adds.
    static let commands: [Command] = [serverCommand]

    /// This module's part of `service-utils tour`.
    static let tour = TourSection(title: "GroceryAPI and MockServerKit — the auth sample over loopback HTTP") {
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
        let server = try GroceryServer(configuration: configuration)
        console.print(server.baseURL.absoluteString)
        let signal = await waitForTermination()
        console.error("grocery-server: got signal \(signal), stopping")
        server.stop()
        return ExitStatus.success
    }

    /// Waits for SIGINT or SIGTERM and returns its number.
    private static func waitForTermination() async -> Int32 {
        let signals = [SIGINT, SIGTERM]
        let (stream, continuation) = AsyncStream.makeStream(of: Int32.self)
        var sources: [any DispatchSourceSignal] = []
        for number in signals {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { continuation.yield(number) }
            source.resume()
            sources.append(source)
        }
        var received: Int32 = 0
        for await number in stream {
            received = number
            break
        }
        for source in sources { source.cancel() }
        return received
    }
}

// MARK: - Tour

/// The tour section: GroceryServer in-process on a free port, driven over loopback by URLSession.
private enum GroceryTour {
    static func run(_ console: Console) async throws {
        let clock = TourClock()
        var configuration = GroceryServer.Configuration()
        configuration.accessTokenLifetime = .seconds(60)
        configuration.now = { clock.now }
        let server = try GroceryServer(configuration: configuration)
        defer { server.stop() }
        let client = TourClient(baseURL: server.baseURL)
        console.print("  GroceryServer listening at \(server.baseURL.absoluteString) (in this process)")

        let email = "ann@example.com"
        let credentials = AuthModel(name: "Ann", email: email, password: "correct horse")
        var answer = try await client.send("POST", "validate/email", body: EmailModel(email: email))
        console.print("  POST validate/email \(email) → \(answer.status) (free: \(answer.status == 200))")
        answer = try await client.send("POST", "register", body: credentials)
        console.print("  POST register → \(answer.status), user: \(try answer.decode(UserModel.self).name)")
        answer = try await client.send("POST", "register", body: credentials)
        console.print("  POST register again → \(answer.status) \(try answer.decode(APIErrorModel.self).error)")
        answer = try await client.send("POST", "login", body: AuthModel(email: email, password: credentials.password))
        let tokens = try answer.decode(TokenModel.self)
        console.print(
            "  POST login → \(answer.status), access token valid for \(tokens.expiresIn) s (tokens not shown)")
        answer = try await client.send("GET", "user", bearer: tokens.accessToken)
        console.print("  GET user → \(answer.status), \(try answer.decode(UserModel.self).email)")

        clock.advance(by: 61)
        answer = try await client.send("GET", "user", bearer: tokens.accessToken)
        let expired = try answer.decode(APIErrorModel.self).error
        console.print("  (server clock +61 s) GET user → \(answer.status) \(expired)")
        answer = try await client.send("POST", "token/refresh", bearer: tokens.refreshToken)
        let fresh = try answer.decode(TokenModel.self)
        console.print(
            "  POST token/refresh → \(answer.status), new pair issued; server counted "
                + "\(server.refreshRequestCount) refresh call(s)")
        try await showCatalog(client, token: fresh.accessToken, console: console)

        answer = try await client.send("POST", "logout", bearer: fresh.accessToken)
        console.print("  POST logout → \(answer.status)")
        answer = try await client.send("GET", "user", bearer: fresh.accessToken)
        console.print("  GET user after logout → \(answer.status) \(try answer.decode(APIErrorModel.self).error)")
        console.print("  server recorded \(server.server.requests.count) requests; stopping it frees the port")
        console.print("  (the same flow through AuthService and NetworkKit's client lands with NetworkKit)")
    }

    private static func showCatalog(_ client: TourClient, token: String, console: Console) async throws {
        var answer = try await client.send("GET", "categories", bearer: token)
        let categories = try answer.decode([CategoryModel].self)
        console.print("  GET categories → \(answer.status): \(categories.map(\.name).joined(separator: ", "))")
        guard let first = categories.first else { return }
        answer = try await client.send("GET", "category/\(first.id)", bearer: token)
        let groceries = try answer.decode([GroceryModel].self)
        console.print("  GET category/\(first.id) → \(answer.status): \(groceries.map(\.name).joined(separator: ", "))")
    }
}

/// A URLSession client for the tour (NetworkKit's client replaces it once it lands).
private struct TourClient: Sendable {
    let baseURL: URL
    let session = URLSession(configuration: .ephemeral)

    struct Answer {
        var status: Int
        var data: Data

        func decode<Value: Decodable>(_ type: Value.Type) throws -> Value {
            try JSONDecoder().decode(type, from: data)
        }
    }

    func send(_ method: String, _ path: String, body: (any Encodable)? = nil, bearer: String? = nil) async throws
        -> Answer
    {
        var request = URLRequest(url: baseURL.appendingPathComponent(path))
        request.httpMethod = method
        if let body {
            request.httpBody = try JSONEncoder().encode(body)
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        }
        if let bearer { request.setValue("Bearer \(bearer)", forHTTPHeaderField: "Authorization") }
        let (data, response) = try await session.data(for: request)
        return Answer(status: (response as? HTTPURLResponse)?.statusCode ?? -1, data: data)
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
