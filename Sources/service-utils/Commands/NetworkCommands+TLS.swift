// A Linux and macOS tool: it starts programs and reads /proc, which iOS, tvOS and watchOS lack.
#if os(Linux) || os(macOS)
    import Foundation
    import ServiceUtils

    /// curl's TLS options, with curl's meaning, as `http`, `download` and `upload` take them:
    /// `--cacert FILE`, `--pinnedpubkey PINS|FILE` and `--http1.1`.
    ///
    /// ```swift
    /// var parser = ArgumentParser(["--cacert", "ca.pem", "https://example.com/"])
    /// let tls = try TLSOptions(parsing: &parser)
    /// var configuration = HTTPClient.Configuration()
    /// try tls.apply(to: &configuration, for: url)
    /// ```
    struct TLSOptions {
        /// The options as a usage line shows them.
        static let usage = "[--cacert FILE] [--pinnedpubkey PINS|FILE] [--http1.1]"

        /// The paragraph each command's help adds about them.
        static let details = """
            TLS options, as curl's: --cacert FILE trusts the certificates of FILE (PEM or DER) as roots
            instead of the system's. --pinnedpubkey pins the URL's host to public keys, given as
            'sha256//BASE64[;sha256//BASE64...]' (base64 SHA-256 of a key's SubjectPublicKeyInfo) or as
            the path of a PEM or DER public key file; the key of any certificate of the chain (leaf,
            intermediate or root) may match, and a chain that matches none is refused before the request
            is sent (a redirect to another host is not pinned). --http1.1 keeps to HTTP/1.1 where the
            server offers HTTP/2.
            """

        /// What `--pinnedpubkey` accepts, for its usage errors.
        static let pinForms =
            "--pinnedpubkey takes 'sha256//BASE64[;sha256//BASE64...]' (base64 SHA-256 digests of public keys) "
            + "or the path of a PEM or DER public key file (SubjectPublicKeyInfo, -----BEGIN PUBLIC KEY-----)"

        /// The roots of `--cacert`, trusted instead of the system's.
        let trustAnchors: TrustAnchors?
        /// The keys of `--pinnedpubkey`; empty when it was not given.
        let pins: [PublicKeyPin]
        /// Whether `--http1.1` was given.
        let http1Only: Bool

        /// Takes the TLS options out of `parser`, reading the files they name.
        ///
        /// - Parameter parser: The command's parser; the options are removed from it.
        /// - Throws: `UsageError`: an unreadable `--cacert` file or one without certificates, or a
        ///   `--pinnedpubkey` in neither of curl's forms.
        init(parsing parser: inout ArgumentParser) throws(UsageError) {
            http1Only = parser.flag("--http1.1")
            if let path = try parser.option("--cacert") {
                var isFolder: ObjCBool = false
                guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), !isFolder.boolValue,
                    FileManager.default.isReadableFile(atPath: path)
                else {
                    throw UsageError(
                        "--cacert: \(path) is not a readable file (it takes a PEM or DER certificate file)")
                }
                do throws(HTTPError) {
                    trustAnchors = try TrustAnchors(contentsOf: URL(fileURLWithPath: path), scope: .exclusive)
                } catch {
                    throw UsageError("--cacert: \(error.description)")
                }
            } else {
                trustAnchors = nil
            }
            pins = try parser.option("--pinnedpubkey").map(Self.pins(from:)) ?? []
        }

        /// Sets the options on a client's configuration, pinning the host of `url`.
        ///
        /// - Parameters:
        ///   - configuration: The configuration of the command's client.
        ///   - url:           The request's URL, whose host the pins apply to.
        /// - Throws: `UsageError` when the URL's host cannot be pinned.
        func apply(to configuration: inout HTTPClient.Configuration, for url: URL) throws(UsageError) {
            if let trustAnchors { configuration.trustAnchors = trustAnchors }
            if http1Only { configuration.httpVersion = .http1Only }
            guard !pins.isEmpty else { return }
            guard let host = url.host, !host.isEmpty else { throw UsageError("--pinnedpubkey needs a URL with a host") }
            do throws(HTTPError) {
                configuration.publicKeyPins.add(try PublicKeyPins.Rule(host: host, pins: pins))
            } catch {
                throw UsageError("--pinnedpubkey: \(error.description)")
            }
        }

        // MARK: - --pinnedpubkey

        /// The pins of a `--pinnedpubkey` value: `sha256//` digests, or the key in a file.
        static func pins(from value: String) throws(UsageError) -> [PublicKeyPin] {
            if value.hasPrefix("sha256//") { return try digests(in: value) }
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: value, isDirectory: &isFolder), !isFolder.boolValue,
                let data = FileManager.default.contents(atPath: value)
            else {
                throw UsageError(
                    "--pinnedpubkey \(value.prefix(100).debugDescription) does not start with sha256// and is not a "
                        + "readable file; \(pinForms)")
            }
            return try keys(inFile: value, data: data)
        }

        /// The pins of `sha256//BASE64[;sha256//BASE64...]`.
        private static func digests(in value: String) throws(UsageError) -> [PublicKeyPin] {
            var pins: [PublicKeyPin] = []
            for entry in value.split(separator: ";") {
                guard entry.hasPrefix("sha256//") else {
                    throw UsageError(
                        "--pinnedpubkey: \(String(entry.prefix(100)).debugDescription) does not start with sha256//; "
                            + pinForms)
                }
                do throws(HTTPError) {
                    pins.append(try PublicKeyPin(base64: String(entry.dropFirst("sha256//".count))))
                } catch {
                    throw UsageError("--pinnedpubkey: \(error.description); \(pinForms)")
                }
            }
            guard !pins.isEmpty else { throw UsageError("--pinnedpubkey names no key; \(pinForms)") }
            return pins
        }

        /// The pins of the public keys in a PEM file (each `PUBLIC KEY` block) or of the one key in a
        /// DER file.
        private static func keys(inFile path: String, data: Data) throws(UsageError) -> [PublicKeyPin] {
            func refuse(_ problem: String) -> UsageError {
                UsageError("--pinnedpubkey: \(path) \(problem); \(pinForms)")
            }
            guard let text = String(data: data, encoding: .utf8), text.contains("-----BEGIN") else {
                guard isSubjectPublicKeyInfo(Array(data)) else {
                    if (try? PublicKeyPin(certificate: data)) != nil {
                        throw refuse(
                            "is a certificate, not a public key (`openssl x509 -inform der -in FILE -pubkey -noout` "
                                + "writes its key)")
                    }
                    throw refuse("is neither PEM nor a DER SubjectPublicKeyInfo")
                }
                return [PublicKeyPin(subjectPublicKeyInfo: data)]
            }
            let begin = "-----BEGIN PUBLIC KEY-----"
            let end = "-----END PUBLIC KEY-----"
            var pins: [PublicKeyPin] = []
            var rest = Substring(text)
            while let start = rest.range(of: begin) {
                guard let stop = rest.range(of: end, range: start.upperBound..<rest.endIndex) else {
                    throw refuse("has a PUBLIC KEY block without its END line")
                }
                let body = rest[start.upperBound..<stop.lowerBound].filter { !$0.isWhitespace }
                guard let der = Data(base64Encoded: String(body)), isSubjectPublicKeyInfo(Array(der)) else {
                    throw refuse("has a PUBLIC KEY block that is not a base64 SubjectPublicKeyInfo")
                }
                pins.append(PublicKeyPin(subjectPublicKeyInfo: der))
                rest = rest[stop.upperBound...]
            }
            guard pins.isEmpty else { return pins }
            if text.contains("-----BEGIN CERTIFICATE-----") {
                throw refuse(
                    "holds a certificate, not a public key (`openssl x509 -in FILE -pubkey -noout` writes its key)")
            }
            throw refuse("has no -----BEGIN PUBLIC KEY----- block")
        }

        /// Whether `der` is one DER `SEQUENCE { SEQUENCE (algorithm), BIT STRING (key) }`, the shape of
        /// a SubjectPublicKeyInfo, and nothing else.
        static func isSubjectPublicKeyInfo(_ der: [UInt8]) -> Bool {
            guard let outer = element(of: der, at: 0), outer.tag == 0x30, outer.end == der.count,
                let algorithm = element(of: der, at: outer.contentStart), algorithm.tag == 0x30,
                let key = element(of: der, at: algorithm.end), key.tag == 0x03
            else { return false }
            return key.end == outer.end
        }

        /// The tag and bounds of the DER element at `offset`, or nil when it does not fit in `der`.
        private static func element(of der: [UInt8], at offset: Int) -> (tag: UInt8, contentStart: Int, end: Int)? {
            guard offset + 2 <= der.count else { return nil }
            let tag = der[offset]
            var length = Int(der[offset + 1])
            var contentStart = offset + 2
            if length & 0x80 != 0 {
                let count = length & 0x7F
                guard (1...4).contains(count), contentStart + count <= der.count else { return nil }
                length = der[contentStart..<contentStart + count].reduce(0) { $0 << 8 | Int($1) }
                contentStart += count
            }
            guard length <= der.count - contentStart else { return nil }
            return (tag, contentStart, contentStart + length)
        }
    }
#endif
