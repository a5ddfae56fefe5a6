import Foundation

// MARK: - Pinning

extension HTTPError {
    /// A request refused because of its host's public-key pins.
    public struct PinningFailure: Hashable, Sendable {
        /// The request, when the failure happened on the way to a server (nil from
        /// ``PublicKeyPins/validate(certificateChain:host:at:)``).
        public let request: RequestSummary?
        /// The pinned host that was refused (after a redirect, the host it pointed to).
        public let host: String
        /// Why it was refused.
        public let reason: PinningFailureReason

        /// Creates the payload; NetworkKit makes these, stubs and tests may too.
        ///
        /// - Parameters:
        ///   - request: The request (see the property).
        ///   - host:    The host (see the property).
        ///   - reason:  The reason (see the property).
        public init(request: RequestSummary?, host: String, reason: PinningFailureReason) {
            self.request = request
            self.host = host
            self.reason = reason
        }
    }

    /// Why a request to a pinned host was refused. In every case nothing was sent to the host.
    public enum PinningFailureReason: Hashable, Sendable {
        /// The transport in use cannot show the server's certificates (URLSession on Linux, used
        /// where libcurl is missing, or a custom transport that does not check server trust), so
        /// the pins cannot be checked: a pinned host is never contacted rather than contacted
        /// unpinned.
        case unsupportedPlatform
        /// The request would reach the pinned host over this scheme (plain `http`), which has no
        /// key to check.
        case insecureScheme(String)
        /// The system did not trust the server's certificate chain; carries its message.
        case untrustedChain(String)
        /// The chain is trusted, but no key in it matches a pin of the host; carries the pins of
        /// the certificates the server presented, leaf first, to compare with the configured ones.
        case noMatchingPin(presented: [PublicKeyPin])
    }

    /// Why a pin, a pinned host or a certificate could not be read.
    public enum InvalidPinningReason: Hashable, Sendable {
        /// The pin is not standard base64 (as `openssl base64` writes it, with its `=` padding).
        case pinNotBase64(String)
        /// The pin decodes to this many bytes instead of SHA-256's 32.
        case pinWrongLength(bytes: Int)
        /// The host is not a host name, an IP address or a `*.` wildcard over one; carries it and
        /// what is wrong with it.
        case invalidHost(String, problem: String)
        /// A rule for this host was given no pins.
        case noPins(host: String)
        /// The certificate is not a DER-encoded X.509 certificate; carries the byte offset where
        /// reading stopped and why.
        case malformedCertificate(offset: Int, problem: CertificateProblem)
        /// Trust anchors were asked for, but the source (a file, PEM text, a list) holds no
        /// certificate; carries the source and what was found wrong.
        case noCertificate(source: String)
    }

    /// What is wrong at some offset of a certificate's DER encoding.
    public enum CertificateProblem: Hashable, Sendable {
        /// The data ends inside an element, or an element runs past the one that holds it.
        case truncated
        /// A length uses the indefinite form, more than four bytes, or more bytes than it needs,
        /// none of which DER allows.
        case invalidLength
        /// An element has another type than the certificate's structure puts there; carries the
        /// field expected and the tag found.
        case unexpectedTag(expected: String, found: UInt8)
        /// Bytes follow the end of an element that should end its container.
        case trailingBytes
    }

    /// The payload of ``pinningFailed(_:)``.
    public var pinningFailure: PinningFailure? {
        if case .pinningFailed(let failure) = self { return failure }
        return nil
    }
}

extension HTTPError.PinningFailure {
    var text: String {
        switch reason {
        case .unsupportedPlatform:
            "\(host) has public-key pins, which this client's transport cannot check (it exposes no server "
                + "certificates); the request was not sent"
        case .insecureScheme(let scheme):
            "\(host) has public-key pins, which a \(scheme) connection cannot satisfy; the request was not sent"
        case .untrustedChain(let message):
            "the certificate chain of \(host) is not trusted: \(message)"
        case .noMatchingPin(let presented):
            "no key of the certificate chain of \(host) matches its pins (it presented "
                + (presented.isEmpty ? "no readable certificate" : presented.map(\.base64).joined(separator: ", "))
                + ")"
        }
    }
}

extension HTTPError.InvalidPinningReason {
    var text: String {
        switch self {
        case .pinNotBase64(let pin): "the pin \(pin.prefix(60).debugDescription) is not base64"
        case .pinWrongLength(let bytes): "the pin decodes to \(bytes) bytes; a SHA-256 pin has 32"
        case .invalidHost(let host, let problem): "cannot pin \(host.prefix(100).debugDescription): \(problem)"
        case .noPins(let host): "the rule for \(host) has no pins"
        case .malformedCertificate(let offset, let problem): "malformed certificate at byte \(offset): \(problem.text)"
        case .noCertificate(let source): "no certificate in \(source.prefix(300))"
        }
    }
}

extension HTTPError.CertificateProblem {
    var text: String {
        switch self {
        case .truncated: "the data ends inside an element"
        case .invalidLength: "a length that DER does not allow"
        case .unexpectedTag(let expected, let found):
            "expected \(expected), found tag 0x\(String(found, radix: 16, uppercase: true))"
        case .trailingBytes: "bytes after the end of an element"
        }
    }
}
