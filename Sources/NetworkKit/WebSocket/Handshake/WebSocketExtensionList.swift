/// A `Sec-WebSocket-Extensions` value read into its elements (RFC 6455 §9.1): each a name and its
/// parameters, names lowercased, quoted values unquoted.
package struct WebSocketExtensionList: Sendable, Hashable {
    /// One extension with its parameters.
    package struct Element: Sendable, Hashable {
        /// The extension's name, lowercased.
        package var name: String
        /// The parameters in order: lowercased name, value (nil when none was given).
        package var parameters: [Parameter]
    }

    /// One parameter of an element.
    package struct Parameter: Sendable, Hashable {
        /// The name, lowercased.
        package var name: String
        /// The value, unquoted; nil when none was given.
        package var value: String?
    }

    /// The elements, in the order of the header's values.
    package var elements: [Element]

    /// Reads the values of every `Sec-WebSocket-Extensions` field.
    ///
    /// - Parameter values: The fields' values in order (repeated fields are one list).
    /// - Returns: nil when a value is not a valid list (an empty name, an unclosed quote).
    package init?(values: [String]) {
        var elements: [Element] = []
        for value in values {
            for item in Self.split(value, on: ",") {
                let pieces = Self.split(item, on: ";").map { Self.trimmed($0) }
                guard let first = pieces.first else { continue }
                if first.isEmpty && pieces.count == 1 { continue }
                guard Self.isToken(first) else { return nil }
                var parameters: [Parameter] = []
                for piece in pieces.dropFirst() {
                    guard let parameter = Self.parameter(piece) else { return nil }
                    parameters.append(parameter)
                }
                elements.append(Element(name: first.lowercased(), parameters: parameters))
            }
        }
        self.elements = elements
    }

    private static func parameter(_ text: Substring) -> Parameter? {
        guard let equals = text.firstIndex(of: "=") else {
            return isToken(text) ? Parameter(name: text.lowercased(), value: nil) : nil
        }
        let name = trimmed(text[..<equals])
        var value = trimmed(text[text.index(after: equals)...])
        guard isToken(name) else { return nil }
        if value.first == "\"" {
            guard value.count >= 2, value.last == "\"" else { return nil }
            value = value.dropFirst().dropLast()
            var unescaped = ""
            var escaping = false
            for character in value {
                if escaping || character != "\\" {
                    unescaped.append(character)
                    escaping = false
                } else {
                    escaping = true
                }
            }
            guard !escaping else { return nil }
            return Parameter(name: name.lowercased(), value: unescaped)
        }
        guard isToken(value) else { return nil }
        return Parameter(name: name.lowercased(), value: String(value))
    }

    /// Splits on `separator` outside double quotes.
    private static func split(_ text: some StringProtocol, on separator: Character) -> [Substring] {
        let text = Substring(text)
        var parts: [Substring] = []
        var start = text.startIndex
        var quoted = false
        var escaped = false
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            if escaped {
                escaped = false
            } else if quoted && character == "\\" {
                escaped = true
            } else if character == "\"" {
                quoted.toggle()
            } else if character == separator && !quoted {
                parts.append(text[start..<index])
                start = text.index(after: index)
            }
            index = text.index(after: index)
        }
        parts.append(text[start...])
        return parts
    }

    private static func trimmed(_ text: Substring) -> Substring {
        var result = text
        while let first = result.first, first == " " || first == "\t" { result = result.dropFirst() }
        while let last = result.last, last == " " || last == "\t" { result = result.dropLast() }
        return result
    }

    private static func isToken(_ text: Substring) -> Bool {
        !text.isEmpty
            && text.utf8.allSatisfy { byte in
                byte > 0x20 && byte < 0x7F && !"()<>@,;:\\\"/[]?={}".utf8.contains(byte)
            }
    }
}
