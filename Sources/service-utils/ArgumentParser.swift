// A Linux and macOS tool: it starts programs and reads /proc, which iOS, tvOS and watchOS lack.
#if os(Linux) || os(macOS)
    /// A small parser for `--option value`, `--flag` and positional words, written by hand because no
    /// argument-parsing package can be fetched here.
    ///
    /// ```swift
    /// var parser = ArgumentParser(["--dir", "/tmp", "put", "key"])
    /// let dir = try parser.option("--dir")      // "/tmp"
    /// let words = try parser.positionals()        // ["put", "key"]
    /// ```
    struct ArgumentParser {
        private var remaining: [String]

        init(_ arguments: [String]) {
            remaining = arguments
        }

        /// True when `--help` or `-h` was given (and removes it).
        mutating func wantsHelp() -> Bool {
            flag("--help") || flag("-h")
        }

        /// Removes `name` and reports whether it was present.
        mutating func flag(_ name: String) -> Bool {
            guard let index = remaining.firstIndex(of: name) else { return false }
            remaining.remove(at: index)
            return true
        }

        /// Removes `name value` (or `name=value`) and returns the value; the last one wins.
        mutating func option(_ name: String) throws(UsageError) -> String? {
            try options(name).last
        }

        /// Removes every `name value` (or `name=value`) and returns the values in order.
        mutating func options(_ name: String) throws(UsageError) -> [String] {
            var values: [String] = []
            var index = 0
            while index < remaining.count {
                let word = remaining[index]
                if word == name {
                    guard index + 1 < remaining.count else { throw UsageError("\(name) needs a value") }
                    values.append(remaining[index + 1])
                    remaining.removeSubrange(index...(index + 1))
                } else if word.hasPrefix(name + "=") {
                    values.append(String(word.dropFirst(name.count + 1)))
                    remaining.remove(at: index)
                } else {
                    index += 1
                }
            }
            return values
        }

        /// The words left after options and flags were taken; an unknown `--option` is an error.
        mutating func positionals() throws(UsageError) -> [String] {
            var words: [String] = []
            var afterSeparator = false
            for word in remaining {
                if afterSeparator {
                    words.append(word)
                } else if word == "--" {
                    afterSeparator = true
                } else if word.hasPrefix("--") {
                    throw UsageError("unknown option \(word)")
                } else {
                    words.append(word)
                }
            }
            remaining = []
            return words
        }
    }
#endif
