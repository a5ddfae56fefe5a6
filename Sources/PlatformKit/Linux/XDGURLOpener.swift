#if os(Linux) || os(macOS)
    public import Foundation
    import InternalServiceUtilities

    /// Opens URLs on a Linux desktop through the freedesktop.org tools from `xdg-utils`.
    ///
    /// `canOpen(_:)` asks `xdg-mime query default x-scheme-handler/<scheme>` (an empty answer means
    /// no handler); `open(_:)` runs `xdg-open`. Both run with an argument array, never through a
    /// shell, so a URL cannot inject a command. `xdg-open` only uses registered handlers when
    /// `DISPLAY` or `WAYLAND_DISPLAY` is set, or falls back to the browsers listed in `BROWSER`.
    ///
    /// ```swift
    /// let opener = XDGURLOpener()
    /// try await opener.launch(URL(string: "https://example.org")!)
    /// ```
    public struct XDGURLOpener: URLOpener {
        /// The environment the tools run with (`PATH` locates them).
        public let environment: [String: String]

        /// Creates an opener whose tools run with `environment`.
        ///
        /// - Parameter environment: Variables such as `PATH`, `DISPLAY`, `BROWSER` and
        ///   `XDG_DATA_HOME`; this process's environment by default.
        public init(environment: [String: String] = ProcessInfo.processInfo.environment) {
            self.environment = environment
        }

        /// Whether a handler is registered for `url`: an existing file for `file:` URLs, otherwise
        /// a default application for the URL's scheme.
        ///
        /// - Parameter url: The URL that would be opened.
        /// - Returns: `true` when `xdg-open` can be expected to find an application.
        public func canOpen(_ url: URL) -> Bool {
            guard let scheme = url.scheme?.lowercased() else { return false }
            if scheme == "file" { return FileManager.default.fileExists(atPath: url.path) }
            return ((try? defaultHandler(forScheme: scheme)) ?? nil) != nil
        }

        /// Opens `url` with `xdg-open`.
        ///
        /// - Parameter url: The URL to open.
        /// - Returns: `true` when `xdg-open` reported success.
        public func open(_ url: URL) async -> Bool {
            do {
                try await launch(url)
                return true
            } catch {
                return false
            }
        }

        /// Opens `url` with `xdg-open` and says why when it fails.
        ///
        /// - Parameter url: The URL to open.
        /// - Throws: `PlatformError.urlOpeningFailed` with `xdg-open`'s exit status mapped to a
        ///   reason (1 invalid arguments, 2 missing file, 3 no handler, 4 handler failed), or
        ///   `openerNotFound` when `xdg-open` is not installed.
        public func launch(_ url: URL) async throws(PlatformError) {
            let argument = try Self.argument(for: url)
            let executable = try locate("xdg-open")
            let output: ProcessOutput
            do {
                output = try await ProcessRunner.runDetached(
                    executable, arguments: [argument], environment: environment)
            } catch {
                throw .urlOpeningFailed(.launchFailed(error.detail))
            }
            if let reason = Self.reason(forStatus: output.status, url: url) {
                throw .urlOpeningFailed(reason)
            }
        }

        /// The desktop entry registered as the default handler of `scheme`, such as
        /// `firefox-esr.desktop`, or `nil` when there is none.
        ///
        /// - Parameter scheme: A URL scheme such as `"mailto"`.
        /// - Returns: The desktop file's name, or `nil`.
        /// - Throws: `PlatformError.urlOpeningFailed` when `xdg-mime` is missing or fails.
        public func defaultHandler(forScheme scheme: String) throws(PlatformError) -> String? {
            guard Self.isValidScheme(scheme) else { throw .urlOpeningFailed(.unsupportedURL("scheme '\(scheme)'")) }
            let executable = try locate("xdg-mime")
            let arguments = ["query", "default", "x-scheme-handler/\(scheme.lowercased())"]
            let output: ProcessOutput
            do {
                output = try ProcessRunner.run(executable, arguments: arguments, environment: environment)
            } catch {
                throw .urlOpeningFailed(.launchFailed(error.detail))
            }
            guard output.status == 0 else { throw .urlOpeningFailed(.unexpectedStatus(output.status)) }
            let answer = String(decoding: output.standardOutput, as: UTF8.self)
                .trimmingCharacters(in: .whitespacesAndNewlines)
            return answer.isEmpty ? nil : answer
        }

        private func locate(_ program: String) throws(PlatformError) -> URL {
            guard let url = ProcessRunner.locate(program, environment: environment) else {
                throw .urlOpeningFailed(.openerNotFound(program: program))
            }
            return url
        }

        /// The URL as one argument; refuses URLs that have no scheme or carry control characters.
        static func argument(for url: URL) throws(PlatformError) -> String {
            let text = url.absoluteString
            guard let scheme = url.scheme, isValidScheme(scheme) else {
                throw .urlOpeningFailed(.unsupportedURL("no scheme in '\(text)'"))
            }
            guard !text.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) else {
                throw .urlOpeningFailed(.unsupportedURL("control character in the URL"))
            }
            return text
        }

        static func isValidScheme(_ scheme: String) -> Bool {
            guard let first = scheme.unicodeScalars.first, first.isASCIILetter else { return false }
            return scheme.unicodeScalars.allSatisfy {
                $0.isASCIILetter || ("0"..."9").contains($0) || "+-.".unicodeScalars.contains($0)
            }
        }

        static func reason(forStatus status: Int32, url: URL) -> PlatformError.URLOpeningFailureReason? {
            let scheme = url.scheme?.lowercased() ?? ""
            switch status {
            case 0: return nil
            case 1: return .invalidArguments
            case 2: return .fileNotFound(path: url.path)
            case 3: return .noHandler(scheme: scheme)
            case 4: return .handlerFailed(scheme: scheme)
            default: return .unexpectedStatus(status)
            }
        }
    }

    extension Unicode.Scalar {
        fileprivate var isASCIILetter: Bool {
            ("a"..."z").contains(self) || ("A"..."Z").contains(self)
        }
    }
#endif
