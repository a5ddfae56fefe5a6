import Foundation
import ServiceUtilsTestSupport
import Testing

@testable import NetworkKit

/// Writing a whole form to a file, which uploads do on Apple platforms above the memory threshold
/// (on Linux they stream the parts instead, so the encoder is called directly here).
@Suite("Encoding a multipart form to a file")
struct MultipartFileEncodingTests {
    @Test("a full disk while encoding the form is diskFull")
    func diskFull() async throws {
        // Given a 1 MiB file system and a 3 MiB form
        let mount = try await TemporaryMount(size: "1m")
        let folder = try TestFolder()
        defer { folder.remove() }
        let file = folder.file("part.bin")
        try Data(count: 3 << 20).write(to: file)
        var form = MultipartFormData()
        form.append("field", name: "note")
        try form.append(streamingFileAt: file, name: "file")

        // When it is written there
        let error = #expect(throws: HTTPError.self) {
            try form.writeEncoded(to: mount.url.appendingPathComponent("form.multipart"))
        }
        await mount.unmount()

        // Then the disk is named full
        guard case .transferFailed(let failure)? = error, case .diskFull = failure.reason else {
            Issue.record("expected diskFull, got \(String(describing: error))")
            return
        }
    }

    @Test("the file holds the form, byte for byte")
    func wholeForm() throws {
        // Given a form with a field and a streamed file
        let folder = try TestFolder()
        defer { folder.remove() }
        let content = testBytes(300_000)
        let file = try folder.write(content, to: "photo.png")
        var form = try avatarForm(photo: file)

        // When it is written to a file
        let destination = folder.file("form.multipart")
        try form.writeEncoded(to: destination)

        // Then the file is the form with the boundary it chose, as long as it said
        let boundary = form.boundary
        let expected = encodedAvatarForm(boundary: boundary, content: content)
        let written = try Data(contentsOf: destination)
        #expect(written == expected)
        #expect(Int64(written.count) == form.encodedLength)
    }
}
