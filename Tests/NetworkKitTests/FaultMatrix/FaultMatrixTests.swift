import Foundation
import MockServerKit
import NetworkKit
import ServiceUtilsTestSupport
import Testing

/// Every NetworkKit operation through every MockServerKit fault and condition, on libcurl and on
/// URLSession: the caller gets the outcome `Tests/Fixtures/NetworkKit/fault-matrix.tsv` names (the
/// table in CONTRIBUTING.md), a typed error within the timeout plus three seconds, never a cut body
/// returned as success, and slow answers in full.
@Suite("The fault matrix of NetworkKit")
struct FaultMatrixTests {
    /// At most this many cells at once.
    private static let limit = ConcurrencyLimit(width: 6)
    /// The bound on a cell's time, which tells an answer from a hang (a missed timeout waits for the
    /// 60 s default or forever): the timeout plus 3 s. A cell runs on a thread of its own, so its time
    /// is the client's rather than a wait for Swift's two shared threads, yet the URLSession pass of
    /// CI, running all of NetworkKit's suites at once on 2 cores, once took 2.36 s to report an empty
    /// response that takes 10 ms on a calm machine (a plain run's slowest cell: 1.06 s). Under a
    /// sanitizer (`SU_SANITIZER`, set by `scripts/test`) everything runs several times slower, and the
    /// bound adds 10 s.
    private static let bound =
        Duration.seconds(FaultScenario.timeout) + .seconds(3)
        + (ProcessInfo.processInfo.environment["SU_SANITIZER"] == nil ? .zero : .seconds(10))

    @Test("the table names an outcome for every operation and fault")
    func tableIsComplete() {
        // Given the table, When it is read, Then no cell is missing or malformed
        #expect(FaultMatrix.tableProblems == [])
        #expect(!FaultMatrix.cells.isEmpty)
    }

    @Test("each operation under each fault ends as the table says", arguments: FaultMatrix.cells)
    func cell(_ cell: FaultMatrix.Cell) async throws {
        // Given a server answering the operation's request under the fault, and a client on the transport
        let scenario = try FaultScenario(cell)
        defer { scenario.stop() }

        // When the operation runs
        // (on a thread of its own, so that its time is the client's, not the wait for Swift's
        // shared threads that other suites keep busy)
        let observation = try await Self.limit.run { try await onOwnThread { await scenario.run() } }
        let outcome = observation.outcome(failsFirst: cell.fault.failsFirst)
        if ProcessInfo.processInfo.environment["SU_FAULT_MATRIX_PRINT"] != nil {
            print(
                "fault-matrix\t\(cell.operation.rawValue)\t\(cell.fault.rawValue)\t\(cell.engine)\t\(outcome)\t\(observation.elapsed)\t\(observation.error.map { "\($0)" } ?? "")"
            )
        }

        // Then the outcome is the table's, in time, and never a wrong body as a success
        #expect(outcome == cell.expected)
        #expect(observation.untypedError == nil)
        #expect(observation.error != nil || observation.correct, "a cut or wrong body returned as success")
        #expect(observation.elapsed <= Self.bound, "took \(observation.elapsed)")
        if cell.fault.onlySlows {
            #expect(cell.expected == "ok", "a condition that only slows the answer must end in success")
        } else if !cell.fault.failsFirst {
            #expect(!cell.expected.hasPrefix("ok"), "a fault must end in an error")
        }
        // And a failed download leaves nothing at the destination and keeps what arrived
        if observation.error != nil, cell.operation == .download || cell.operation == .resumedDownload {
            try checkLeftovers(of: scenario, observation)
        }
    }

    /// The destination is absent; a partial file, if any, is the start of the content, with the
    /// description a resume needs; a body cut mid-way keeps what arrived.
    private func checkLeftovers(of scenario: FaultScenario, _ observation: FaultScenario.Observation) throws {
        #expect(!observation.leftovers.contains("file.txt"), "the destination exists: \(observation.leftovers)")
        let partial = scenario.folder.file("file.txt.partial")
        guard observation.leftovers.contains("file.txt.partial") else {
            #expect(!Self.cutsMidBody(scenario.cell), "nothing kept of a body cut mid-way")
            #expect(scenario.cell.operation != .resumedDownload, "the resumable bytes were lost")
            return
        }
        #expect(observation.leftovers.contains("file.txt.partial.json"))
        let kept = try Data(contentsOf: partial)
        #expect(FaultContent.text.starts(with: kept), "the partial file is not the start of the content")
        if Self.cutsMidBody(scenario.cell) || scenario.cell.operation == .resumedDownload {
            #expect(kept.count >= FaultContent.text.count / 2, "kept \(kept.count) bytes")
        }
    }

    private static func cutsMidBody(_ cell: FaultMatrix.Cell) -> Bool {
        [.closeAfterBodyBytes, .stallMidBody, .contentLengthLonger].contains(cell.fault)
    }
}
