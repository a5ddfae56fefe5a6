/// Something that delivers a finished `MailMessage` without a user interface: a local
/// `sendmail`, an SMTP client, or a recording fake.
///
/// Adopters must be safe to call from any task and report failures as `PlatformError`.
public protocol MailTransport: Sendable {
    /// Whether the transport looks usable (its program is installed, for example).
    var isAvailable: Bool { get }

    /// Delivers `message`.
    ///
    /// - Parameter message: The message to send.
    /// - Throws: `PlatformError.invalidMessage` or `.deliveryFailed`.
    func send(_ message: MailMessage) async throws(PlatformError)
}
