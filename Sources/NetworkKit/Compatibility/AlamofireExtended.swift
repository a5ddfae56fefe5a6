import Foundation

#if canImport(FoundationNetworking)
    public import FoundationNetworking
#endif

/// Alamofire's namespace for its extensions of other types: `value.af` and `Type.af`.
///
/// ```swift
/// let session = Session(configuration: URLSessionConfiguration.af.default)
/// ```
public struct AlamofireExtension<ExtendedType> {
    /// The value extended.
    public private(set) var type: ExtendedType

    /// Wraps `type`.
    ///
    /// - Parameter type: The value.
    public init(_ type: ExtendedType) {
        self.type = type
    }
}

/// A type with Alamofire's `af` namespace.
public protocol AlamofireExtended {
    /// The type extended.
    associatedtype ExtendedType

    /// The namespace of the type.
    static var af: AlamofireExtension<ExtendedType>.Type { get set }
    /// The namespace of a value.
    var af: AlamofireExtension<ExtendedType> { get set }
}

extension AlamofireExtended {
    /// The namespace of the type.
    public static var af: AlamofireExtension<Self>.Type {
        get { AlamofireExtension<Self>.self }
        set {}  // Kept settable for Alamofire's signature; there is nothing to set
    }

    /// The namespace of a value.
    public var af: AlamofireExtension<Self> {
        get { AlamofireExtension(self) }
        set {}  // Kept settable for Alamofire's signature; there is nothing to set
    }
}

extension URLSessionConfiguration: AlamofireExtended {}

extension AlamofireExtension where ExtendedType: URLSessionConfiguration {
    /// URLSession's default configuration with ``HTTPHeaders/default`` as its additional headers.
    public static var `default`: URLSessionConfiguration {
        let configuration = URLSessionConfiguration.default
        configuration.headers = .default
        return configuration
    }

    /// URLSession's ephemeral configuration with ``HTTPHeaders/default`` as its additional headers.
    public static var ephemeral: URLSessionConfiguration {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.headers = .default
        return configuration
    }
}

extension URLSessionConfiguration {
    /// The additional headers as ``HTTPHeaders`` (Alamofire's `headers`).
    public var headers: HTTPHeaders {
        get {
            var headers = HTTPHeaders()
            for (name, value) in httpAdditionalHeaders ?? [:] {
                if let name = name as? String, let value = value as? String { headers.update(name: name, value: value) }
            }
            return headers.sorted()
        }
        set { httpAdditionalHeaders = newValue.dictionary }
    }
}
