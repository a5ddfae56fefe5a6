import Foundation
import NetworkKit
import ServiceUtilsTestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The bytes Alamofire 5.12 writes for parts, worked out from its layout (RFC 7578): each part is
/// `--boundary CRLF headers CRLF content CRLF`, and the form ends `--boundary-- CRLF`.
private func expectedForm(boundary: String, parts: [(headers: String, content: Data)]) -> Data {
    var data = Data()
    for part in parts {
        data.append(Data("--\(boundary)\r\n\(part.headers)\r\n".utf8))
        data.append(part.content)
        data.append(Data("\r\n".utf8))
    }
    data.append(Data("--\(boundary)--\r\n".utf8))
    return data
}

/// Whether `error` is AFError.multipartEncodingFailed with a reason `matches` accepts.
private func isMultipartFailure(
    _ error: any Error, _ matches: (AFError.MultipartEncodingFailureReason) -> Bool
) -> Bool {
    guard case .multipartEncodingFailed(let reason) = error.asAFError else { return false }
    return matches(reason)
}

@Suite("MultipartFormData's Alamofire shapes")
struct MultipartFormDataAlamofireTests {
    @Test("a let form takes Alamofire's appends, and encodes them as Alamofire lays them out")
    func letForm() throws {
        // Given a let form with a field, a file part from memory and a given boundary
        let form = MultipartFormData(boundary: "fixed-boundary")
        form.append(Data("Ann".utf8), withName: "user")
        form.append(Data("png".utf8), withName: "photo", fileName: "me.png", mimeType: "image/png")
        form.append(Data("raw".utf8), withName: "raw", fileName: "raw.bin")
        // When it is encoded
        let body = try form.encode()
        // Then the layout, the boundary, the content type and the content length are Alamofire's
        let expected = expectedForm(
            boundary: "fixed-boundary",
            parts: [
                ("Content-Disposition: form-data; name=\"user\"\r\n", Data("Ann".utf8)),
                (
                    "Content-Disposition: form-data; name=\"photo\"; filename=\"me.png\"\r\nContent-Type: image/png\r\n",
                    Data("png".utf8)
                ),
                ("Content-Disposition: form-data; name=\"raw\"; filename=\"raw.bin\"\r\n", Data("raw".utf8)),
            ])
        #expect(body == expected)
        #expect(form.boundary == "fixed-boundary")
        #expect(form.contentType == "multipart/form-data; boundary=fixed-boundary")
        #expect(form.contentLength == 9)
    }

    @Test("a file part is read when encoded, named and typed from its URL")
    func filePart() throws {
        // Given a file
        let folder = try TestFolder()
        defer { folder.remove() }
        let file = try folder.write(Data("file content".utf8), to: "notes.txt")
        let form = MultipartFormData()
        // When it is appended by URL and encoded
        form.append(file, withName: "notes")
        form.append(file, withName: "again", fileName: "other.dat", mimeType: "application/x-test")
        let body = try form.encode()
        // Then it is a file part with the file's bytes
        let expected = expectedForm(
            boundary: form.boundary,
            parts: [
                (
                    "Content-Disposition: form-data; name=\"notes\"; filename=\"notes.txt\"\r\nContent-Type: text/plain\r\n",
                    Data("file content".utf8)
                ),
                (
                    "Content-Disposition: form-data; name=\"again\"; filename=\"other.dat\"\r\nContent-Type: application/x-test\r\n",
                    Data("file content".utf8)
                ),
            ])
        #expect(body == expected)
        #expect(form.contentLength == 24)
    }

