/// The `service-utils` commands and tour section of SecurityKit.
enum SecurityCommands {
    /// The subcommands this module adds.
    static let commands: [Command] = []

    /// This module's part of `service-utils tour`.
    static let tour = TourSection(title: "SecurityKit — PIN-protected secrets") { console in
        console.print("  (no capability has landed in SecurityKit yet)")
    }
}
