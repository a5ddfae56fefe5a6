import Foundation
import MockServerKit
import NetworkKit

/// The fault matrix's axes and its expected outcomes, read from `Tests/Fixtures/NetworkKit/fault-matrix.tsv`:
/// the one source of truth that `FaultMatrixTests` checks and `scripts/generate-fault-matrix` writes
/// into CONTRIBUTING.md as a table.
enum FaultMatrix {
    /// A NetworkKit operation the matrix puts through every fault.
    enum Operation: String, CaseIterable, Sendable {
        case data, decode, download, resumedDownload, uploadFile, multipart, byteStream, lines, serverSentEvents
    }

    /// A fault or condition of MockServerKit, with the sizes the matrix uses.
    enum Fault: String, CaseIterable, Sendable {
        case emptyResponse, malformedChunk, randomDataThenClose, connectionReset, closeAfterBodyBytes
        case contentLengthLonger, stallBeforeHead, stallMidBody
        case delay, uniformDelay, logNormalDelay, dribble, bandwidth, slowClose
        case failFirstStatus, failFirstReset

        /// Conditions that only slow the answer down: the caller must get the whole, correct body.
        var onlySlows: Bool {
            switch self {
            case .delay, .uniformDelay, .logNormalDelay, .dribble, .bandwidth, .slowClose: true
            default: false
            }
        }

        /// Conditions that fail the first request only: the outcome depends on the retry policy.
        var failsFirst: Bool { self == .failFirstStatus || self == .failFirstReset }

        /// The condition, for a response whose body has `bodySize` bytes; a new value each time, so
        /// a fail-first count starts afresh.
        func condition(bodySize: Int) -> NetworkCondition {
            switch self {
            case .emptyResponse: .emptyResponse
            case .malformedChunk: .malformedChunk
            case .randomDataThenClose: .randomDataThenClose
            case .connectionReset: .connectionReset
            case .closeAfterBodyBytes: .closeAfter(bodyBytes: bodySize / 2)
            case .contentLengthLonger: .contentLengthLonger(by: 100)
            case .stallBeforeHead: .stallBeforeHead
            case .stallMidBody: .stallAfter(bodyBytes: bodySize / 2)
            case .delay: .delay(.milliseconds(100))
            case .uniformDelay: .uniformDelay(lower: .milliseconds(20), upper: .milliseconds(150))
            case .logNormalDelay: .logNormalDelay(median: .milliseconds(50), sigma: 0.3)
            case .dribble: .dribble(chunks: 8, over: .milliseconds(320))
            case .bandwidth: .bandwidth(bytesPerSecond: 32 * 1024)
            case .slowClose: .slowClose(delay: .milliseconds(300))
            case .failFirstStatus: .failFirst(1, status: 503)
            case .failFirstReset: .failFirst(1, with: .connectionReset)
            }
        }
    }

    /// One cell of the matrix on one transport.
    struct Cell: Sendable, CustomStringConvertible {
        let operation: Operation
        let fault: Fault
        let engine: BuiltInTransport
        /// The outcome the table expects (see ``Observation/outcome``).
        let expected: String

        var description: String { "\(operation.rawValue) × \(fault.rawValue) via \(engine)" }
    }

    /// The engines every cell runs on.
    static let engines: [BuiltInTransport] = [.libcurl, .urlSession]

    /// The table's file.
    static let tableURL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/NetworkKit/fault-matrix.tsv")

    /// Every cell of the table that applies, on every engine; an empty list when the table cannot
    /// be read (``tableProblems`` then says why).
    static let cells: [Cell] = (try? load().cells) ?? []

    /// What is wrong with the table: unreadable, a cell missing, an unknown name.
    static var tableProblems: [String] {
        do { return try load().problems } catch { return ["cannot read \(tableURL.path): \(error)"] }
    }

    /// The rows `cell <operation> <fault> <libcurl outcome> <URLSession outcome>`; `n/a` marks a
    /// cell that does not apply.
    private static func load() throws -> (cells: [Cell], problems: [String]) {
        let text = try String(contentsOf: tableURL, encoding: .utf8)
        var cells: [Cell] = []
        var problems: [String] = []
        var seen: Set<String> = []
        for line in text.split(separator: "\n") where line.hasPrefix("cell\t") {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard fields.count == 5, let operation = Operation(rawValue: fields[1]),
                let fault = Fault(rawValue: fields[2])
            else {
                problems.append("malformed row: \(line)")
                continue
            }
            seen.insert("\(operation.rawValue) \(fault.rawValue)")
            for (engine, expected) in zip(engines, fields[3...4]) where expected != "n/a" {
                cells.append(Cell(operation: operation, fault: fault, engine: engine, expected: expected))
            }
        }
        for operation in Operation.allCases {
            for fault in Fault.allCases where !seen.contains("\(operation.rawValue) \(fault.rawValue)") {
                problems.append("no row for \(operation.rawValue) × \(fault.rawValue)")
            }
        }
        // The legend the generated table is drawn from names exactly the matrix's axes, in order.
        let legend = { (kind: String) in
            text.split(separator: "\n").filter { $0.hasPrefix(kind + "\t") }.map {
                String($0.split(separator: "\t")[1])
            }
        }
        if legend("operation") != Operation.allCases.map(\.rawValue) { problems.append("operation rows differ") }
        if legend("fault") != Fault.allCases.map(\.rawValue) { problems.append("fault rows differ") }
        return (cells, problems)
    }
}
