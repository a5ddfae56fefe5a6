import Foundation
import InternalServiceUtilities

/// The reference server's state, in memory: accounts, sessions and the refresh counter.
///
/// Passwords stay in this process's memory only and are compared as given; this is a test
/// server, not a place for real credentials.
final class GroceryStore: Sendable {
    struct Account {
        var user: UserModel
        var password: String
    }

    struct Session {
        let userID: Int
        var accessToken: String
        var accessExpiresAt: Date
        var refreshToken: String
        var refreshExpiresAt: Date

        /// The pair as the API returns it, saying how long the access token lives.
        func tokens(accessLifetime: TimeInterval) -> TokenModel {
            TokenModel(accessToken: accessToken, refreshToken: refreshToken, expiresIn: Int(accessLifetime.rounded()))
        }
    }

    /// How long issued tokens live, in seconds.
    struct Lifetimes {
        var access: TimeInterval
        var refresh: TimeInterval
    }

    enum AccessCheck: Equatable {
        case valid(UserModel)
        case expired
        case invalid
    }

    private struct State {
        var accounts: [String: Account] = [:]
        var nextUserID = 1
        var sessions: [Int: Session] = [:]
        var nextSessionID = 1
        var sessionByAccess: [String: Int] = [:]
        var sessionByRefresh: [String: Int] = [:]
        var refreshRequests = 0

        /// Keeps `session` under `id`, findable by either of its tokens.
        mutating func keep(_ session: Session, as id: Int) {
            sessions[id] = session
            sessionByAccess[session.accessToken] = id
            sessionByRefresh[session.refreshToken] = id
        }
    }

    private let state = Locked(State())

    var refreshRequestCount: Int { state.withLock { $0.refreshRequests } }

    func isRegistered(_ email: String) -> Bool {
        state.withLock { $0.accounts[email] != nil }
    }

    /// Creates an account; nil when the e-mail address is taken.
    func register(name: String, email: String, password: String) -> UserModel? {
        state.withLock { state in
            guard state.accounts[email] == nil else { return nil }
            let user = UserModel(id: state.nextUserID, name: name, email: email)
            state.nextUserID += 1
            state.accounts[email] = Account(user: user, password: password)
            return user
        }
    }

    /// Opens a session; nil when the credentials do not match an account.
    func login(email: String, password: String, now: Date, lifetimes: Lifetimes) -> TokenModel? {
        state.withLock { state in
            guard let account = state.accounts[email], account.password == password else { return nil }
            let session = Session(
                userID: account.user.id, accessToken: Self.newToken(), accessExpiresAt: now + lifetimes.access,
                refreshToken: Self.newToken(), refreshExpiresAt: now + lifetimes.refresh)
            let id = state.nextSessionID
            state.nextSessionID += 1
            state.keep(session, as: id)
            return session.tokens(accessLifetime: lifetimes.access)
        }
    }

    func authenticate(accessToken: String, now: Date) -> AccessCheck {
        state.withLock { state in
            guard let id = state.sessionByAccess[accessToken], let session = state.sessions[id],
                let account = state.accounts.values.first(where: { $0.user.id == session.userID })
            else { return .invalid }
            return now < session.accessExpiresAt ? .valid(account.user) : .expired
        }
    }

    /// Counts the call, then swaps a live refresh token for a new pair (the old pair stops working).
    func refresh(refreshToken: String, now: Date, lifetimes: Lifetimes) -> TokenModel? {
        state.withLock { state in
            state.refreshRequests += 1
            guard let id = state.sessionByRefresh[refreshToken], var session = state.sessions[id],
                now < session.refreshExpiresAt
            else { return nil }
            state.sessionByAccess[session.accessToken] = nil
            state.sessionByRefresh[session.refreshToken] = nil
            session.accessToken = Self.newToken()
            session.accessExpiresAt = now + lifetimes.access
            session.refreshToken = Self.newToken()
            session.refreshExpiresAt = now + lifetimes.refresh
            state.keep(session, as: id)
            return session.tokens(accessLifetime: lifetimes.access)
        }
    }

    /// Ends the session of an access token (expired or not); false when it is unknown.
    func logout(accessToken: String) -> Bool {
        state.withLock { state in
            guard let id = state.sessionByAccess[accessToken], let session = state.sessions[id] else { return false }
            state.sessions[id] = nil
            state.sessionByAccess[session.accessToken] = nil
            state.sessionByRefresh[session.refreshToken] = nil
            return true
        }
    }

    /// 256 random bits as 64 hexadecimal digits.
    private static func newToken() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<4).map { _ in
            let hex = String(generator.next() as UInt64, radix: 16)
            return String(repeating: "0", count: 16 - hex.count) + hex
        }.joined()
    }
}
