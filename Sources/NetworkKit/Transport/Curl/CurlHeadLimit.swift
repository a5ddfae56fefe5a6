#if os(Linux)
    import Foundation

    /// libcurl's bounds on a response's header section, and how its results say that a head went
    /// over one: the same library under ``CurlTransport`` and under FoundationNetworking's URLSession.
    ///
    /// - One header line (the status line or a field) is at most `CURL_MAX_HTTP_HEADER`, 100 KiB. A
    ///   longer one ends the transfer with `CURLE_OUT_OF_MEMORY` (`CURLE_TOO_LARGE` from 8.6 on),
    ///   without a detail in the error buffer.
    /// - The whole section is at most 300 KiB (since 8.3, and in Debian 12's patched 7.88.1); more
    ///   ends it with `CURLE_RECV_ERROR` (or `CURLE_TOO_LARGE`), whose detail gives the size and
    ///   the bound as `… N > LIMIT`.
    enum CurlHeadLimit {
        /// `CURL_MAX_HTTP_HEADER`: the longest header line libcurl reads, in bytes.
        static let line = 102_400
        /// The largest header section libcurl reads, in bytes (`MAX_HTTP_RESP_HEADER_SIZE`).
        static let section = 307_200

        /// The bound a hop's head went over, from libcurl's result `code` and its error buffer's
        /// `detail`, for a hop that failed before its final head arrived; nil for any other failure.
        static func exceeded(code: CurlCode, detail: String) -> Int? {
            switch code {
            case .outOfMemory: line
            case .tooLarge: sectionBound(in: detail) ?? line
            case .receiveError: sectionBound(in: detail)
            default: nil
            }
        }

        /// The bound a head went over, from the description FoundationNetworking gives a failed task
        /// (its code is `unknown` whatever libcurl's was): libcurl's error buffer, or without one the
        /// text of the code (`curl_easy_strerror`); nil for any other failure.
        ///
        /// - Parameters:
        ///   - message: The error's description.
        ///   - library: libcurl, for the text of its codes.
        static func exceeded(message: String, library: Libcurl) -> Int? {
            func text(of code: CurlCode) -> String? {
                library.errorText(code.rawValue).map { String(cString: $0) }
            }
            // A libcurl older than a code gives it the text of every unknown code.
            let unknown = text(of: CurlCode(rawValue: -1))
            for code in [CurlCode.outOfMemory, .tooLarge] {
                if let known = text(of: code), known != unknown, message == known { return line }
            }
            return sectionBound(in: message)
        }

        /// The bound in libcurl's detail of a header section over its limit (`… headers: 307324 >
        /// 307200`): the number after the last `>`, when the text speaks of headers being too large.
        private static func sectionBound(in detail: String) -> Int? {
            let lowered = detail.lowercased()
            guard lowered.contains("too large"), lowered.contains("header"),
                let mark = detail.lastIndex(of: ">")
            else { return nil }
            return Int(detail[detail.index(after: mark)...].trimmingCharacters(in: .whitespaces))
        }
    }
#endif
