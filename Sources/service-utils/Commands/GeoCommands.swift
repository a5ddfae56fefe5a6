/// The `service-utils` commands and tour section of GeoKit.
enum GeoCommands {
    /// The subcommands this module adds.
    static let commands: [Command] = []

    /// This module's part of `service-utils tour`.
    static let tour = TourSection(title: "GeoKit — geodesics, routes, map apps, location") { console in
        console.print("  (no capability has landed in GeoKit yet)")
    }
}
