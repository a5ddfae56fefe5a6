import Foundation
import MockServerKit

/// The handlers of ``GroceryServer``: a value holding the store and configuration, so the stubs
/// capture it rather than the server (which owns the stubs; capturing it would be a cycle).
struct GroceryRoutes: Sendable {
    let store: GroceryStore
    let configuration: GroceryServer.Configuration

    var lifetimes: GroceryStore.Lifetimes {
        GroceryStore.Lifetimes(
            access: Self.seconds(configuration.accessTokenLifetime),
            refresh: Self.seconds(configuration.refreshTokenLifetime))
    }

    private static func seconds(_ duration: Duration) -> TimeInterval {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }
}
