package import Foundation
import InternalServiceUtilities

extension HTTPArchive {
    package struct Request: Codable, Sendable, Equatable {
        package var method: String
        package var url: String
        package var httpVersion: String
        package var cookies: [Cookie]
        package var headers: [Field]
        package var queryString: [Field]
        package var postData: PostData?
        package var headersSize: Int
        package var bodySize: Int
        package var comment: String?

        package init(method: String, url: String, headers: [Field], queryString: [Field], postData: PostData?) {
            self.method = method
            self.url = url
            self.httpVersion = "HTTP/1.1"
            self.cookies = []
            self.headers = headers
            self.queryString = queryString
            self.postData = postData
            self.headersSize = -1
            self.bodySize = postData?.byteCount ?? 0
        }
    }

    package struct Response: Codable, Sendable, Equatable {
        package var status: Int
        package var statusText: String
        package var httpVersion: String
        package var cookies: [Cookie]
        package var headers: [Field]
        package var content: Content
        package var redirectURL: String
        package var headersSize: Int
        package var bodySize: Int
        package var comment: String?

        package init(status: Int, statusText: String, headers: [Field], content: Content) {
            self.status = status
            self.statusText = statusText
            self.httpVersion = "HTTP/1.1"
            self.cookies = []
            self.headers = headers
            self.content = content
            self.redirectURL = headers.first { FieldName.same($0.name, "location") }?.value ?? ""
            self.headersSize = -1
            self.bodySize = content.size
        }
    }

    /// A request body. HAR 1.2 has no `encoding` here; a binary body is written as base64 text with
    /// the private field `_encoding: "base64"` (HAR 1.3's proposed `encoding` is read too).
    package struct PostData: Codable, Sendable, Equatable {
        package var mimeType: String
        package var params: [Parameter]?
        package var text: String?
        package var encoding: String?
        package var comment: String?

        enum CodingKeys: String, CodingKey {
            case mimeType, params, text, comment
            case encoding = "_encoding"
            case proposedEncoding = "encoding"
        }

        package init(mimeType: String, body: Data) {
            self.mimeType = mimeType
            if let text = String(data: body, encoding: .utf8) {
                self.text = text
            } else {
                self.text = body.base64EncodedString()
                self.encoding = "base64"
            }
        }

        package init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            mimeType = try container.decode(String.self, forKey: .mimeType)
            params = try container.decodeIfPresent([Parameter].self, forKey: .params)
            text = try container.decodeIfPresent(String.self, forKey: .text)
            comment = try container.decodeIfPresent(String.self, forKey: .comment)
            encoding =
                try container.decodeIfPresent(String.self, forKey: .encoding)
                ?? container.decodeIfPresent(String.self, forKey: .proposedEncoding)
        }

        package func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(mimeType, forKey: .mimeType)
            try container.encodeIfPresent(params, forKey: .params)
            try container.encodeIfPresent(text, forKey: .text)
            try container.encodeIfPresent(encoding, forKey: .encoding)
            try container.encodeIfPresent(comment, forKey: .comment)
        }

        /// The body's size in bytes, decoded.
        var byteCount: Int {
            guard let text else { return 0 }
            return encoding == "base64" ? (Data(base64Encoded: text)?.count ?? 0) : text.utf8.count
        }
    }

    package struct Parameter: Codable, Sendable, Equatable {
        package var name: String
        package var value: String?
        package var fileName: String?
        package var contentType: String?
        package var comment: String?
    }

    /// A response body, decoded (HAR keeps the text after any `Content-Encoding` was undone).
    package struct Content: Codable, Sendable, Equatable {
        package var size: Int
        package var compression: Int?
        package var mimeType: String
        package var text: String?
        package var encoding: String?
        package var comment: String?

        package init(mimeType: String, body: Data) {
            self.size = body.count
            self.mimeType = mimeType
            guard !body.isEmpty else {
                self.text = ""  // optional, but some readers (haralyzer) expect it
                return
            }
            if let text = String(data: body, encoding: .utf8) {
                self.text = text
            } else {
                self.text = body.base64EncodedString()
                self.encoding = "base64"
            }
        }
    }
}
