public import Foundation

/// Encodes an `Encodable` value as `application/x-www-form-urlencoded` text (a query string),
/// with the public surface and the output of Alamofire 5's `URLEncodedFormEncoder`.
///
/// The value must encode a keyed container at its root (a struct, a class or a `[String: …]`
/// dictionary). Nested keyed values become `parent[child]=value` (see ``KeyPathEncoding``), arrays
/// `list[]=value` (see ``ArrayEncoding``), and every key and value is percent-encoded by NetworkKit's
/// one encoder (``PercentEncoding``) with ``allowedCharacters`` left as they are. With
/// ``alphabetizeKeyValuePairs`` (the default) the pairs of each level are sorted as text, so the
/// same value always gives the same string.
///
/// ```swift
/// struct Search: Encodable {
///     var text = "tea & biscuits"
///     var tags = ["hot", "sweet"]
///     var page: Int? = nil
/// }
/// let query: String = try URLEncodedFormEncoder().encode(Search())
/// // "tags%5B%5D=hot&tags%5B%5D=sweet&text=tea%20%26%20biscuits"
/// ```
///
/// Where it differs from Alamofire's class:
/// - It is a `Sendable` struct: options are `var`, custom closures `@Sendable`.
/// - A root that is not keyed throws ``HTTPError/encodingFailed(_:)`` with
///   ``HTTPError/EncodingFailureReason/formRootNotKeyed(type:found:)`` instead of
///   `URLEncodedFormEncoder.Error`, and so does an empty root array (Alamofire returns "").
/// - A coding key with an integer value names a member, never an array slot, so `["1": "x"]` is
///   `1=x` and `[5: "x"]` under `a` is `a[5]=x` (Alamofire turns them into arrays, loses members
///   and throws for such a root).
/// - The members of one array element stay together after a dropped `nil` element.
/// - A `URL` is written as its `absoluteString`, as `JSONEncoder` does (Alamofire writes `url[]=…`).
/// - Only the ASCII members of ``allowedCharacters`` count, so other text is always percent-encoded,
///   as RFC 3986 requires (as Alamofire does on Linux; on Apple platforms it writes them raw).
public struct URLEncodedFormEncoder: Sendable {
    /// Whether the pairs of each level are sorted as encoded text; `true` by default.
    ///
    /// Sorting keeps the output the same for the same value even for dictionaries, whose order
    /// changes from run to run; turned off, an `Encodable` type's pairs come in its encoding order.
    /// The sort applies to array elements too, as in Alamofire.
    public var alphabetizeKeyValuePairs: Bool
    /// How the key of each array element is written; `.brackets` by default.
    public var arrayEncoding: ArrayEncoding
    /// How `Bool` values are written; `.numeric` by default.
    public var boolEncoding: BoolEncoding
    /// How `Data` values are written; `.base64` by default.
    public var dataEncoding: DataEncoding
    /// How `Date` values are written; `.deferredToDate` by default.
    public var dateEncoding: DateEncoding
    /// How keys are rewritten before they are escaped; `.useDefaultKeys` by default.
    public var keyEncoding: KeyEncoding
    /// How a nested key joins its parent's; `.brackets` by default.
    public var keyPathEncoding: KeyPathEncoding
    /// How `nil` values are written; `.dropKey` by default.
    public var nilEncoding: NilEncoding
    /// How spaces are written; `.percentEscaped` by default.
    public var spaceEncoding: SpaceEncoding
    /// The characters written as they are; every other byte becomes `%XX`.
    ///
    /// Only ASCII members count, and a space is always written per ``spaceEncoding``. The default,
    /// ``defaultAllowedCharacters``, is Alamofire's `CharacterSet/afURLQueryAllowed`.
    public var allowedCharacters: CharacterSet {
        didSet { allowed = Self.table(of: allowedCharacters) }
    }

    private var allowed: PercentEncoding.AllowedCharacters

    /// RFC 3986 §3.4's query characters without the delimiters that would end a key or value:
    /// `A–Z a–z 0–9 - . _ ~ ? /`, that is `CharacterSet.afURLQueryAllowed` (the same set as
    /// ``PercentEncoding/AllowedCharacters/queryComponent``).
    public static let defaultAllowedCharacters: CharacterSet = .afURLQueryAllowed

