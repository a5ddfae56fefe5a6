import NetworkKit

/// An e-mail address (RFC 5322 `addr-spec` in its dot-atom form) with an optional display name.
///
/// The initialiser checks the address, so a value of this type can be put in a header or a
/// `mailto:` URL safely. Quoted local parts and address literals are not accepted.
///
/// ```swift
/// let to = try EmailAddress("ivan@example.org", displayName: "Иван Петров")
/// ```
public struct EmailAddress: Hashable, Sendable, CustomStringConvertible {
    /// The `local@domain` part.
    public let address: String
    /// The name shown beside the address, if any.
    public let displayName: String?

    /// Checks and stores an address.
    ///
    /// - Parameters:
    ///   - address: Such as `ivan@example.org`; surrounding spaces are removed.
    ///   - displayName: A name to show; it must not contain line breaks.
    /// - Throws: `PlatformError.invalidMessage(.invalidAddress)` when `address` is not an address,
    ///   `.controlCharacter` when the name carries a line break or control character.
    public init(_ address: String, displayName: String? = nil) throws(PlatformError) {
        let trimmed = address.trimmingSpaces()
        guard Self.isValid(trimmed) else { throw .invalidMessage(.invalidAddress(address)) }
        if let displayName, displayName.containsControlCharacter {
            throw .invalidMessage(.controlCharacter(field: "display name"))
        }
        self.address = trimmed
        self.displayName = displayName.flatMap { $0.isEmpty ? nil : $0 }
    }

    /// The address, preceded by the display name when there is one.
    public var description: String {
        guard let displayName else { return address }
        return "\(displayName) <\(address)>"
    }

    /// Whether `text` is a dot-atom `local@domain` with a domain of letter, digit and hyphen labels.
    ///
    /// - Parameter text: The candidate address.
    /// - Returns: `true` when it is acceptable.
    public static func isValid(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard bytes.count <= 254, let at = bytes.lastIndex(of: UInt8(ascii: "@")) else { return false }
        let local = bytes[..<at]
        let domain = bytes[(at + 1)...]
        guard !local.isEmpty, local.count <= 64, isDotAtom(local) else { return false }
        let labels = domain.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        guard labels.count >= 2 else { return false }
        return labels.allSatisfy(isDomainLabel)
    }

    private static func isDotAtom(_ bytes: ArraySlice<UInt8>) -> Bool {
        let atoms = bytes.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        return atoms.allSatisfy { atom in !atom.isEmpty && atom.allSatisfy(isAtomText) }
    }

    private static func isAtomText(_ byte: UInt8) -> Bool {
        if PercentEncoding.AllowedCharacters.unreserved.contains(byte) { return true }
        return Array("!#$%&'*+/=?^`{|}".utf8).contains(byte)
    }

    private static func isDomainLabel(_ label: ArraySlice<UInt8>) -> Bool {
        guard !label.isEmpty, label.count <= 63, label.first != UInt8(ascii: "-"), label.last != UInt8(ascii: "-")
        else { return false }
        return label.allSatisfy { byte in
            byte == UInt8(ascii: "-")
                || (PercentEncoding.AllowedCharacters.unreserved.contains(byte) && byte != UInt8(ascii: ".")
                    && byte != UInt8(ascii: "_")
                    && byte != UInt8(ascii: "~"))
        }
    }
}

extension String {
    /// Whether any scalar is a C0 control (CR and LF included) or DEL.
    var containsControlCharacter: Bool {
        unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F }
    }

    func trimmingSpaces() -> String {
        var scalars = Substring(self)
        while scalars.first == " " { scalars.removeFirst() }
        while scalars.last == " " { scalars.removeLast() }
        return String(scalars)
    }
}
