#if os(Linux)
    import Foundation
    import Testing

    @testable import NetworkKit

    #if canImport(FoundationNetworking)
        import FoundationNetworking
    #endif

    /// libcurl's results as NetworkKit reads them: the table of `LibcurlErrors.md` against the
    /// code's own mapping, and the recognition of a head over libcurl's bounds.
    @Suite("libcurl's result codes: the documented table and the head bounds")
    struct CurlCodeTests {
        /// The `URLError` codes the table names, by name.
        static let urlErrorCodes: [String: URLError.Code] = [
            "unsupportedURL": .unsupportedURL, "badURL": .badURL, "cannotFindHost": .cannotFindHost,
            "cannotConnectToHost": .cannotConnectToHost, "badServerResponse": .badServerResponse,
            "networkConnectionLost": .networkConnectionLost, "unknown": .unknown, "timedOut": .timedOut,
            "secureConnectionFailed": .secureConnectionFailed, "cancelled": .cancelled,
            "httpTooManyRedirects": .httpTooManyRedirects, "clientCertificateRejected": .clientCertificateRejected,
            "clientCertificateRequired": .clientCertificateRequired,
            "serverCertificateUntrusted": .serverCertificateUntrusted,
            "cannotDecodeContentData": .cannotDecodeContentData,
            "requestBodyStreamExhausted": .requestBodyStreamExhausted,
            "dataLengthExceedsMaximum": .dataLengthExceedsMaximum,
        ]

        /// The codes an HTTP(S) transfer can end with, each of which the table must list.
        static let reachable: [Int32] = [
            1, 3, 5, 6, 7, 8, 16, 18, 23, 26, 27, 28, 35, 42, 47, 52, 55, 56, 58, 59, 60, 61, 63, 65, 77, 80, 82, 83,
            90, 91, 92, 97, 98, 100,
        ]

        /// One row of the table: the codes of its first cell, and its cells.
        struct Row {
            let codes: [Int32]
            let cells: [String]
        }

        /// The rows of `LibcurlErrors.md`'s table that name codes.
        static func rows() throws -> [Row] {
            let article = URL(fileURLWithPath: #filePath)
                .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
                .deletingLastPathComponent().appendingPathComponent(
                    "Sources/NetworkKit/NetworkKit.docc/LibcurlErrors.md")
            let text = try String(contentsOf: article, encoding: .utf8)
            return text.split(separator: "\n").compactMap { line -> Row? in
                guard line.hasPrefix("| "), let first = line.dropFirst(2).first, first.isNumber else { return nil }
                let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
                // "82 `CURLE_…`, 83 `CURLE_…`": each number before a backtick.
                let codes = cells[0].split(separator: "`", omittingEmptySubsequences: false).enumerated().compactMap {
                    index, piece -> Int32? in
                    index.isMultiple(of: 2)
                        ? Int32(piece.trimmingCharacters(in: .whitespaces.union(.punctuationCharacters))) : nil
                }
                return Row(codes: codes, cells: cells)
            }
        }

        @Test("each row of the documented table gives the code's URLError code and NetworkKit's summary")
        func documentedTable() throws {
            // Given the table of LibcurlErrors.md
            let rows = try Self.rows()

            // Then every reachable code has a row
            let listed = Set(rows.flatMap(\.codes))
            #expect(Set(Self.reachable).subtracting(listed).isEmpty, "\(Set(Self.reachable).subtracting(listed))")

            // And each row's first URLError code and message are the code's own
            for row in rows {
                let firstCode =
                    row.cells[1].split(separator: "`", omittingEmptySubsequences: false).dropFirst().first.map(
                        String.init) ?? ""
                for number in row.codes {
                    let code = CurlCode(rawValue: number)
                    #expect(Self.urlErrorCodes[firstCode] == code.urlErrorCode, "row \(number): \(row.cells[1])")
                    #expect(row.cells[3].contains(code.summary), "row \(number): \(row.cells[3]) vs \(code.summary)")
                }
            }
        }

        @Test("libcurl's results and details are read as a head over its line or section bound, or not")
        func headBoundsFromResults() {
            // Given libcurl's results for a long line, a large section, and other failures
            // When each is read, then only the head's failures name a bound
            #expect(CurlHeadLimit.exceeded(code: .outOfMemory, detail: "") == 102_400)
            #expect(CurlHeadLimit.exceeded(code: .tooLarge, detail: "") == 102_400)
            #expect(
                CurlHeadLimit.exceeded(code: .receiveError, detail: "Too large response headers: 307324 > 307200")
                    == 307_200)
            #expect(CurlHeadLimit.exceeded(code: .tooLarge, detail: "Too large response headers: 9 > 8") == 8)
            #expect(
                CurlHeadLimit.exceeded(code: .receiveError, detail: "Recv failure: Connection reset by peer") == nil)
            #expect(CurlHeadLimit.exceeded(code: .couldNotConnect, detail: "") == nil)
        }

        @Test("FoundationNetworking's messages are read as a head over a bound only when they are libcurl's for it")
        func headBoundsFromMessages() throws {
            // Given the loaded libcurl, whose texts FoundationNetworking passes on
            let library = try #require(Libcurl.shared)
            let text = { (code: CurlCode) in library.errorText(code.rawValue).map { String(cString: $0) } ?? "" }

            // When messages are read, then the head's name a bound and no other does (an older
            // libcurl's text for an unknown code, such as 100 before 8.6, never does)
            #expect(CurlHeadLimit.exceeded(message: text(.outOfMemory), library: library) == 102_400)
            #expect(
                CurlHeadLimit.exceeded(message: "Too large response headers: 400000 > 307200", library: library)
                    == 307_200)
            #expect(CurlHeadLimit.exceeded(message: text(CurlCode(rawValue: -1)), library: library) == nil)
            #expect(CurlHeadLimit.exceeded(message: text(.couldNotConnect), library: library) == nil)
            #expect(CurlHeadLimit.exceeded(message: "Failed to connect to 127.0.0.1", library: library) == nil)
        }
    }
#endif
