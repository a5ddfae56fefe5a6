/// The `service-utils` commands and tour section of MockServerKit and GroceryAPI.
enum GroceryCommands {
    /// The subcommands this module adds.
    static let commands: [Command] = []

    /// This module's part of `service-utils tour`.
    static let tour = TourSection(title: "GroceryAPI and MockServerKit — the auth sample over loopback HTTP") {
        console in
        console.print("  (no capability has landed in MockServerKit and GroceryAPI yet)")
    }
}
