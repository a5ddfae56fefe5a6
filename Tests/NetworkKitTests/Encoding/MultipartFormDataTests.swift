import Foundation
import NetworkKit
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite("MultipartFormData")
struct MultipartFormDataTests {
    @Test("fields and files follow RFC 7578")
    func layout() throws {
        // Given a text field and a file
        var form = MultipartFormData()
        form.append("Ann", name: "user")
        form.append(Data("hi".utf8), name: "doc", fileName: "a\"b.txt", mimeType: "text/plain")
        // When encoded
        let body = String(decoding: try form.encode(), as: UTF8.self)
        let boundary = form.boundary
        // Then every part is delimited and described
        let expected =
            "--\(boundary)\r\nContent-Disposition: form-data; name=\"user\"\r\n\r\nAnn\r\n"
            + "--\(boundary)\r\nContent-Disposition: form-data; name=\"doc\"; filename=\"a%22b.txt\"\r\n"
            + "Content-Type: text/plain\r\n\r\nhi\r\n--\(boundary)--\r\n"
        #expect(body == expected)
        #expect(form.contentType == "multipart/form-data; boundary=\(boundary)")
    }

    @Test("the boundary never occurs inside a part")
    func boundaryAvoidsContent() throws {
        // Given a part that contains the current boundary
        var form = MultipartFormData()
        let original = form.boundary
        form.append(Data("xx\(original)yy".utf8), name: "trap", fileName: "t.bin")
        // When encoded
        _ = try form.encode()
        // Then a different boundary was chosen
        #expect(form.boundary != original)
    }

    @Test("an unreadable file is a typed error")
    func missingFile() {
        // Given a path that does not exist
        var form = MultipartFormData()
        // Then appending it throws unreadableFile
        #expect(throws: HTTPError.self) {
            try form.append(fileAt: URL(fileURLWithPath: "/nonexistent/\(UUID())"), name: "f")
        }
    }
}
