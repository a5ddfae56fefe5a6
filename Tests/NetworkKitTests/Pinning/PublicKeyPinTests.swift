import Foundation
import NetworkKit
import Testing

@Suite("PublicKeyPin: SHA-256 pins of keys, as OpenSSL computes them")
struct PublicKeyPinTests {
    @Test("the pin of each certificate (RSA 2048, EC P-256 v1, Ed25519) is OpenSSL's")
    func pinsMatchOpenSSL() async throws {
        // Given certificates openssl made, with the pins openssl computed for their keys
        let certificates = try await OpenSSLCertificates.shared.value
        for (name, certificate) in [
            ("RSA authority", certificates.authority), ("EC leaf", certificates.leaf),
            ("Ed25519", certificates.ed25519),
        ] {
            // When our pin is taken from the DER certificate, from the key info, and from OpenSSL's text
            let fromCertificate = try PublicKeyPin(certificate: certificate.der)
            let fromKeyInfo = PublicKeyPin(subjectPublicKeyInfo: certificate.subjectPublicKeyInfo)
            let fromText = try PublicKeyPin(base64: certificate.pin)

            // Then all three are OpenSSL's pin
            #expect(fromCertificate.base64 == certificate.pin, "\(name)")
            #expect(fromKeyInfo == fromCertificate, "\(name)")
            #expect(fromText == fromCertificate, "\(name)")
        }
        // And the three keys have three different pins
        let pins = Set([certificates.authority.pin, certificates.leaf.pin, certificates.ed25519.pin])
        #expect(pins.count == 3)
    }

    @Test("base64 reads back as it was written, with the line break openssl base64 ends with")
    func roundTrip() throws {
        // Given a pin's text as `openssl base64` prints it
        let text = "6im6pwziRF1ud+1vlEJxXO0dRHRAoLqNN4XAKmT1RmI=\n"

        // When it is read
        let pin = try PublicKeyPin(base64: text)

        // Then it writes back the same characters
        #expect(pin.base64 == "6im6pwziRF1ud+1vlEJxXO0dRHRAoLqNN4XAKmT1RmI=")
        #expect(pin.description == pin.base64)
    }

    @Test(
        "text that is not base64 of 32 bytes is refused with a typed error",
        arguments: [
            ("sha256/6im6pwziRF1ud+1vlEJxXO0dRHRAoLqNN4XAKmT1RmI=", HTTPError.InvalidPinningReason.pinNotBase64("")),
            ("6im6pwziRF1ud+1vlEJxXO0dRHRAoLqNN4XAKmT1RmI", .pinNotBase64("")),
            ("not a pin!", .pinNotBase64("")),
            ("2jmj7l5rSw0yVb/vlWAYkK/YBwk=", .pinWrongLength(bytes: 20)),
            ("", .pinWrongLength(bytes: 0)),
            ("6im6pwziRF1ud+1vlEJxXO0dRHRAoLqNN4XAKmT1RmI6im6pwzg=", .pinWrongLength(bytes: 38)),
        ])
    func malformedPins(text: String, expected: HTTPError.InvalidPinningReason) {
        // Given text that is not a SHA-256 pin (a prefixed pin, missing padding, a SHA-1 pin, nothing, too long)
        // When it is read
        let error = #expect(throws: HTTPError.self) { try PublicKeyPin(base64: text) }

        // Then the error says which way it is wrong
        guard case .invalidPinning(let reason)? = error else {
            Issue.record("expected invalidPinning, got \(String(describing: error))")
            return
        }
        switch (reason, expected) {
        case (.pinNotBase64(let given), .pinNotBase64): #expect(given == text)
        default: #expect(reason == expected)
        }
        #expect(error?.request == nil)
    }
}
