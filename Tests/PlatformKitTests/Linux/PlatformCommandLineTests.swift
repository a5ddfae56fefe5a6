#if os(Linux)
    import Foundation
    import ServiceUtilsTestSupport
    import Testing

    @Suite("service-utils mailto, mail send and open")
    struct PlatformCommandLineTests {
        /// The built `service-utils` with `arguments`, with exactly `environment` when given.
        private func run(_ arguments: [String], environment: [String: String]? = nil) async throws -> CommandOutcome {
            try await CommandRunner.run(arguments, environment: environment.map { .exactly($0) } ?? .inherited)
        }

        @Test("mailto prints the URL alone on its first line, and Foundation parses it back")
        func mailto() async throws {
            let result = try await run([
                "mailto", "--to", "a@example.org", "--to", "b@example.org", "--cc", "c@example.org",
                "--subject", "Q&A #1", "--body", "Привет\nмир",
            ])
            #expect(result.status == 0)
            let firstLine = try #require(result.output.split(separator: "\n").first.map(String.init))
            let components = try #require(URLComponents(string: firstLine))
            #expect(components.scheme == "mailto")
            #expect(components.path == "a@example.org,b@example.org")
            let items = (components.queryItems ?? []).map { "\($0.name)=\($0.value ?? "")" }
            #expect(items == ["cc=c@example.org", "subject=Q&A #1", "body=Привет\r\nмир"])
        }

        @Test("bad input is refused with a message, never a crash")
        func badInput() async throws {
            let noAddress = try await run(["mailto", "--to", "not an address"])
            #expect(noAddress.status == 1)
            #expect(noAddress.error.contains("'not an address' is not an e-mail address"))
            let missingTo = try await run(["mailto", "--subject", "x"])
            #expect(missingTo.status == 64)
            let spaces = try await run(["open", "https://example.org/a page"], environment: ["PATH": "/nonexistent"])
            #expect([1, 64].contains(spaces.status))  // refused or not openable, never a crash
            let noOpener = try await run(["open", "https://example.org/"], environment: ["PATH": "/nonexistent"])
            #expect(noOpener.status == 1)
            #expect(noOpener.error.contains("xdg-open is not installed or not on PATH"))
        }

        @Test("mail send delivers through msmtp to the local sink")
        func mailSend() async throws {
            // Given the sink and an msmtp configuration for it
            let server = try Fixture.url("SU_SMTP_URL")
            let maildir = try Fixture.value("SU_SMTP_MAILDIR")
            let config = FileManager.default.temporaryDirectory.appendingPathComponent(
                "su-cli-msmtprc-\(UUID().uuidString)")
            let port = try #require(server.port)
            try "account default\nhost 127.0.0.1\nport \(port)\nfrom cli@example.org\nauth off\ntls off\n"
                .write(to: config, atomically: true, encoding: .utf8)
            try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: config.path)
            defer { try? FileManager.default.removeItem(at: config) }
            let subject = "CLI \(UUID().uuidString) — тема"

            // When sending from the command line
            let result = try await run([
                "mail", "send", "--to", "ivan@example.org", "--subject", subject, "--body", "Тело 🎉",
                "--sendmail", "/usr/bin/msmtp", "--sendmail-arg", "-C", "--sendmail-arg", config.path,
            ])

            // Then it succeeded and the sink decoded the same subject
            #expect(result.status == 0)
            let files = try FileManager.default.contentsOfDirectory(atPath: maildir).filter { $0.hasSuffix(".json") }
            let subjects = try files.map { file -> String in
                let data = try Data(contentsOf: URL(fileURLWithPath: maildir).appendingPathComponent(file))
                let object = try JSONSerialization.jsonObject(with: data) as? [String: Any]
                return object?["subject"] as? String ?? ""
            }
            #expect(subjects.contains(subject))
        }
    }
#endif
