import Foundation

/// A throw-away freedesktop.org environment: XDG data and config homes under a temporary folder,
/// with URL-scheme handlers registered as desktop entries whose program writes its argument to a
/// file the test reads.
struct TemporaryDesktop {
    let root: URL

    init() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("su-xdg-\(UUID().uuidString)")
        for folder in ["data/applications", "config", "system-data", "empty-bin"] {
            try FileManager.default.createDirectory(
                at: root.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
    }

    /// The environment for xdg-utils: only this desktop's handlers, a display so xdg-open uses
    /// them, and a browser that always fails so nothing else is tried.
    var environment: [String: String] {
        [
            "PATH": "/usr/local/bin:/usr/bin:/bin",
            "HOME": root.path,
            "XDG_DATA_HOME": root.appendingPathComponent("data").path,
            "XDG_CONFIG_HOME": root.appendingPathComponent("config").path,
            "XDG_DATA_DIRS": root.appendingPathComponent("system-data").path,
            "DISPLAY": ":99",
            "BROWSER": "false",
        ]
    }

    /// The environment with a `PATH` where no tool can be found.
    var environmentWithoutTools: [String: String] {
        var environment = self.environment
        environment["PATH"] = root.appendingPathComponent("empty-bin").path
        return environment
    }

    /// The file a handler for `scheme` writes the URL it received to.
    func receivedFile(for scheme: String) -> URL {
        root.appendingPathComponent("received-\(scheme).txt")
    }

    /// Registers a handler for `scheme` that records its argument and exits with `exitStatus`.
    ///
    /// The entry runs the script through `/bin/sh`, so the program exec'd is never a file written a
    /// moment ago (which fails with ETXTBSY while a child another test forks still holds the
    /// writer's descriptor).
    func registerHandler(scheme: String, exitStatus: Int = 0) throws {
        let script = root.appendingPathComponent("handler-\(scheme).sh")
        let body = "#!/bin/sh\nprintf '%s' \"$1\" > '\(receivedFile(for: scheme).path)'\nexit \(exitStatus)\n"
        try body.write(to: script, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script.path)
        let entry = """
            [Desktop Entry]
            Type=Application
            Name=\(scheme) handler
            Exec=/bin/sh \(script.path) %u
            MimeType=x-scheme-handler/\(scheme);

            """
        let desktopFile = root.appendingPathComponent("data/applications/\(scheme)-handler.desktop")
        try entry.write(to: desktopFile, atomically: true, encoding: .utf8)
        let list = root.appendingPathComponent("config/mimeapps.list")
        var existing = (try? String(contentsOf: list, encoding: .utf8)) ?? "[Default Applications]\n"
        existing += "x-scheme-handler/\(scheme)=\(scheme)-handler.desktop\n"
        try existing.write(to: list, atomically: true, encoding: .utf8)
    }

    func remove() {
        try? FileManager.default.removeItem(at: root)
    }
}