    /// Creates an encoder; every default matches Alamofire's.
    ///
    /// - Parameters:
    ///   - alphabetizeKeyValuePairs: Whether the pairs of each level are sorted as text.
    ///   - arrayEncoding:            How the key of each array element is written.
    ///   - boolEncoding:             How `Bool` values are written.
    ///   - dataEncoding:             How `Data` values are written.
    ///   - dateEncoding:             How `Date` values are written.
    ///   - keyEncoding:              How keys are rewritten before they are escaped.
    ///   - keyPathEncoding:          How a nested key joins its parent's.
    ///   - nilEncoding:              How `nil` values are written.
    ///   - spaceEncoding:            How spaces are written.
    ///   - allowedCharacters:        The characters written as they are.
    public init(
        alphabetizeKeyValuePairs: Bool = true,
        arrayEncoding: ArrayEncoding = .brackets,
        boolEncoding: BoolEncoding = .numeric,
        dataEncoding: DataEncoding = .base64,
        dateEncoding: DateEncoding = .deferredToDate,
        keyEncoding: KeyEncoding = .useDefaultKeys,
        keyPathEncoding: KeyPathEncoding = .brackets,
        nilEncoding: NilEncoding = .dropKey,
        spaceEncoding: SpaceEncoding = .percentEscaped,
        allowedCharacters: CharacterSet = URLEncodedFormEncoder.defaultAllowedCharacters
    ) {
        self.alphabetizeKeyValuePairs = alphabetizeKeyValuePairs
        self.arrayEncoding = arrayEncoding
        self.boolEncoding = boolEncoding
        self.dataEncoding = dataEncoding
        self.dateEncoding = dateEncoding
        self.keyEncoding = keyEncoding
        self.keyPathEncoding = keyPathEncoding
        self.nilEncoding = nilEncoding
        self.spaceEncoding = spaceEncoding
        self.allowedCharacters = allowedCharacters
        self.allowed = Self.table(of: allowedCharacters)
    }

    /// Encodes `value` as form text, such as `name=Ann&tags%5B%5D=a`.
    ///
    /// - Parameter value: A value whose root is keyed: a struct, a class or a `[String: …]` dictionary.
    /// - Returns: The `key=value` pairs joined by `&`, without a leading `?`; empty when the value
    ///   has no pairs (every member `nil` with ``NilEncoding/dropKey``, say).
    /// - Throws: ``HTTPError/encodingFailed(_:)`` with
    ///   ``HTTPError/EncodingFailureReason/formRootNotKeyed(type:found:)`` for a root that is an
    ///   array or a single value; what the value's `encode(to:)` or a `.custom` strategy throws,
    ///   unchanged.
    public func encode(_ value: any Encodable) throws -> String {
        String(decoding: try encodedBytes(value), as: UTF8.self)
    }

    /// Encodes `value` as the UTF-8 bytes of its form text, for a request body.
    ///
    /// - Parameter value: A value whose root is keyed: a struct, a class or a `[String: …]` dictionary.
    /// - Returns: The UTF-8 bytes of the text the `String` form returns.
    /// - Throws: ``HTTPError/encodingFailed(_:)`` with
    ///   ``HTTPError/EncodingFailureReason/formRootNotKeyed(type:found:)`` for a root that is an
    ///   array or a single value; what the value's `encode(to:)` or a `.custom` strategy throws,
    ///   unchanged.
    public func encode(_ value: any Encodable) throws -> Data {
        Data(try encodedBytes(value))
    }

    private func encodedBytes(_ value: any Encodable) throws -> [UInt8] {
        let context = FormEncodingContext(
            options: FormValueOptions(
                boolEncoding: boolEncoding, dataEncoding: dataEncoding, dateEncoding: dateEncoding,
                nilEncoding: nilEncoding))
        try value.encode(to: FormValueEncoder(context: context, path: []))
        let root = context.root
        guard !context.rootIsUnkeyed, case .object(let members) = root.content else {
            let found = if case .text = root.content { "a single value" } else { "an array" }
            throw HTTPError.encodingFailed(.formRootNotKeyed(type: "\(type(of: value))", found: found))
        }
        let serializer = FormSerializer(
            alphabetizes: alphabetizeKeyValuePairs, arrayEncoding: arrayEncoding, keyEncoding: keyEncoding,
            keyPathEncoding: keyPathEncoding, spaceAsPlus: spaceEncoding == .plusReplaced, allowed: allowed)
        return serializer.serialize(members)
    }

    /// The ASCII table of `characterSet`, without the space (always written per ``spaceEncoding``).
    private static func table(of characterSet: CharacterSet) -> PercentEncoding.AllowedCharacters {
        PercentEncoding.AllowedCharacters { byte in
            byte != UInt8(ascii: " ") && characterSet.contains(Unicode.Scalar(byte))
        }
    }
}
