import Foundation
import InternalServiceUtilities
import MockServerKit
import NetworkKit
import ServiceUtilsTestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The transport conformance suite, faults: the fault matrix's faults and conditions (a cut body, a
/// stall, a reset, bytes that are not HTTP, slow answers, a first answer that fails…) for a data
/// request and a file upload, through each transport, and a refused connection.
///
/// The built-in transports must give the outcome the matrix's table names for them; the third
/// party's, one of those two (the table is the seam's promise to callers, and where the two
/// built-in transports differ, either reading is the seam's).
@Suite("Transport conformance: the fault matrix's faults", .timeLimit(.minutes(2)))
struct ConformanceFaultTests {
    /// One fault under one operation through one transport, with the outcomes it may end in.
    struct Case: Sendable, CustomTestStringConvertible {
        let operation: FaultMatrix.Operation
        let fault: FaultMatrix.Fault
        let transport: ConformanceTransport
        let expected: Set<String>

        var testDescription: String { "\(operation.rawValue) × \(fault.rawValue) via \(transport)" }
    }

    /// The operations the suite puts through every fault: one without a body, one with.
    static let operations: [FaultMatrix.Operation] = [.data, .uploadFile]

    /// Every fault of the table under ``operations``, on every transport.
    static let cases: [Case] = {
        var cases: [Case] = []
        for operation in operations {
            for fault in FaultMatrix.Fault.allCases {
                let cells = FaultMatrix.cells.filter { $0.operation == operation && $0.fault == fault }
                let outcome = { (engine: BuiltInTransport) in cells.first { $0.engine == engine }?.expected }
                for transport in ConformanceTransport.all {
                    let expected: [String?] =
                        switch transport {
                        case .libcurl: [outcome(.libcurl)]
                        case .urlSession: [outcome(.urlSession)]
                        case .sockets: [outcome(.libcurl), outcome(.urlSession)]
                        }
                    cases.append(
                        Case(
                            operation: operation, fault: fault, transport: transport,
                            expected: Set(expected.compactMap { $0 })))
                }
            }
        }
        return cases
    }()

    /// At most this many cases at once, each on a thread of its own, as the matrix runs its cells.
    private static let limit = ConcurrencyLimit(width: 6)
    /// The bound on a case's time, which tells an answer from a hang (a hang waits for the 10 s
    /// default or forever): the timeout plus 3 s, since six cases run at once on three transports and
    /// a loaded 2-core machine delayed a 1 s stall's timeout by 1.1 s; 10 s more under a sanitizer.
    private static let bound =
        Duration.seconds(FaultScenario.timeout) + .seconds(3)
        + (ProcessInfo.processInfo.environment["SU_SANITIZER"] == nil ? .zero : .seconds(10))

    @Test("each fault ends as the fault matrix says, in time, never as a cut body returned whole", arguments: cases)
    func fault(_ item: Case) async throws {
        // Given a server answering the operation under the fault, and a client over the transport
        #expect(!item.expected.isEmpty, "the table has no outcome for \(item.operation) × \(item.fault)")
        var configuration = MockServer.Configuration()
        configuration.seed = 21
        let rig = try ConformanceRig(item.transport, server: configuration)
        FaultContent.stub(item.operation, fault: item.fault, on: rig.server)
        let client = rig.client {
            $0.timeout = FaultScenario.timeout
            $0.acceptableStatusCodes = 200..<300
            if item.fault.failsFirst {
                $0.retriers = [RetryPolicy(maximumRetries: 2, baseDelay: .milliseconds(20), jitter: 0)]
            }
        }
        let folder = try TestFolder()
        defer { folder.remove() }

        // When the operation runs (on a thread of its own, so its time is the transport's)
        let (observation, elapsed) = try await Self.limit.run {
            try await onOwnThread { await Self.perform(item.operation, client: client, rig: rig, folder: folder) }
        }
        await rig.finish()

        // Then the outcome is one the table names, in time, and a success carried the whole body
        var outcome = observation.error.map(FaultScenario.Observation.name(of:)) ?? "ok"
        if item.fault.failsFirst {
            let requests = rig.server.requests.filter { $0.path == "/op" }.count
            outcome += requests == 2 ? ", retried" : requests == 1 ? ", not retried" : ", \(requests) requests"
        }
        #expect(item.expected.contains(outcome), "got \(outcome): \(observation.error.map { "\($0)" } ?? "")")
        #expect(observation.error != nil || observation.whole, "a cut or wrong body returned as success")
        #expect(elapsed <= Self.bound, "took \(elapsed)")
    }

    /// What a case's operation ended in: its error, or whether its body was whole.
    struct Observation: Sendable {
        var error: HTTPError?
        var whole = false
    }

    private static func perform(
        _ operation: FaultMatrix.Operation, client: HTTPClient, rig: ConformanceRig, folder: TestFolder
    ) async -> (Observation, Duration) {
        let start = ContinuousClock.now
        var observation = Observation()
        do throws(HTTPError) {
            switch operation {
            case .uploadFile:
                guard let file = try? folder.write(FaultContent.upload, to: "upload.bin") else { break }
                let response = try await client.upload(.file(file), with: rig.request("op", method: "PUT"))
                observation.whole = response.body == FaultContent.text
            default:
                observation.whole = try await client.send(rig.request("op")).body == FaultContent.text
            }
        } catch {
            observation.error = error
        }
        return (observation, ContinuousClock.now - start)
    }

    @Test(
        "a refused connection is cannotConnectToHost, at once",
        arguments: ConformanceTransport.all, ConformancePath.allCases)
    func refusedConnection(transport: ConformanceTransport, path: ConformancePath) async throws {
        // Given a port nothing listens on (bound, then closed)
        let rig = try ConformanceRig(transport)
        let bound = try LoopbackSocket.bind()
        close(bound.descriptor)
        let url = try #require(URL(string: "http://127.0.0.1:\(bound.port)/nothing"))

        // When the transport is asked for it
        let error = await #expect(throws: HTTPError.self) { try await rig.send(URLRequest(url: url), via: path) }
        await rig.finish()

        // Then it is a transport error of code cannotConnectToHost
        #expect(error?.urlErrorCode == .cannotConnectToHost, "\(String(describing: error))")
    }
}
