import Foundation
import InternalServiceUtilities
import MockServerKit
import NetworkKit
import ServiceUtilsTestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The transport conformance suite, upload progress: ``HTTPExchange/didSend(totalBytes:)`` counts the
/// body's bytes, never goes back, and ends at the body's length, whatever the body's kind.
@Suite("Transport conformance: upload progress", .timeLimit(.minutes(1)))
struct ConformanceUploadTests {
    typealias BodyKind = ConformanceRequestTests.BodyKind

    /// 1 MiB: many pieces on every transport.
    static let content = Data((0..<(1 << 20)).map { UInt8(truncatingIfNeeded: $0 &* 13) })

    /// What is wrong with a series of running totals for a body of `length` bytes, nil when nothing.
    static func problem(with totals: [Int64], length: Int64) -> String? {
        guard let last = totals.last else { return "no total was reported" }
        if let back = zip(totals, totals.dropFirst()).first(where: { $0.1 < $0.0 }) {
            return "went back from \(back.0) to \(back.1)"
        }
        if let over = totals.first(where: { $0 > length }) { return "passed the length: \(over) of \(length)" }
        return last == length ? nil : "ended at \(last) of \(length)"
    }

    @Test(
        "an exchange's running totals of bytes sent grow to the body's length, for each kind of body",
        arguments: ConformanceTransport.all, BodyKind.allCases)
    func exchangeTotals(transport: ConformanceTransport, kind: BodyKind) async throws {
        // Given a server that reads an upload, and a 1 MiB body of the kind
        let rig = try ConformanceRig(transport)
        rig.server.stub(method: .put, path: "/upload") { request in .text("\(request.body.count)") }
        let folder = try TestFolder()
        defer { folder.remove() }
        let body = try kind.body(Self.content, in: folder)
        let totals = Locked<[Int64]>([])

        // When an exchange puts it, keeping every total the transport reports
        let exchange = HTTPExchange(request: rig.request("upload", method: "PUT"), body: body) { total in
            totals.withLock { $0.append(total) }
        }
        let response = try await exchange.send(through: rig.transport)
        await rig.finish()

        // Then the server read it all, and the totals grew to its length without passing it
        #expect(response.text == "\(Self.content.count)")
        let problem = Self.problem(with: totals.value, length: Int64(Self.content.count))
        #expect(problem == nil, "\(totals.value.count) totals: \(totals.value.suffix(3))")
    }

    @Test(
        "a client's upload progress grows to the body's length, for data and for a file",
        arguments: ConformanceTransport.all)
    func clientProgress(transport: ConformanceTransport) async throws {
        // Given a server that reads uploads, a client, and the body in a file too
        let rig = try ConformanceRig(transport)
        rig.server.stub(method: .put, path: "/upload") { request in .text("\(request.body.count)") }
        let folder = try TestFolder()
        defer { folder.remove() }
        let file = try folder.write(Self.content, to: "upload.bin")
        let client = rig.client()
        let (fromData, fromFile) = (Locked<[TransferProgress]>([]), Locked<[TransferProgress]>([]))

        // When it uploads the data, then the file, keeping every progress report
        let request = rig.request("upload", method: "PUT")
        let data = try await client.upload(.data(Self.content), with: request) { report in
            fromData.withLock { $0.append(report) }
        }
        let uploaded = try await client.upload(.file(file), with: request) { report in
            fromFile.withLock { $0.append(report) }
        }
        await rig.finish()

        // Then both reached the server, and their progress grew to the length
        #expect(data.text == "\(Self.content.count)" && uploaded.text == "\(Self.content.count)")
        let length = Int64(Self.content.count)
        for reports in [fromData.value, fromFile.value] {
            #expect(
                Self.problem(with: reports.map(\.completedBytes), length: length) == nil, "\(reports.count) reports")
            #expect(reports.allSatisfy { $0.totalBytes == length })
        }
    }
}
