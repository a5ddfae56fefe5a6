import Foundation
import InternalServiceUtilities

/// Finds freedesktop.org desktop entries and starts the program in their `Exec` line, with an
/// argument array (never a shell).
enum DesktopEntry {
    /// The first of `names` found in `$XDG_DATA_HOME/applications` or the
    /// `$XDG_DATA_DIRS/applications` folders.
    static func find(_ names: [String], environment: [String: String]) -> String? {
        let home = environment["XDG_DATA_HOME"] ?? environment["HOME"].map { $0 + "/.local/share" }
        let system = (environment["XDG_DATA_DIRS"] ?? "/usr/local/share:/usr/share").split(separator: ":").map(
            String.init)
        let folders = ([home].compactMap { $0 } + system).map { $0 + "/applications/" }
        for name in names {
            for folder in folders where FileManager.default.fileExists(atPath: folder + name) {
                return folder + name
            }
        }
        return nil
    }

    /// The `Exec` value of the `[Desktop Entry]` group.
    ///
    /// Lines and keys are compared scalar by scalar: a value that starts with a combining mark must
    /// not merge with the `=` before it into one `Character`.
    static func execLine(inEntry text: String) -> String? {
        var inMainGroup = false
        for line in text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: true) {
            if line.first == "[" {
                inMainGroup = line.elementsEqual("[Desktop Entry]".unicodeScalars)
            } else if inMainGroup, line.starts(with: "Exec=".unicodeScalars) {
                return String(String.UnicodeScalarView(line.dropFirst(5)))
            }
        }
        return nil
    }

    /// Splits an `Exec` value into arguments: double quotes group, backslash escapes inside
    /// them, `%%` is `%`, and field codes (`%f`, `%U`, …) are dropped since no file is passed.
    ///
    /// The value is read scalar by scalar, as the specification defines it: a quote, backslash or
    /// `%` followed by a combining mark is still a quote, backslash or `%` (as `Character`s they
    /// would merge into one cluster and lose their meaning).
    static func arguments(fromExec exec: String) -> [String]? {
        var arguments: [String] = []
        var current = String.UnicodeScalarView()
        var inQuotes = false
        var hasWord = false
        var scalars = exec.unicodeScalars.makeIterator()
        while let scalar = scalars.next() {
            switch scalar {
            case "\"":
                inQuotes.toggle()
                hasWord = true
            case "\\" where inQuotes:
                guard let escaped = scalars.next() else { return nil }
                current.append(escaped)
            case " " where !inQuotes, "\t" where !inQuotes:
                if hasWord { arguments.append(String(current)) }
                current = String.UnicodeScalarView()
                hasWord = false
            case "%":
                guard let code = scalars.next() else { return nil }
                if code == "%" {
                    current.append("%")
                    hasWord = true
                }
            default:
                current.append(scalar)
                hasWord = true
            }
        }
        guard !inQuotes else { return nil }
        if hasWord { arguments.append(String(current)) }
        return arguments.isEmpty ? nil : arguments
    }

    #if os(Linux) || os(macOS)
        // Starting programs exists on Linux and macOS only (not on iOS, tvOS, watchOS or visionOS), so the whole
        // function is fenced; SettingsRouter does not reach it elsewhere.
        /// Starts the entry's program without waiting for it: a settings window runs until the user
        /// closes it.
        ///
        /// - Returns: The running process (tests wait on it).
        @discardableResult
        static func start(path: String, environment: [String: String]) throws(PlatformError) -> ChildProcess {
            guard let text = try? String(contentsOfFile: path, encoding: .utf8), let exec = execLine(inEntry: text),
                let arguments = arguments(fromExec: exec),
                let program = ProcessRunner.locate(arguments[0], environment: environment)
            else { throw .settingsUnavailable(.invalidDesktopEntry(path: path)) }
            let child: ChildProcess
            do {
                child = try ChildProcess(program, arguments: Array(arguments.dropFirst()), environment: environment)
            } catch {
                throw .settingsUnavailable(.launchFailed(error.detail))
            }
            // Nobody else waits for a settings window; a thread of its own collects its status when
            // it closes, so it does not stay behind as a zombie.
            Thread.detachNewThread { child.wait() }
            return child
        }
    #endif
}
