import Foundation

extension String {
    /// The text with XML's five special characters as entities, for an SVG element's text or an
    /// attribute value; control characters other than tab and newline, which XML 1.0 forbids, are dropped.
    package var xmlEscaped: String {
        var escaped = ""
        escaped.reserveCapacity(utf8.count)
        for scalar in unicodeScalars {
            switch scalar {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&apos;"
            case "\t", "\n": escaped.unicodeScalars.append(scalar)
            case _ where scalar.value < 0x20 || (0xFFFE...0xFFFF).contains(scalar.value): continue
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }

    /// The text as one Markdown table cell: line breaks become spaces, and every character that
    /// Markdown or a table gives a meaning (`|`, `*`, `_`, backticks, brackets, `<`, `\`…) is
    /// escaped with a backslash, so the cell shows the text as it is.
    package var markdownCellEscaped: String {
        let special: Set<Character> = ["\\", "|", "`", "*", "_", "[", "]", "<", ">", "#", "~", "!", "&"]
        var escaped = ""
        for character in self {
            if character.isNewline {
                escaped.append(" ")
            } else {
                if special.contains(character) { escaped.append("\\") }
                escaped.append(character)
            }
        }
        return escaped
    }

    /// The text as inline Markdown code: wrapped in enough backticks that none inside ends it, line
    /// breaks as spaces and `|` escaped, so it also stays within a table cell.
    package var markdownCode: String {
        let flat = split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).joined(separator: " ")
        var longestRun = 0
        var run = 0
        for character in flat {
            run = character == "`" ? run + 1 : 0
            longestRun = Swift.max(longestRun, run)
        }
        let fence = String(repeating: "`", count: longestRun + 1)
        let padding = flat.hasPrefix("`") || flat.hasSuffix("`") ? " " : ""
        return fence + padding + flat.replacingOccurrences(of: "|", with: "\\|") + padding + fence
    }

    /// A file name made of the text's letters, digits, `.`, `-` and `_`, anything else as `-`.
    package var fileNameSafe: String {
        String(
            map { character in
                character.isASCII && (character.isLetter || character.isNumber || "._-".contains(character))
                    ? character : "-"
            })
    }
}
