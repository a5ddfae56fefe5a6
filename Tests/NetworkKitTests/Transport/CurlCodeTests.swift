#if os(Linux)
    import Foundation
    import Testing

    @testable import NetworkKit

    #if canImport(FoundationNetworking)
        import FoundationNetworking
    #endif

    /// libcurl's results as NetworkKit reads them: the recognition of a head over libcurl's bounds.
    @Suite("libcurl's result codes: the head bounds")
    struct CurlCodeTests {
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
