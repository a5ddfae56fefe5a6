/// The `service-utils` commands and tour section of PlatformKit.
enum PlatformCommands {
    /// The subcommands this module adds.
    static let commands: [Command] = []

    /// This module's part of `service-utils tour`.
    static let tour = TourSection(title: "PlatformKit — integrity, mail, settings, URL opening") { console in
        console.print("  (no capability has landed in PlatformKit yet)")
    }
}
