import Foundation

/// The body of a transfer's request, for a transport that reads it itself (``CurlTransfer`` on
/// Linux); URLSession tasks carry theirs.
enum TransferBody: Sendable {
    /// No body.
    case none
    /// Bytes in memory, sent with their length.
    case memory(Data)
    /// A stream made afresh for each send (a redirect may need it again), with its length when it is
    /// sent with one (`nil`: chunked).
    case stream(@Sendable () -> InputStream?, length: Int64?)
}
