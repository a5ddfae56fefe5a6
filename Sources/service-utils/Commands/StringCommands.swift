/// The `service-utils` commands and tour section of StringKit.
enum StringCommands {
    /// The subcommands this module adds.
    static let commands: [Command] = []

    /// This module's part of `service-utils tour`.
    static let tour = TourSection(title: "StringKit — plurals and attributed strings") { console in
        console.print("  (no capability has landed in StringKit yet)")
    }
}
