// A Linux and macOS tool: it starts programs and reads /proc, which iOS, tvOS and watchOS lack.
#if os(Linux) || os(macOS)
    import Foundation

    /// One module's part of `service-utils tour`: a title and what it shows.
    struct TourSection: Sendable {
        /// The heading, usually the module's name and what it does.
        let title: String
        /// Runs the section's demonstrations, printing what each did.
        let run: @Sendable (_ console: Console) async throws -> Void
    }

    /// `service-utils tour`: runs every capability on built-in defaults, section by section.
    enum Tour {
        static let command = Command(
            name: "tour",
            summary: "run every capability on built-in defaults and show what each did",
            usage: "tour [--section NAME]",
            details: """
                Each module shows its main uses on temporary directories, in-memory stores and built-in
                data; nothing needs to be installed or running. --section runs one section (by a word of
                its title, case-insensitive).
                """
        ) { arguments, console in
            var parser = ArgumentParser(arguments)
            let only = try parser.option("--section")
            let extra = try parser.positionals()
            guard extra.isEmpty else { throw UsageError("unexpected argument \(extra[0])") }
            return await run(only: only, console: console)
        }

        static func run(only: String?, console: Console) async -> Int32 {
            let sections = CommandRegistry.tourSections.filter { section in
                guard let only else { return true }
                return section.title.lowercased().contains(only.lowercased())
            }
            if sections.isEmpty {
                console.error("service-utils tour: no section matches '\(only ?? "")'")
                return ExitStatus.usage
            }
            var failures = 0
            for section in sections {
                console.print("== \(section.title) ==")
                do {
                    try await section.run(console)
                } catch {
                    failures += 1
                    console.print("  FAILED: \(ServiceUtilsCLI.describe(error))")
                }
                console.print()
            }
            console.print("tour: \(sections.count - failures) of \(sections.count) sections ran")
            return failures == 0 ? ExitStatus.success : ExitStatus.failure
        }
    }
#endif
