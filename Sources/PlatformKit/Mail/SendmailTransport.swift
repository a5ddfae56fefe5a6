#if os(Linux) || os(macOS)
    import Foundation
    import InternalServiceUtilities

    /// Delivers messages by piping them to a sendmail-compatible program as `sendmail -t -i`:
    /// recipients are read from the headers (`Bcc` is removed) and a lone dot does not end input.
    ///
    /// Postfix, Exim and msmtp all install such a program; extra arguments go before `-t -i`, so
    /// msmtp can be pointed at its own configuration:
    ///
    /// ```swift
    /// let transport = SendmailTransport(executable: "/usr/bin/msmtp", arguments: ["-C", configPath])
    /// try await transport.send(message)
    /// ```
    public struct SendmailTransport: MailTransport {
        /// The program's path, `/usr/sbin/sendmail` by default.
        public let executable: String
        /// Arguments put before `-t -i`.
        public let arguments: [String]
        /// The program's environment; `nil` inherits this process's.
        public let environment: [String: String]?

        /// Creates a transport.
        ///
        /// - Parameters:
        ///   - executable: The sendmail program's path.
        ///   - arguments: Extra arguments, such as `["-C", "/path/msmtprc"]` for msmtp.
        ///   - environment: Its environment; this process's by default.
        public init(
            executable: String = "/usr/sbin/sendmail",
            arguments: [String] = [],
            environment: [String: String]? = nil
        ) {
            self.executable = executable
            self.arguments = arguments
            self.environment = environment
        }

        /// Whether the program exists and is executable.
        public var isAvailable: Bool {
            FileManager.default.isExecutableFile(atPath: executable)
        }

        /// Renders `message` and pipes it to the program.
        ///
        /// - Parameter message: The message to send.
        /// - Throws: `PlatformError.invalidMessage` from rendering; `.deliveryFailed` with
        ///   `sendmailNotFound`, `temporaryFailure` (exit status 75, `EX_TEMPFAIL`, such as msmtp
        ///   when no server listens) or `rejected` (any other non-zero status).
        public func send(_ message: MailMessage) async throws(PlatformError) {
            let data = try message.rendered()
            guard isAvailable else { throw .deliveryFailed(.sendmailNotFound(path: executable)) }
            let output: ProcessOutput
            do {
                output = try await ProcessRunner.runDetached(
                    URL(fileURLWithPath: executable), arguments: arguments + ["-t", "-i"],
                    environment: environment, input: data)
            } catch {
                throw .deliveryFailed(.launchFailed(error.detail))
            }
            switch output.status {
            case 0: return
            case 75: throw .deliveryFailed(.temporaryFailure(status: 75, detail: output.errorSummary()))
            default: throw .deliveryFailed(.rejected(status: output.status, detail: output.errorSummary()))
            }
        }
    }
#endif
