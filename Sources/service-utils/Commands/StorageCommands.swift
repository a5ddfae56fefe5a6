/// The `service-utils` commands and tour section of StorageKit.
enum StorageCommands {
    /// The subcommands this module adds.
    static let commands: [Command] = []

    /// This module's part of `service-utils tour`.
    static let tour = TourSection(title: "StorageKit — Codable files that never tear") { console in
        console.print("  (no capability has landed in StorageKit yet)")
    }
}