    @Test("file problems are kept and thrown by encode() as Alamofire's reasons")
    func fileProblems() throws {
        // Given URLs that are not a file URL, name nothing, lack an extension or are a directory
        let folder = try TestFolder()
        defer { folder.remove() }
        let missing = folder.file("missing.png")
        let cases: [(URL, (AFError.MultipartEncodingFailureReason) -> Bool)] = [
            (URL(string: "https://example.com/a.png")!, { if case .bodyPartURLInvalid = $0 { true } else { false } }),
            (folder.file("no-extension"), { if case .bodyPartFilenameInvalid = $0 { true } else { false } }),
            (
                missing,
                { if case .bodyPartFileNotReachableWithError(let url, _) = $0 { url == missing } else { false } }
            ),
        ]
        for (url, matches) in cases {
            let form = MultipartFormData()
            form.append(url, withName: "file")
            // Then encoding throws that reason
            #expect { try form.encode() } throws: { isMultipartFailure($0, matches) }
        }
        let directory = MultipartFormData()
        directory.append(folder.url, withName: "dir", fileName: "d", mimeType: "application/octet-stream")
        #expect {
            try directory.encode()
        } throws: {
            isMultipartFailure($0) { if case .bodyPartFileIsDirectory = $0 { true } else { false } }
        }
    }

    @Test("the first problem wins, and later parts are still appended")
    func firstProblem() {
        // Given two bad files and a good field
        let form = MultipartFormData()
        form.append(URL(string: "https://example.com/a.png")!, withName: "a")
        form.append(URL(fileURLWithPath: "/nonexistent/\(UUID()).png"), withName: "b")
        form.append(Data("ok".utf8), withName: "c")
        // Then encoding throws the first, and the field is there
        #expect {
            try form.encode()
        } throws: {
            isMultipartFailure($0) { if case .bodyPartURLInvalid = $0 { true } else { false } }
        }
        #expect(form.parts.map(\.name) == ["c"])
    }

    @Test("a stream part takes its length, and its own header fields")
    func streamPart() throws {
        // Given streams with exactly the length announced
        let form = MultipartFormData(boundary: "b")
        form.append(
            InputStream(data: Data("abc".utf8)), withLength: 3, name: "s", fileName: "s.txt", mimeType: "text/plain")
        form.append(
            InputStream(data: Data("xyz".utf8)), withLength: 3,
            headers: [HTTPHeader(name: "Content-Disposition", value: "form-data; name=\"h\""), .contentType("a/b")])
        // When encoded (once: as Alamofire's, the streams are then used up, see `encodesOnce`)
        let first = try form.encode()
        // Then it is the form
        let expected = expectedForm(
            boundary: "b",
            parts: [
                (
                    "Content-Disposition: form-data; name=\"s\"; filename=\"s.txt\"\r\nContent-Type: text/plain\r\n",
                    Data("abc".utf8)
                ),
                ("Content-Disposition: form-data; name=\"h\"\r\nContent-Type: a/b\r\n", Data("xyz".utf8)),
            ])
        #expect(first == expected)
        #expect(form.contentLength == 6)
    }

    @Test("a stream shorter or longer than announced fails encode() with UnexpectedInputStreamLength")
    func streamLength() {
        for (content, announced) in [("ab", UInt64(5)), ("abcdef", UInt64(2)), ("x", UInt64(0))] {
            // Given a stream whose length was announced wrongly
            let form = MultipartFormData()
            form.append(InputStream(data: Data(content.utf8)), withLength: announced, headers: [])
            // Then encoding reports both lengths
            #expect {
                try form.encode()
            } throws: { error in
                guard case .multipartEncodingFailed(.inputStreamReadFailed(let underlying)) = error.asAFError,
                    let length = underlying as? AFError.UnexpectedInputStreamLength
                else { return false }
                return length.bytesExpected == announced && length.bytesRead > 0
                    && (length.bytesRead > announced) == (content.utf8.count > announced)
            }
        }
    }

    @Test("a stream that cannot be read is inputStreamReadFailed")
    func unreadableStream() throws {
        // Given a stream over a file that does not exist
        let stream = try #require(InputStream(url: URL(fileURLWithPath: "/nonexistent/\(UUID())")))
        let form = MultipartFormData()
        form.append(stream, withLength: 10, name: "f", fileName: "f", mimeType: "a/b")
        // Then encoding throws the read failure
        #expect {
            try form.encode()
        } throws: {
            isMultipartFailure($0) { if case .inputStreamReadFailed = $0 { true } else { false } }
        }
    }

    @Test("writeEncodedData(to:) writes the form, and refuses an existing file or a URL that is not a file")
    func writeEncodedData() throws {
        // Given a form with a field and a stream announced shorter than it is
        let folder = try TestFolder()
        defer { folder.remove() }
        let form = MultipartFormData(boundary: "w")
        form.append(Data("v".utf8), withName: "k")
        form.append(InputStream(data: Data("123456".utf8)), withLength: 3, name: "s", fileName: "s", mimeType: "a/b")
        let destination = folder.file("form.multipart")
        // When it is written
        try form.writeEncodedData(to: destination)
        // Then the file holds the form with the stream's announced bytes, as Alamofire writes it
        let expected = expectedForm(
            boundary: "w",
            parts: [
                ("Content-Disposition: form-data; name=\"k\"\r\n", Data("v".utf8)),
                (
                    "Content-Disposition: form-data; name=\"s\"; filename=\"s\"\r\nContent-Type: a/b\r\n",
                    Data("123".utf8)
                ),
            ])
        #expect(try Data(contentsOf: destination) == expected)
        // And writing again, or to a URL that is not a file, is refused
        #expect {
            try form.writeEncodedData(to: destination)
        } throws: {
            isMultipartFailure($0) { if case .outputStreamFileAlreadyExists = $0 { true } else { false } }
        }
        #expect {
            try form.writeEncodedData(to: URL(string: "https://example.com/form")!)
        } throws: {
            isMultipartFailure($0) { if case .outputStreamURLInvalid = $0 { true } else { false } }
        }
        #expect {
            try form.writeEncodedData(to: folder.file("missing-folder/form"))
        } throws: {
            isMultipartFailure($0) { if case .outputStreamCreationFailed = $0 { true } else { false } }
        }
    }

    @Test("Alamofire's appends change every copy; NetworkKit's mutating ones only their own")
    func copies() throws {
        // Given a form and a copy of it
        var original = MultipartFormData()
        original.append("one", name: "a")
        var copy = original
        // When Alamofire's method appends to the copy, then NetworkKit's appends to each
        copy.append(Data("two".utf8), withName: "b")
        let shared = original.parts.map(\.name)
        copy.append("three", name: "c")
        original.append("four", name: "d")
        // Then the first change was shared and the later ones were not
        #expect(shared == ["a", "b"])
        #expect(copy.parts.map(\.name) == ["a", "b", "c"])
        #expect(original.parts.map(\.name) == ["a", "b", "d"])
        #expect(original != copy)
    }

    @Test("setting contentType replaces the header value, as on Alamofire's class")
    func contentTypeSetter() {
        // Given a let form
        let form = MultipartFormData(boundary: "x")
        // When its content type is set
        form.contentType = "multipart/mixed; boundary=x"
        // Then it reads back
        #expect(form.contentType == "multipart/mixed; boundary=x")
    }

    @Test("a problem an Alamofire append found fails an upload before anything is sent")
    func uploadChecks() async throws {
        // Given a form with a file URL that is not a file
        let form = MultipartFormData()
        form.append(URL(string: "https://example.com/a.png")!, withName: "a")
        let client = HTTPClient()
        var request = URLRequest(url: URL(string: "http://127.0.0.1:9/upload")!)
        request.method = .post
        // Then the upload fails with NetworkKit's encoding error, without a connection
        await #expect {
            try await client.upload(.multipart(form), with: request)
        } throws: { error in
            guard case .encodingFailed(.unreadableFile) = error as? HTTPError else { return false }
            return true
        }
    }

    @Test(
        "a form of Alamofire's appends encodes once, as its streams are then used up; NetworkKit's own appends stay re-readable"
    )
    func encodesOnce() throws {
        // Given a form with an Alamofire-style part, encoded once
        let form = MultipartFormData(boundary: "b")
        form.append(Data("Lorem".utf8), withName: "data")
        let first = try form.encode()

        // When it is encoded again, or written to a file
        let folder = try TestFolder()
        defer { folder.remove() }
        #expect(first.count > 0)
        #expect {
            _ = try form.encode()
        } throws: { error in
            guard case .multipartEncodingFailed(.inputStreamReadFailed(let underlying)) = error.asAFError,
                let length = underlying as? AFError.UnexpectedInputStreamLength
            else { return false }
            return length.bytesExpected == 5 && length.bytesRead == 0
        }
        #expect(throws: AFError.self) { try form.writeEncodedData(to: folder.file("form")) }

        // Then a form of NetworkKit's appends encodes as often as asked
        var native = MultipartFormData(boundary: "b")
        native.append(Data("Lorem".utf8), name: "data")
        #expect(try native.encode() == native.encode())
    }
}
