#if os(Linux)
    import Foundation
    import InternalServiceUtilities

    /// A request's header lines as libcurl's `curl_slist`, freed once no transfer uses them.
    ///
    /// A client sends the same fields with most of its requests, so the event loop keeps the last
    /// list it made, and a request whose fields are the same uses it again instead of building and
    /// freeing lines of its own (two allocations per line in libcurl, and the text of each). libcurl
    /// only reads a list while a transfer runs, so one list serves any number of transfers at once.
    final class CurlHeaderList {
        /// The request's fields the lines were made from.
        let fields: [String: String]
        /// Whether the request had a body with a length (see ``init(fields:typed:library:)``).
        let typed: Bool
        /// The `curl_slist`, nil when libcurl could not make one.
        let pointer: Libcurl.Handle?
        private let library: Libcurl

        /// Builds the lines: the request's fields, and none of libcurl's own that URLSession would
        /// not send.
        ///
        /// - Parameters:
        ///   - fields:  The request's header fields.
        ///   - typed:   Whether the request has a body sent with a length or chunked, for which libcurl
        ///              would invent a form `Content-Type` the request did not give.
        ///   - library: libcurl.
        init(fields: [String: String], typed: Bool, library: Libcurl) {
            self.fields = fields
            self.typed = typed
            self.library = library
            // libcurl would ask for `100 Continue` before a large body; URLSession does not.
            var lines = ["Expect:"]
            // Nor would it invent a form type for a body the request did not type ("Name:" removes
            // one of libcurl's own headers).
            if typed, !fields.keys.contains(where: { FieldName.same($0, "Content-Type") }) {
                lines.append("Content-Type:")
            }
            for (name, value) in fields {
                // libcurl writes the framing from the body's length itself.
                if FieldName.same(name, "Content-Length") || FieldName.same(name, "Transfer-Encoding")
                    || FieldName.same(name, "Expect")
                {
                    continue
                }
                // "Name;" is libcurl's way of sending a header with an empty value.
                lines.append(value.isEmpty ? "\(name);" : "\(name): \(value)")
            }
            var list: Libcurl.Handle?
            for line in lines { list = library.listAppend(list, line) ?? list }
            pointer = list
        }

        deinit {
            library.listFree(pointer)
        }

        /// Whether the lines are those of a request with `fields` and a body `typed` or not.
        func matches(fields: [String: String], typed: Bool) -> Bool {
            typed == self.typed && fields == self.fields
        }
    }
#endif
