/// Everything that can go wrong in PlatformKit, apart from the SurfUtils-compatible
/// `MailSenderError` that `MailUtil` reports to its error display.
///
/// Each case carries a nested reason that says precisely what failed; `LocalizedError` text is in
/// `PlatformError+Descriptions.swift`.
public enum PlatformError: Error, Sendable, Equatable {
    /// A URL could not be opened in another application.
    case urlOpeningFailed(URLOpeningFailureReason)
    /// An e-mail message or `mailto:` URL could not be built from the values given.
    case invalidMessage(MessageFailureReason)
    /// A built message could not be handed to the mail system.
    case deliveryFailed(DeliveryFailureReason)
    /// The system settings could not be opened.
    case settingsUnavailable(SettingsFailureReason)

    /// Why the settings could not be opened.
    public enum SettingsFailureReason: Sendable, Equatable {
        /// No settings application is known on this system.
        case noSettingsApplication
        /// A settings desktop entry exists but its `Exec` line cannot be run.
        case invalidDesktopEntry(path: String)
        /// The settings application could not be started, or exited with a failure.
        case launchFailed(String)
        /// The opener refused the settings URL.
        case openerRefused(String)
    }

    /// Why a URL could not be opened.
    public enum URLOpeningFailureReason: Sendable, Equatable {
        /// The opener program (such as `xdg-open`) is not installed or not on `PATH`.
        case openerNotFound(program: String)
        /// The opener rejected its command line (`xdg-open` exit status 1).
        case invalidArguments
        /// The URL names a local file that does not exist (`xdg-open` exit status 2).
        case fileNotFound(path: String)
        /// No application is registered for the URL (`xdg-open` exit status 3).
        case noHandler(scheme: String)
        /// The registered application was started but failed (`xdg-open` exit status 4).
        case handlerFailed(scheme: String)
        /// The opener exited with a status it does not document.
        case unexpectedStatus(Int32)
        /// The opener could not be started at all.
        case launchFailed(String)
        /// The URL cannot be passed to an opener (no scheme, or a control character in it).
        case unsupportedURL(String)
    }

    /// Why a message could not be built.
    public enum MessageFailureReason: Sendable, Equatable {
        /// A header field contains a line break or another control character (header injection).
        case controlCharacter(field: String)
        /// A value that should be an e-mail address is not one.
        case invalidAddress(String)
        /// The message has no recipient at all.
        case noRecipients
        /// An attachment's media type is not of the form `type/subtype`.
        case invalidMediaType(String)
        /// A `Message-ID` that is empty, too long for one header line, or not printable ASCII
        /// without spaces and angle brackets.
        case invalidMessageID(String)
    }

    /// Why the mail system refused a message.
    public enum DeliveryFailureReason: Sendable, Equatable {
        /// The sendmail program is not installed at the path given.
        case sendmailNotFound(path: String)
        /// Sendmail could not deliver now but the message may succeed later (exit status 75,
        /// `EX_TEMPFAIL`, as msmtp reports when no server listens).
        case temporaryFailure(status: Int32, detail: String)
        /// Sendmail refused the message for good.
        case rejected(status: Int32, detail: String)
        /// Sendmail could not be started.
        case launchFailed(String)
    }
}
