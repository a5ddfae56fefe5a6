#if os(Linux)
    import Foundation
    import PlatformKit
    import ServiceUtilsTestSupport
    import Testing

    /// What the SMTP sink's Python email parser read from a received message.
    private struct ReceivedMessage: Decodable {
        struct Attachment: Decodable {
            var filename: String?
            var contentType: String
            var base64: String
        }
        var mailFrom: String
        var recipients: [String]
        var to: [String]
        var toNames: [String]
        var cc: [String]
        var hasBccHeader: Bool
        var subject: String
        var body: String?
        var attachments: [Attachment]
        var longestLine: Int
        var defects: [String]
    }

    @Suite("SendmailTransport through msmtp to a local aiosmtpd sink")
    struct SendmailTransportTests {
        private func msmtpConfig(port: Int) throws -> URL {
            let file = FileManager.default.temporaryDirectory.appendingPathComponent("su-msmtprc-\(UUID().uuidString)")
            let text = "account default\nhost 127.0.0.1\nport \(port)\nfrom sender@example.org\nauth off\ntls off\n"
            try text.write(to: file, atomically: true, encoding: .utf8)
            try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: file.path)
            return file
        }

        @Test("a Russian subject, an emoji body and an attachment arrive field by field")
        func deliversWholeMessage() async throws {
            // Given the sink, msmtp configured for it, and a message that needs every encoding
            let server = try Fixture.url("SU_SMTP_URL")
            let maildir = try Fixture.value("SU_SMTP_MAILDIR")
            let config = try msmtpConfig(port: try #require(server.port))
            defer { try? FileManager.default.removeItem(at: config) }
            let messageID = "\(UUID().uuidString.lowercased())@serviceutils.test"
            let subject = "Отчёт о поездке: Москва → Санкт-Петербург, длинная тема 🚄 с переносом"
            let body = "Привет! 🎉🚀\nВторая строка = 100%.\n" + String(repeating: "Длинная строка ", count: 120)
            let attachmentBytes = Data([0xFF, 0x00, 0x10] + Array("время,город\n12:00,Москва\n".utf8))
            let message = try MailMessage(
                from: EmailAddress("sender@example.org"),
                to: [EmailAddress("ivan@example.org", displayName: "Иван Петров")],
                cc: [EmailAddress("copy@example.org")], bcc: [EmailAddress("hidden@example.org")],
                subject: subject, body: body,
                attachments: [MailAttachment(filename: "поездка.csv", mediaType: "text/csv", data: attachmentBytes)],
                messageID: messageID)
            let transport = SendmailTransport(executable: "/usr/bin/msmtp", arguments: ["-C", config.path])

            // When sending (msmtp returns once the server accepted the data)
            try await transport.send(message)

            // Then Python's email parser reads back exactly what was sent
            let summaryURL = URL(fileURLWithPath: maildir).appendingPathComponent("\(messageID).json")
            let received = try JSONDecoder().decode(ReceivedMessage.self, from: Data(contentsOf: summaryURL))
            #expect(received.subject == subject)
            #expect(received.to == ["ivan@example.org"])
            #expect(received.toNames == ["Иван Петров"])
            #expect(received.cc == ["copy@example.org"])
            #expect(!received.hasBccHeader)
            #expect(Set(received.recipients) == ["ivan@example.org", "copy@example.org", "hidden@example.org"])
            #expect(received.mailFrom == "sender@example.org")
            #expect(received.body?.replacingOccurrences(of: "\r\n", with: "\n") == body)
            #expect(received.attachments.count == 1)
            #expect(received.attachments.first?.filename == "поездка.csv")
            #expect(received.attachments.first?.contentType == "text/csv")
            #expect(received.attachments.first.flatMap { Data(base64Encoded: $0.base64) } == attachmentBytes)
            #expect(received.longestLine <= 998)
            #expect(received.defects.isEmpty)
        }

        @Test("msmtp's exit status 75 when nothing listens becomes a temporary failure")
        func nothingListening() async throws {
            // Given msmtp pointed at port 1, where nothing listens
            let config = try msmtpConfig(port: 1)
            defer { try? FileManager.default.removeItem(at: config) }
            let transport = SendmailTransport(executable: "/usr/bin/msmtp", arguments: ["-C", config.path])
            let message = try MailMessage(to: [EmailAddress("a@example.org")], subject: "s", body: "b")

            // When sending / Then the error is typed and temporary
            do {
                try await transport.send(message)
                Issue.record("sending to a closed port succeeded")
            } catch {
                guard case .deliveryFailed(.temporaryFailure(let status, _)) = error else {
                    Issue.record("unexpected error \(error)")
                    return
                }
                #expect(status == 75)
                #expect(error.isTemporary)
            }
        }

        @Test("a missing sendmail is a typed error")
        func missingSendmail() async throws {
            let transport = SendmailTransport(executable: "/nonexistent/sendmail")
            let message = try MailMessage(to: [EmailAddress("a@example.org")], subject: "s", body: "b")
            #expect(!transport.isAvailable)
            await #expect(throws: PlatformError.deliveryFailed(.sendmailNotFound(path: "/nonexistent/sendmail"))) {
                try await transport.send(message)
            }
        }
    }
#endif
