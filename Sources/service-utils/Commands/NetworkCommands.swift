/// The `service-utils` commands and tour section of NetworkKit.
enum NetworkCommands {
    /// The subcommands this module adds.
    static let commands: [Command] = []

    /// This module's part of `service-utils tour`.
    static let tour = TourSection(title: "NetworkKit — Router-pattern HTTP, query strings") { console in
        console.print("  (no capability has landed in NetworkKit yet)")
    }
}
