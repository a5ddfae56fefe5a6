// A Linux and macOS tool: it starts programs and reads /proc, which iOS, tvOS and watchOS lack.
#if os(Linux) || os(macOS)
    import Foundation
    import NetworkKit

    /// The `service-utils` command: dispatches to the subcommands listed in ``CommandRegistry``.
    @main
    enum ServiceUtilsCLI {
        static func main() async {
            let status = await run(Array(CommandLine.arguments.dropFirst()), console: Console())
            // The command's clients are gone and their transports shut down: let the transports'
            // threads end before the process does, so none is cut off mid-teardown.
            HTTPClient.waitForBuiltInTransportsToEnd(timeout: .seconds(3))
            exit(status)
        }

        /// Runs one invocation and returns its exit status.
        static func run(_ arguments: [String], console: Console) async -> Int32 {
            guard let name = arguments.first else {
                console.error("usage: service-utils <command> [arguments]  (see `service-utils help`)")
                return ExitStatus.usage
            }
            let rest = Array(arguments.dropFirst())
            if name == "help" || name == "--help" || name == "-h" {
                return help(topic: rest.first, console: console)
            }
            guard let command = CommandRegistry.command(named: name) else {
                console.error("service-utils: unknown command '\(name)'")
                console.error("usage: service-utils <command> [arguments]  (see `service-utils help`)")
                return ExitStatus.usage
            }
            if rest.contains("--help") || rest.contains("-h") {
                printHelp(for: command, console: console)
                return ExitStatus.success
            }
            do {
                return try await command.run(rest, console)
            } catch let error as UsageError {
                console.error("service-utils \(command.name): \(error.message)")
                console.error("usage: service-utils \(command.usage)")
                return ExitStatus.usage
            } catch {
                console.error("service-utils \(command.name): \(describe(error))")
                return ExitStatus.failure
            }
        }

        /// One line for an error: its `LocalizedError` text when it has one.
        static func describe(_ error: any Error) -> String {
            if let localized = error as? any LocalizedError, let text = localized.errorDescription {
                return text
            }
            return String(describing: error)
        }

        private static func help(topic: String?, console: Console) -> Int32 {
            if let topic {
                guard let command = CommandRegistry.command(named: topic) else {
                    console.error("service-utils help: unknown command '\(topic)'")
                    console.error("usage: service-utils help [command]")
                    return ExitStatus.usage
                }
                printHelp(for: command, console: console)
                return ExitStatus.success
            }
            console.print("service-utils — the everyday services of ServiceUtils from the command line")
            console.print()
            console.print("usage: service-utils <command> [arguments]")
            console.print()
            console.print("commands:")
            let width = (CommandRegistry.all.map(\.name.count).max() ?? 0) + 2
            console.print(
                "  " + "help".padding(toLength: width, withPad: " ", startingAt: 0)
                    + "show this list, or a command's help")
            for command in CommandRegistry.all {
                console.print(
                    "  " + command.name.padding(toLength: width, withPad: " ", startingAt: 0) + command.summary)
            }
            console.print()
            console.print("`service-utils <command> --help` shows a command's arguments.")
            return ExitStatus.success
        }

        private static func printHelp(for command: Command, console: Console) {
            console.print("usage: service-utils \(command.usage)")
            console.print()
            console.print(command.summary)
            if !command.details.isEmpty {
                console.print()
                console.print(command.details)
            }
        }
    }
#endif
