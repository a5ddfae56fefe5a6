import Foundation
import GroceryAPI
import MockServerKit

// The one file of this target that imports more than ServiceUtils: GroceryAPI's server, which the
// article's code (written with `import ServiceUtils` alone) talks to. Since the umbrella no longer
// re-exports GroceryAPI or MockServerKit, the test files see the server only through this wrapper.

/// A request the server received, in types every test file knows.
struct ReceivedRequest {
    let path: String
    let method: String
    let contentType: String?
    let body: Data
}

/// GroceryAPI's `GroceryServer` on loopback, for the article's `AuthService`.
final class ArticleServer {
    private let grocery: GroceryServer

    init() throws {
        grocery = try GroceryServer()
    }

    /// The server's base URL, such as `http://127.0.0.1:54321`.
    var baseURL: URL { grocery.baseURL }

    /// Every request received so far, oldest first.
    var requests: [ReceivedRequest] {
        grocery.server.requests.map {
            ReceivedRequest(
                path: $0.path, method: $0.method.rawValue, contentType: $0.headers["Content-Type"], body: $0.body)
        }
    }

    func stop() {
        grocery.stop()
    }
}
