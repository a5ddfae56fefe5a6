/// Where a response came from: the network, or an ``HTTPCache`` and how.
///
/// ```swift
/// switch source {
/// case .network: break                 // the server answered in full
/// case .cache: showOfflineBadge(false)  // a fresh stored response; nothing was sent
/// case .revalidated: break             // the server said 304 and the stored content was reused
/// case .stale: showOfflineBadge(true)   // a stale stored response, allowed by its or the request's
///                                     // directives (max-stale, stale-while-revalidate, stale-if-error)
/// }
/// ```
public enum HTTPResponseSource: Sendable, Hashable {
    /// The response came from the server; nothing stored was used.
    case network
    /// A fresh stored response answered, without asking the server (RFC 9111 §4.2).
    case cache
    /// A stored response answered after the server confirmed it with `304 Not Modified` (§4.3.3).
    case revalidated
    /// A stale stored response answered, as a directive or the request's cache policy allowed
    /// (§4.2.4, RFC 5861).
    case stale
}
