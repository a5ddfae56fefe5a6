// A Linux and macOS tool: it starts programs and reads /proc, which iOS, tvOS and watchOS lack.
#if os(Linux) || os(macOS)
    import Foundation
    import PlatformKit

    /// The `service-utils` commands and tour section of PlatformKit.
    enum PlatformCommands {
        /// The subcommands this module adds.
        static let commands: [Command] = [integrity, mailto, mail, open, settings]

        // MARK: - integrity

        static let integrity = Command(
            name: "integrity",
            summary: "check this process and machine for tampering (BrightSide's report)",
            usage: "integrity",
            details: """
                Runs BrightSide's checks for this platform (on Linux: an attached tracer from TracerPid in
                /proc/self/status, LD_PRELOAD, running as root, hooking libraries in /proc/self/maps) and
                prints "clean" or one "indicator: evidence" line per finding. Exit status 0 when clean,
                1 when an indicator was found.
                """
        ) { arguments, console in
            var parser = ArgumentParser(arguments)
            let extra = try parser.positionals()
            guard extra.isEmpty else { throw UsageError("unexpected argument \(extra[0])") }
            let report = BrightSide(opener: RecordingURLOpener()).report()
            printReport(report, console: console, indent: "")
            return report.isClean ? ExitStatus.success : ExitStatus.failure
        }

        static func printReport(_ report: IntegrityReport, console: Console, indent: String) {
            if report.findings.isEmpty {
                console.print(indent + "clean")
            }
            for finding in report.findings {
                console.print(indent + finding.description)
            }
            if report.isSimulator { console.print(indent + "(simulator: counts as clean)") }
        }

        // MARK: - mailto

        static let mailto = Command(
            name: "mailto",
            summary: "build an RFC 6068 mailto: URL (and open it with --open)",
            usage: "mailto --to ADDR [--to ADDR] [--cc ADDR] [--bcc ADDR] [--subject S] [--body B] [--open]",
            details: """
                Prints the URL alone on the first line. Every field is percent-encoded (&, =, ?, #, %
                and non-ASCII included) and body line breaks become %0D%0A. --open hands the URL to
                the system's mail app (xdg-open on Linux).
                """
        ) { arguments, console in
            var parser = ArgumentParser(arguments)
            let to = try parser.options("--to")
            let builder = MailtoURL(
                to: to, cc: try parser.options("--cc"), bcc: try parser.options("--bcc"),
                subject: try parser.option("--subject"), body: try parser.option("--body"))
            let shouldOpen = parser.flag("--open")
            let extra = try parser.positionals()
            guard extra.isEmpty else { throw UsageError("unexpected argument \(extra[0])") }
            guard !to.isEmpty else { throw UsageError("give at least one --to address") }
            let url = try builder.url()
            console.print(url.absoluteString)
            if shouldOpen { try await openURL(url) }
            return ExitStatus.success
        }

        // MARK: - mail send

        static let mail = Command(
            name: "mail",
            summary: "send an e-mail through sendmail (msmtp, Postfix, Exim) or print it",
            usage:
                "mail send --to ADDR [--to ADDR] [--cc ADDR] [--bcc ADDR] [--from ADDR] --subject S --body B "
                + "[--attach FILE] [--sendmail PATH] [--sendmail-arg ARG]... [--print]",
            details: """
                Builds an RFC 5322 message (encoded-word subject, quoted-printable body, base64
                attachments) and pipes it to `sendmail -t -i` (default /usr/sbin/sendmail; put
                arguments before -t -i with --sendmail-arg, e.g. --sendmail /usr/bin/msmtp
                --sendmail-arg -C --sendmail-arg ./msmtprc). --print writes the message instead.
                Exit status 75 when the mail system failed temporarily.
                """
        ) { arguments, console in
            var parser = ArgumentParser(arguments)
            let message = try makeMessage(&parser)
            let executable = try parser.option("--sendmail") ?? "/usr/sbin/sendmail"
            let extraArguments = try parser.options("--sendmail-arg")
            let printOnly = parser.flag("--print")
            let words = try parser.positionals()
            guard words == ["send"] else { throw UsageError("expected `mail send`") }
            if printOnly {
                console.writeData(try message.rendered())
                return ExitStatus.success
            }
            return try await send(message, executable: executable, arguments: extraArguments, console: console)
        }

        private static func makeMessage(_ parser: inout ArgumentParser) throws -> MailMessage {
            let to = try addresses(try parser.options("--to"))
            let cc = try addresses(try parser.options("--cc"))
            let bcc = try addresses(try parser.options("--bcc"))
            let from = try addresses(try parser.options("--from")).last
            guard let subject = try parser.option("--subject") else { throw UsageError("--subject is required") }
            guard let body = try parser.option("--body") else { throw UsageError("--body is required") }
            var attachments: [MailAttachment] = []
            for path in try parser.options("--attach") {
                let url = URL(fileURLWithPath: path)
                guard let data = FileManager.default.contents(atPath: path) else {
                    throw UsageError("cannot read attachment \(path)")
                }
                attachments.append(try MailAttachment(filename: url.lastPathComponent, data: data))
            }
            guard !(to.isEmpty && cc.isEmpty && bcc.isEmpty) else { throw UsageError("give at least one --to address") }
            return try MailMessage(
                from: from, to: to, cc: cc, bcc: bcc, subject: subject, body: body, attachments: attachments)
        }

        private static func addresses(_ values: [String]) throws -> [EmailAddress] {
            var result: [EmailAddress] = []
            for value in values { result.append(try EmailAddress(value)) }
            return result
        }

        private static func send(_ message: MailMessage, executable: String, arguments: [String], console: Console)
            async throws -> Int32
        {
            #if os(Linux) || os(macOS)
                let transport = SendmailTransport(executable: executable, arguments: arguments)
                do {
                    try await transport.send(message)
                } catch {
                    guard error.isTemporary else { throw error }
                    console.error("service-utils mail: \(ServiceUtilsCLI.describe(error))")
                    return 75
                }
                console.print("sent through \(executable)")
                return ExitStatus.success
            #else
                console.error("service-utils mail: no sendmail on this platform")
                return ExitStatus.unavailable
            #endif
        }

        // MARK: - open

        static let open = Command(
            name: "open",
            summary: "open a URL in its registered application (xdg-open on Linux)",
            usage: "open URL [--check]",
            details: """
                Opens URL with the platform's opener and reports typed failures (no handler, handler
                failed, missing xdg-open). --check only says whether a handler is registered (exit 0
                when one is, 1 when not).
                """
        ) { arguments, console in
            var parser = ArgumentParser(arguments)
            let checkOnly = parser.flag("--check")
            let words = try parser.positionals()
            guard words.count == 1 else { throw UsageError("give exactly one URL") }
            guard let url = URL(string: words[0]), url.scheme != nil else {
                throw UsageError("'\(words[0])' is not an absolute URL (spaces must be written %20)")
            }
            if checkOnly {
                let openable = SystemDefaultURLOpener().canOpen(url)
                console.print(
                    openable ? "a handler is registered for \(url.scheme ?? "")" : "no handler for \(url.scheme ?? "")")
                return openable ? ExitStatus.success : ExitStatus.failure
            }
            try await openURL(url)
            console.print("opened \(url.absoluteString)")
            return ExitStatus.success
        }

        private static func openURL(_ url: URL) async throws {
            #if os(Linux)
                try await XDGURLOpener().launch(url)
            #else
                guard await SystemDefaultURLOpener().open(url) else {
                    throw PlatformError.urlOpeningFailed(.noHandler(scheme: url.scheme ?? ""))
                }
            #endif
        }

        // MARK: - settings

        static let settings = Command(
            name: "settings",
            summary: "open the system settings (desktop settings application on Linux)",
            usage: "settings [--check]",
            details: """
                Starts the desktop's settings application from its desktop entry (GNOME, KDE, Xfce,
                Cinnamon, MATE, LXQt) or says that there is none. --check only prints what would be
                opened (exit 1 when nothing).
                """
        ) { arguments, console in
            var parser = ArgumentParser(arguments)
            let checkOnly = parser.flag("--check")
            let extra = try parser.positionals()
            guard extra.isEmpty else { throw UsageError("unexpected argument \(extra[0])") }
            let router = SettingsRouter()
            if checkOnly {
                switch router.target() {
                case .url(let url)?: console.print(url.absoluteString)
                case .desktopEntry(let path)?: console.print(path)
                case nil:
                    console.print("no settings application")
                    return ExitStatus.failure
                }
                return ExitStatus.success
            }
            try await router.open()
            console.print("settings opened")
            return ExitStatus.success
        }

        // MARK: - tour

        /// This module's part of `service-utils tour`.
        static let tour = TourSection(title: "PlatformKit — integrity, mail, settings, URL opening") { console in
            console.print("  BrightSide report for this process:")
            printReport(BrightSide(opener: RecordingURLOpener()).report(), console: console, indent: "    ")
            let builder = MailtoURL(
                to: ["support@example.org"], cc: ["team@example.org"], subject: "Q&A: заказ #42 = 100%",
                body: "Здравствуйте!\nКогда привезут?")
            console.print("  mailto URL (subject with & = # %, Cyrillic body, CRLF line break):")
            console.print("    " + (try builder.string()))
            let opener = RecordingURLOpener(openableSchemes: ["mailto"])
            _ = await opener.open(try builder.url())
            console.print("  RecordingURLOpener recorded \(opener.openedURLs.count) URL(s) instead of opening them")
            let message = try MailMessage(
                to: [EmailAddress("ivan@example.org", displayName: "Иван")], subject: "Отчёт 🎉", body: "Готово.")
            let header = String(decoding: try message.rendered(), as: UTF8.self).components(separatedBy: "\r\n")
                .first { $0.hasPrefix("Subject:") }
            console.print("  RFC 2047 subject header: \(header ?? "?")")
        }
    }
#endif
