/// The `service-utils` commands and tour section of MoneyKit.
enum MoneyCommands {
    /// The subcommands this module adds.
    static let commands: [Command] = []

    /// This module's part of `service-utils tour`.
    static let tour = TourSection(title: "MoneyKit — exact money") { console in
        console.print("  (no capability has landed in MoneyKit yet)")
    }
}
