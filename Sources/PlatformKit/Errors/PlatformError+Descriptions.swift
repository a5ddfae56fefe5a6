public import Foundation

// MARK: - Flags

extension PlatformError {
    /// Whether retrying later may succeed (a temporary delivery failure).
    public var isTemporary: Bool {
        if case .deliveryFailed(.temporaryFailure) = self { return true }
        return false
    }

    /// Whether the error says that the needed program is missing from this machine.
    public var isMissingProgram: Bool {
        switch self {
        case .urlOpeningFailed(.openerNotFound), .deliveryFailed(.sendmailNotFound): return true
        default: return false
        }
    }
}

// MARK: - LocalizedError

extension PlatformError: LocalizedError {
    /// A one-line explanation of what went wrong.
    public var errorDescription: String? {
        switch self {
        case .urlOpeningFailed(let reason): return "Could not open the URL: \(reason.text)"
        case .invalidMessage(let reason): return "Invalid e-mail message: \(reason.text)"
        case .deliveryFailed(let reason): return "Could not deliver the e-mail: \(reason.text)"
        case .settingsUnavailable(let reason): return "Could not open the settings: \(reason.text)"
        }
    }
}

extension PlatformError.URLOpeningFailureReason {
    var text: String {
        switch self {
        case .openerNotFound(let program): return "\(program) is not installed or not on PATH."
        case .invalidArguments: return "the opener rejected its arguments."
        case .fileNotFound(let path): return "the file \(path) does not exist."
        case .noHandler(let scheme): return "no application is registered for '\(scheme):' URLs."
        case .handlerFailed(let scheme): return "the application registered for '\(scheme):' URLs failed."
        case .unexpectedStatus(let status): return "the opener exited with status \(status)."
        case .launchFailed(let detail): return "the opener could not be started (\(detail))."
        case .unsupportedURL(let detail): return "the URL cannot be opened (\(detail))."
        }
    }
}

extension PlatformError.MessageFailureReason {
    var text: String {
        switch self {
        case .controlCharacter(let field): return "the \(field) field contains a line break or control character."
        case .invalidAddress(let value): return "'\(value)' is not an e-mail address."
        case .noRecipients: return "the message has no recipient."
        case .invalidMediaType(let value): return "'\(value)' is not a media type of the form type/subtype."
        case .invalidMessageID(let value): return "'\(value)' is not a Message-ID (printable ASCII, no spaces or <>)."
        }
    }
}

extension PlatformError.DeliveryFailureReason {
    var text: String {
        switch self {
        case .sendmailNotFound(let path): return "no sendmail program at \(path)."
        case .temporaryFailure(let status, let detail):
            return "sendmail failed temporarily (status \(status)); try again later. \(detail)"
        case .rejected(let status, let detail): return "sendmail refused the message (status \(status)). \(detail)"
        case .launchFailed(let detail): return "sendmail could not be started (\(detail))."
        }
    }
}

extension PlatformError.SettingsFailureReason {
    var text: String {
        switch self {
        case .noSettingsApplication: return "no settings application is installed."
        case .invalidDesktopEntry(let path): return "the desktop entry \(path) has no usable Exec line."
        case .launchFailed(let detail): return "the settings application failed (\(detail))."
        case .openerRefused(let url): return "the opener refused \(url)."
        }
    }
}
