// A Linux and macOS tool: it starts programs and reads /proc, which iOS, tvOS and watchOS lack.
#if os(Linux) || os(macOS)
    import BenchmarkReporting
    import Foundation
    import PlatformKit

    /// The benchmarks of PlatformKit: building mailto: URLs and rendering e-mail messages.
    enum PlatformBenchmarks {
        static let all: [Benchmark] = [mailtoURLs, messageRendering]

        /// 10,000 mailto: URLs with a Cyrillic subject and a multi-line body.
        static let mailtoURLs = Benchmark(
            name: "PlatformKit.mailtoURL",
            summary: "10,000 mailto: URLs (Cyrillic subject with & and =, 3-line body)"
        ) {
            let count = 10_000
            let subject = "Заказ #42 & доставка = 100%"
            let body = "Здравствуйте!\nКогда привезут?\nСпасибо"
            // Foundation's percent-encoding with RFC 3986 unreserved characters, as a hand-built URL.
            var unreserved = CharacterSet.alphanumerics.intersection(
                CharacterSet(charactersIn: Unicode.Scalar(0)..<Unicode.Scalar(128)))
            unreserved.insert(charactersIn: "-._~")
            let allowed = unreserved
            return PreparedBenchmark(
                baseline: .timed("Foundation addingPercentEncoding") {
                    for _ in 0..<count {
                        let encodedSubject = subject.addingPercentEncoding(withAllowedCharacters: allowed) ?? ""
                        let encodedBody =
                            body.replacingOccurrences(of: "\n", with: "\r\n")
                            .addingPercentEncoding(withAllowedCharacters: allowed) ?? ""
                        blackHole(URL(string: "mailto:a@example.org?subject=\(encodedSubject)&body=\(encodedBody)"))
                    }
                },
                cases: [
                    .timed("MailtoURL.url()") {
                        for _ in 0..<count {
                            blackHole(try MailtoURL(to: ["a@example.org"], subject: subject, body: body).url())
                        }
                    }
                ],
                workPerRun: .init(amount: Double(count), unit: "URLs")
            )
        }

        /// A 1 MiB Cyrillic body rendered as an RFC 5322 message.
        static let messageRendering = Benchmark(
            name: "PlatformKit.messageRendering",
            summary: "render a message with a 1 MiB Cyrillic body (quoted-printable and base64)"
        ) {
            let body = String(repeating: "Привет, мир! Строка письма.\n", count: 1_048_576 / 48)
            let bytes = Data(body.utf8)
            let message = try MailMessage(to: [EmailAddress("a@example.org")], subject: "Отчёт", body: body)
            var base64Message = message
            base64Message.bodyEncoding = .base64
            let rendered = base64Message
            return PreparedBenchmark(
                baseline: .timed("Foundation base64 (76-column lines)") {
                    blackHole(
                        bytes.base64EncodedString(options: [
                            .lineLength76Characters, .endLineWithCarriageReturn, .endLineWithLineFeed,
                        ]))
                },
                cases: [
                    .timed("MailMessage quoted-printable") { blackHole(try message.rendered()) },
                    .timed("MailMessage base64") { blackHole(try rendered.rendered()) },
                ],
                workPerRun: .init(amount: Double(bytes.count), unit: "B")
            )
        }
    }
#endif
