import Foundation
import FuzzSupport

@testable import NetworkKit

/// NetworkKit's reading of the `SubjectPublicKeyInfo` of a DER-encoded X.509 certificate, which on
/// Apple platforms runs on every certificate a TLS server presents to a client with pins.
///
/// Raw: any bytes give a typed `malformedCertificate` error whose offset lies inside the input, or
/// key info that lies inside the input, is itself a SEQUENCE of a SEQUENCE and a BIT STRING, and
/// gives the same pin read from the certificate or hashed alone.
///
/// Built: a certificate assembled from the input's choices (with or without a version, fields of
/// any size so lengths take one to three bytes, extensions or not) gives back exactly the key info
/// put in it; cut short anywhere it fails as truncated; with one byte changed it behaves as any raw
/// input must.
@main
enum CertificateDERFuzzer {
    static func main() {
        runFuzzer { data, size in
            var input = FuzzInput(data, size)
            CertificateDERFuzzer.fuzz(&input)
            return 0
        }
    }

    /// One input.
    static func fuzz(_ input: inout FuzzInput) {
        if input.flag() {
            checkRaw(input.rest())
        } else {
            checkBuilt(&input)
        }
    }

    static func checkRaw(_ bytes: [UInt8]) {
        do {
            let keyInfo = try CertificateDER.subjectPublicKeyInfo(of: bytes)
            invariant(keyInfo.startIndex >= 0 && keyInfo.endIndex <= bytes.count, "key info outside the input")
            invariant(keyInfo.first == 0x30, "key info does not start with a SEQUENCE tag")
            let alone = Array(keyInfo)
            var reader = DERReader(alone)
            var parts = try reader.enter(.sequence, "subjectPublicKeyInfo")
            try reader.expectEnd()
            try parts.skip(.sequence, "algorithm")
            try parts.skip(.bitString, "subjectPublicKey")
            try parts.expectEnd()
            let fromCertificate = try PublicKeyPin(certificate: Data(bytes))
            invariant(
                fromCertificate == PublicKeyPin(subjectPublicKeyInfo: Data(alone)), "two pins for one key info")
        } catch {
            guard case .invalidPinning(.malformedCertificate(let offset, _)) = error else {
                invariant(false, "reading threw \(error)")
                return
            }
            invariant(offset >= 0 && offset <= bytes.count, "offset \(offset) outside \(bytes.count) bytes")
        }
    }

    static func checkBuilt(_ input: inout FuzzInput) {
        let keyInfo = der(
            0x30, der(0x30, input.bytes(upTo: 40)) + der(0x03, grown(input.bytes(upTo: 64), times: input.choice(12))))
        var tbs: [UInt8] = []
        if input.flag() { tbs += der(0xA0, der(0x02, [2])) }
        tbs += der(0x02, input.bytes(upTo: 20))
        for _ in 0..<4 { tbs += der(0x30, grown(input.bytes(upTo: 48), times: input.choice(4))) }
        tbs += keyInfo
        if input.flag() { tbs += der(0xA3, der(0x30, input.bytes(upTo: 100))) }
        let certificate = der(
            0x30, der(0x30, tbs) + der(0x30, input.bytes(upTo: 20)) + der(0x03, input.bytes(upTo: 80)))

        do {
            let read = try CertificateDER.subjectPublicKeyInfo(of: certificate)
            invariant(Array(read) == keyInfo, "a built certificate gave other key info")
        } catch {
            invariant(false, "a built certificate did not read: \(error)")
        }
        let cut = input.choice(256) * certificate.count / 256
        do {
            _ = try CertificateDER.subjectPublicKeyInfo(of: Array(certificate[..<cut]))
            invariant(false, "a certificate cut to \(cut) of \(certificate.count) bytes read")
        } catch {
            guard case .invalidPinning(.malformedCertificate(let offset, .truncated)) = error else {
                invariant(false, "a certificate cut to \(cut) bytes gave \(error)")
                return
            }
            invariant(offset <= cut, "truncation reported at \(offset), past the cut at \(cut)")
        }
        var changed = certificate
        let position = Int(input.byte()) * 256 + Int(input.byte())
        changed[position % changed.count] ^= max(1, input.byte())
        checkRaw(changed)
    }

    /// `bytes` repeated `times` more times, so that lengths need the long forms.
    static func grown(_ bytes: [UInt8], times: Int) -> [UInt8] {
        bytes.isEmpty ? bytes : Array([[UInt8]](repeating: bytes, count: times + 1).joined())
    }

    /// A DER element: `tag`, the shortest length, `contents`.
    static func der(_ tag: UInt8, _ contents: [UInt8]) -> [UInt8] {
        let count = contents.count
        if count < 0x80 { return [tag, UInt8(count)] + contents }
        var length: [UInt8] = []
        var rest = count
        while rest > 0 {
            length.insert(UInt8(rest & 0xFF), at: 0)
            rest >>= 8
        }
        return [tag, 0x80 | UInt8(length.count)] + length + contents
    }
}
