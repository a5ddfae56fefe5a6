import Foundation
import Testing

@testable import NetworkKit

@Suite("CertificateDER: the SubjectPublicKeyInfo of an X.509 certificate, and typed errors for anything else")
struct CertificateDERTests {
    @Test("the key info read from each certificate is the DER openssl pkey writes")
    func keyInfoMatchesOpenSSL() async throws {
        // Given certificates openssl made (one of version 1, without the [0] version field)
        let certificates = try await OpenSSLCertificates.shared.value
        for certificate in [certificates.authority, certificates.leaf, certificates.ed25519] {
            // When the key info is read
            let keyInfo = try CertificateDER.subjectPublicKeyInfo(of: Array(certificate.der))

            // Then it is byte for byte what OpenSSL extracts
            #expect(Data(keyInfo) == certificate.subjectPublicKeyInfo)
        }
    }

    @Test("every truncation of a real certificate is a typed error")
    func truncations() async throws {
        // Given the three certificates
        let certificates = try await OpenSSLCertificates.shared.value
        for certificate in [certificates.authority, certificates.leaf, certificates.ed25519] {
            let bytes = Array(certificate.der)
            for length in 0..<bytes.count {
                // When only the first `length` bytes are read
                let error = #expect(throws: HTTPError.self) {
                    try CertificateDER.subjectPublicKeyInfo(of: Array(bytes[..<length]))
                }
                // Then reading stops inside the data, saying it is cut short
                guard case .invalidPinning(.malformedCertificate(let offset, .truncated))? = error else {
                    Issue.record("\(length) bytes: \(String(describing: error))")
                    return
                }
                #expect(offset <= length)
            }
        }
    }

    @Test("wrong tags, forbidden lengths and trailing bytes each give their own error and offset")
    func malformedStructures() async throws {
        // Given a real certificate, where its key info starts, and where the key's BIT STRING starts
        let certificate = Array(try await OpenSSLCertificates.shared.value.leaf.der)
        let keyStart = try CertificateDER.subjectPublicKeyInfo(of: certificate).startIndex
        let lengthByte = certificate[keyStart + 1]
        let algorithmStart = keyStart + 2 + (lengthByte & 0x80 != 0 ? Int(lengthByte & 0x7F) : 0)
        let bitStringStart = algorithmStart + 2 + Int(certificate[algorithmStart + 1])
        var wrongOuterTag = certificate
        wrongOuterTag[0] = 0x31
        var wrongKeyTag = certificate
        wrongKeyTag[keyStart] = 0x31
        var wrongBitString = certificate
        wrongBitString[bitStringStart] = 0x04

        // When each is read, Then the offset and the problem are those of the broken element
        #expect(error(reading: []) == malformed(0, .truncated))
        #expect(error(reading: wrongOuterTag) == malformed(0, .unexpectedTag(expected: "Certificate", found: 0x31)))
        #expect(
            error(reading: wrongKeyTag)
                == malformed(keyStart, .unexpectedTag(expected: "subjectPublicKeyInfo", found: 0x31)))
        #expect(
            error(reading: wrongBitString)
                == malformed(bitStringStart, .unexpectedTag(expected: "subjectPublicKey", found: 0x04)))
        #expect(error(reading: certificate + [0]) == malformed(certificate.count, .trailingBytes))
        // The indefinite form, five length bytes, a long form for a short length, a leading zero
        #expect(error(reading: [0x30, 0x80, 0x00, 0x00]) == malformed(1, .invalidLength))
        #expect(error(reading: [0x30, 0x85, 0x01, 0x00, 0x00, 0x00, 0x00]) == malformed(1, .invalidLength))
        #expect(error(reading: [0x30, 0x81, 0x05, 1, 2, 3, 4, 5]) == malformed(1, .invalidLength))
        #expect(
            error(reading: [0x30, 0x82, 0x00, 0x90] + [UInt8](repeating: 0, count: 0x90))
                == malformed(1, .invalidLength))
        // A length far beyond the data, and the largest four bytes can say
        #expect(error(reading: [0x30, 0x84, 0x7F, 0xFF, 0xFF, 0xFF, 0x30]) == malformed(6, .truncated))
        #expect(error(reading: [0x30, 0x84, 0xFF, 0xFF, 0xFF, 0xFF]) == malformed(6, .truncated))
    }

    @Test("an inner element longer than its container is cut short, not read past the container")
    func innerLengthBeyondContainer() throws {
        // Given a certificate SEQUENCE of 4 bytes whose tbsCertificate claims 100
        let bytes: [UInt8] = [0x30, 0x04, 0x30, 0x64, 0x02, 0x01] + [UInt8](repeating: 0x05, count: 100)

        // When it is read
        let error = #expect(throws: HTTPError.self) { try CertificateDER.subjectPublicKeyInfo(of: bytes) }

        // Then the trailing bytes after the outer element are reported first, and the inner length
        // is never followed past its container
        guard case .invalidPinning(.malformedCertificate(let offset, let problem))? = error else {
            Issue.record("\(String(describing: error))")
            return
        }
        #expect(offset == 6 && problem == .trailingBytes)
        let contained: [UInt8] = [0x30, 0x04, 0x30, 0x64, 0x02, 0x01]
        let inner = #expect(throws: HTTPError.self) { try CertificateDER.subjectPublicKeyInfo(of: contained) }
        #expect(inner == .invalidPinning(.malformedCertificate(offset: 4, problem: .truncated)))
    }

    /// The error reading `bytes` gives, nil when it reads.
    private func error(reading bytes: [UInt8]) -> HTTPError? {
        do {
            _ = try CertificateDER.subjectPublicKeyInfo(of: bytes)
            return nil
        } catch {
            return error
        }
    }

    private func malformed(_ offset: Int, _ problem: HTTPError.CertificateProblem) -> HTTPError {
        .invalidPinning(.malformedCertificate(offset: offset, problem: problem))
    }
}
