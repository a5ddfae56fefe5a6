public import Foundation

/// A ``DataPreprocessor`` that removes the `)]}',` line (with its newline) that Google's JSON APIs
/// put before a body to stop it being run as a script (cross-site script inclusion, XSSI).
///
/// A body that does not start with exactly those six bytes is left as it is.
///
/// ```swift
/// let serializer = DecodableResponseSerializer<Profile>(dataPreprocessor: .googleXSSI)
/// ```
public struct GoogleXSSIPreprocessor: DataPreprocessor {
    /// The prefix removed: `)]}',` followed by a line feed.
    static let prefix = Data(")]}',\n".utf8)

    /// Creates the preprocessor.
    public init() {}

    /// Removes the XSSI prefix when the body starts with it.
    ///
    /// - Parameter data: The body.
    /// - Returns: `data` without its leading `)]}',\n` (indexed from zero), or `data` unchanged when it
    ///   does not start so.
    public func preprocess(_ data: Data) throws -> Data {
        guard data.starts(with: Self.prefix) else { return data }
        return Data(data.dropFirst(Self.prefix.count))
    }
}

// MARK: - Leading-dot access

extension DataPreprocessor where Self == GoogleXSSIPreprocessor {
    /// A ``GoogleXSSIPreprocessor``.
    public static var googleXSSI: GoogleXSSIPreprocessor { GoogleXSSIPreprocessor() }
}
