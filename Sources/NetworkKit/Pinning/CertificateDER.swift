import Foundation

/// Reads the one field pinning needs from a DER-encoded X.509 certificate (RFC 5280 §4.1): the
/// `SubjectPublicKeyInfo`, whose SHA-256 digest is the key's pin (RFC 7469 §2.4).
///
/// It walks the fixed start of the structure and no further: the certificate, its
/// `tbsCertificate`, the optional `[0]` version, the serial number, the signature algorithm, the
/// issuer, the validity and the subject, then the key info, whose own two parts it checks; it also
/// checks that the certificate's signature algorithm and value follow the `tbsCertificate` and that
/// nothing follows the certificate. Every length is read before it is used and must fit in what
/// holds it, so any input gives the key info or a typed error, never a crash.
enum CertificateDER {
    /// The complete DER encoding (tag, length and contents) of the certificate's
    /// `SubjectPublicKeyInfo`.
    ///
    /// - Parameter certificate: One DER-encoded certificate, nothing before or after it.
    /// - Returns: The bytes of the key info, as they appear in the certificate.
    /// - Throws: ``HTTPError/invalidPinning(_:)`` with ``HTTPError/InvalidPinningReason/malformedCertificate(offset:problem:)``.
    static func subjectPublicKeyInfo(of certificate: [UInt8]) throws(HTTPError) -> ArraySlice<UInt8> {
        var outer = DERReader(certificate)
        var body = try outer.enter(.sequence, "Certificate")
        try outer.expectEnd()
        var tbs = try body.enter(.sequence, "tbsCertificate")
        try body.skip(.sequence, "signatureAlgorithm")
        try body.skip(.bitString, "signatureValue")
        try body.expectEnd()
        if tbs.peekTag == DERReader.Tag.version.rawValue { try tbs.skip(.version, "version") }
        try tbs.skip(.integer, "serialNumber")
        try tbs.skip(.sequence, "signature")
        try tbs.skip(.sequence, "issuer")
        try tbs.skip(.sequence, "validity")
        try tbs.skip(.sequence, "subject")
        let start = tbs.offset
        var keyInfo = try tbs.enter(.sequence, "subjectPublicKeyInfo")
        let end = keyInfo.end
        try keyInfo.skip(.sequence, "algorithm")
        try keyInfo.skip(.bitString, "subjectPublicKey")
        try keyInfo.expectEnd()
        return certificate[start..<end]
    }
}

/// A cursor over DER elements between two offsets of one buffer; reading never goes past `end`.
struct DERReader {
    /// The tags the certificate's structure uses.
    enum Tag: UInt8 {
        case integer = 0x02
        case bitString = 0x03
        case sequence = 0x30
        /// `[0] EXPLICIT Version` of a `tbsCertificate`.
        case version = 0xA0
    }

    private let bytes: [UInt8]
    /// Where the next element starts.
    private(set) var offset: Int
    /// Where this reader's elements end.
    let end: Int

    /// A reader over the whole of `bytes`.
    init(_ bytes: [UInt8]) {
        self.init(bytes, from: 0, to: bytes.count)
    }

    private init(_ bytes: [UInt8], from offset: Int, to end: Int) {
        self.bytes = bytes
        self.offset = offset
        self.end = end
    }

    /// The tag of the next element, nil at the end.
    var peekTag: UInt8? {
        offset < end ? bytes[offset] : nil
    }

    /// Reads the next element's header, checks its tag, and returns a reader over its contents;
    /// this reader moves past the element.
    mutating func enter(_ tag: Tag, _ field: String) throws(HTTPError) -> DERReader {
        let contents = try header(tag, field)
        offset = contents.upperBound
        return DERReader(bytes, from: contents.lowerBound, to: contents.upperBound)
    }

    /// Moves past the next element after checking its tag and length.
    mutating func skip(_ tag: Tag, _ field: String) throws(HTTPError) {
        offset = try header(tag, field).upperBound
    }

    /// Fails unless every element was read.
    func expectEnd() throws(HTTPError) {
        guard offset == end else { throw Self.failure(at: offset, .trailingBytes) }
    }

    /// The range of the next element's contents, after checking its tag and length.
    private func header(_ tag: Tag, _ field: String) throws(HTTPError) -> Range<Int> {
        guard offset < end else { throw Self.failure(at: offset, .truncated) }
        guard bytes[offset] == tag.rawValue else {
            throw Self.failure(at: offset, .unexpectedTag(expected: field, found: bytes[offset]))
        }
        var position = offset + 1
        guard position < end else { throw Self.failure(at: position, .truncated) }
        let first = bytes[position]
        position += 1
        var length = Int(first)
        if first & 0x80 != 0 {
            // Long form: the low bits count the length bytes that follow (RFC 5280 certificates
            // never need more than four; DER forbids 0x80, the indefinite form).
            let count = Int(first & 0x7F)
            guard count >= 1, count <= 4 else { throw Self.failure(at: position - 1, .invalidLength) }
            guard count <= end - position else { throw Self.failure(at: position, .truncated) }
            length = 0
            for byte in bytes[position..<(position + count)] { length = length << 8 | Int(byte) }
            // DER's shortest form: no leading zero byte, and the long form only from 128.
            guard length >= 0x80, bytes[position] != 0 else { throw Self.failure(at: position - 1, .invalidLength) }
            position += count
        }
        guard length <= end - position else { throw Self.failure(at: position, .truncated) }
        return position..<(position + length)
    }

    private static func failure(at offset: Int, _ problem: HTTPError.CertificateProblem) -> HTTPError {
        .invalidPinning(.malformedCertificate(offset: offset, problem: problem))
    }
}
