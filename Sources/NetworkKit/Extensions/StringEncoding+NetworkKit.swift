import Foundation

extension String.Encoding {
    /// The encoding an IANA charset name stands for, for the Unicode encodings and ISO-8859-1 only
    /// (the names Alamofire's string serializer knows), matched without regard to case.
    ///
    /// - Parameter name: A charset name, such as `utf-8` or `ISO-8859-1`.
    init?(ianaCharsetName name: String) {
        switch name.lowercased() {
        case "utf-8": self = .utf8
        case "iso-8859-1": self = .isoLatin1
        case "utf-16", "unicode-1-1", "iso-10646-ucs-2": self = .utf16
        case "utf-16be": self = .utf16BigEndian
        case "utf-16le": self = .utf16LittleEndian
        case "utf-32": self = .utf32
        case "utf-32be": self = .utf32BigEndian
        case "utf-32le": self = .utf32LittleEndian
        default: return nil
        }
    }
}
