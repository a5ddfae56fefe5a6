// A Linux and macOS tool: it starts programs and reads /proc, which iOS, tvOS and watchOS lack.
#if os(Linux) || os(macOS)
    /// Every subcommand and every tour section, gathered from the per-module files in `Commands/`.
    ///
    /// Each module owns one file, `Commands/<Module>Commands.swift`, with an enum that lists its
    /// `commands` and its `tour` section; adding a module's commands touches only that file and, for a
    /// new module, one line here.
    enum CommandRegistry {
        /// The commands in the order `help` lists them.
        static let all: [Command] =
            [Tour.command]
            + NetworkCommands.commands
            + GroceryCommands.commands
            + MockServerCommands.commands
            + SecurityCommands.commands
            + StorageCommands.commands
            + StringCommands.commands
            + MoneyCommands.commands
            + PlatformCommands.commands
            + GeoCommands.commands

        /// The tour's sections, in the order they run.
        static let tourSections: [TourSection] = [
            NetworkCommands.tour,
            SecurityCommands.tour,
            StorageCommands.tour,
            StringCommands.tour,
            MoneyCommands.tour,
            PlatformCommands.tour,
            GeoCommands.tour,
            GroceryCommands.tour,
            MockServerCommands.tour,
        ]

        /// The command called `name`, if there is one.
        static func command(named name: String) -> Command? {
            all.first { $0.name == name }
        }
    }
#endif
