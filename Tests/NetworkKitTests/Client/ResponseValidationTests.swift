import Foundation
import InternalServiceUtilities
import Testing

@testable import NetworkKit

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// One rule decides status and content type for every kind of request; only when it runs differs
/// (after the body for data and uploads, at the head for downloads), and an error body is kept up
/// to the same documented limit whatever the kind.
@Suite("Response validation, one rule for every kind")
struct ResponseValidationTests {
    /// The kinds of request whose error bodies the limit covers.
    enum Kind: String, CaseIterable, Sendable { case data, upload, download }

    /// A 2 MiB + 5 B error body, each byte telling its position.
    static let largeBody = Data((0..<((2 << 20) + 5)).map { UInt8(truncatingIfNeeded: $0 &* 7) })

    /// Sends a request of `kind` through `transport` and returns the error it ends with.
    static func failure(of kind: Kind, through transport: MemoryTransport) async -> HTTPError? {
        let client = HTTPClient { $0.transport = transport }
        var request = URLRequest(url: URL(string: "http://example.test/resource")!)
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        do {
            switch kind {
            case .data:
                _ = try await client.send(request)
            case .upload:
                request.httpMethod = "POST"
                _ = try await client.upload(.data(Data("payload".utf8)), with: request)
            case .download:
                let destination = FileManager.default.temporaryDirectory
                    .appendingPathComponent("validation-\(UUID().uuidString)")
                defer { try? FileManager.default.removeItem(at: destination) }
                _ = try await client.download(request, to: destination)
            }
            return nil
        } catch {
            return error
        }
    }

    @Test("An error body is kept up to maximumBodyLength, the same for every kind", arguments: Kind.allCases)
    func errorBodyLimit(kind: Kind) async throws {
        // Given a server answering 500 with a body larger than the limit, in pieces
        let pieces = stride(from: 0, to: Self.largeBody.count, by: 300_000).map {
            Self.largeBody[$0..<min($0 + 300_000, Self.largeBody.count)]
        }
        let transport = MemoryTransport([
            "/resource": .init(
                status: 500, headers: ["Content-Type": "application/problem+json"], pieces: pieces.map { Data($0) })
        ])

        // When a request of this kind meets it
        let error = await Self.failure(of: kind, through: transport)

        // Then the failure holds exactly the first maximumBodyLength bytes of the body
        guard case .unacceptableStatus(let failure)? = error else {
            Issue.record("expected an unacceptable status, got \(String(describing: error))")
            return
        }
        #expect(failure.statusCode == 500)
        #expect(failure.body.count == HTTPError.StatusFailure.maximumBodyLength)
        #expect(failure.body == Self.largeBody.prefix(HTTPError.StatusFailure.maximumBodyLength))
    }

    @Test("A body of a type the request does not accept fails every kind alike", arguments: Kind.allCases)
    func contentTypeRefused(kind: Kind) async throws {
        // Given a 200 answer in HTML to a request that accepts JSON only
        let transport = MemoryTransport([
            "/resource": .init(status: 200, headers: ["Content-Type": "text/html"], pieces: [Data("<p>".utf8)])
        ])

        // When a request of this kind meets it
        let error = await Self.failure(of: kind, through: transport)

        // Then it fails with the content-type error naming what came and what was acceptable
        guard case .unacceptableContentType(let failure)? = error else {
            Issue.record("expected an unacceptable content type, got \(String(describing: error))")
            return
        }
        #expect(failure.received == "text/html")
        #expect(failure.acceptable == ["application/json"])
    }

    @Test("A response without body content is not checked for its type, for every kind", arguments: Kind.allCases)
    func emptyBodyNotChecked(kind: Kind) async throws {
        // Given a 200 answer in HTML with no body (Content-Length: 0, which announces none at the head)
        let transport = MemoryTransport([
            "/resource": .init(status: 200, headers: ["Content-Type": "text/html", "Content-Length": "0"])
        ])

        // When a request of this kind meets it
        let error = await Self.failure(of: kind, through: transport)

        // Then it succeeds
        #expect(error == nil)
    }

    @Test("The rule: status first, then the media type only when there is a body and Accept narrows it")
    func verdicts() throws {
        // Given a rule accepting 2xx with content types checked, and a request accepting JSON
        let rule = ResponseValidation(acceptableStatusCodes: 200..<300, validatesContentType: true)
        var request = URLRequest(url: URL(string: "http://example.test/")!)
        request.setValue("application/json;q=0.9, text/*", forHTTPHeaderField: "accept")
        func verdict(_ status: Int, _ type: String?, body: Bool) -> String {
            switch rule.verdict(statusCode: status, mimeType: { type }, hasBody: body, request: request) {
            case .acceptable: "acceptable"
            case .unacceptableStatus: "status"
            case .unacceptableContentType(let failure): "type \(failure.received ?? "none")"
            }
        }

        // Then each case gets its verdict
        #expect(verdict(404, "application/json", body: true) == "status")
        #expect(verdict(404, nil, body: false) == "status")
        #expect(verdict(200, "application/json", body: true) == "acceptable")
        #expect(verdict(200, "text/plain", body: true) == "acceptable")
        #expect(verdict(200, "image/png", body: true) == "type image/png")
        #expect(verdict(200, nil, body: true) == "type none")
        #expect(verdict(200, "image/png", body: false) == "acceptable")
        let unchecked = ResponseValidation(acceptableStatusCodes: 200..<300, validatesContentType: false)
        let free = unchecked.verdict(statusCode: 200, mimeType: { "image/png" }, hasBody: true, request: request)
        guard case .acceptable = free else {
            Issue.record("a rule that does not check content types refused one")
            return
        }
    }
}
