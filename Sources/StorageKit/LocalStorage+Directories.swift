public import Foundation

extension LocalStorage {
    /// What the files are for, which decides where the default directory is.
    public enum Purpose: Sendable, Equatable {
        /// Data the system may purge when space runs low: the caches directory on Apple platforms,
        /// `$XDG_CACHE_HOME` (or `~/.cache`) on Linux.
        case cache
        /// Data that must not be purged: application support on Apple platforms, `$XDG_DATA_HOME`
        /// (or `~/.local/share`) on Linux.
        case data
    }

    /// The platform's directory for `purpose`, with `name` appended.
    ///
    /// On Apple platforms `name` is appended only when given, so the default cache directory is the
    /// caches directory itself, where SurfUtils kept its files. On Linux the files go to
    /// `$XDG_CACHE_HOME/<name>` or `~/.cache/<name>` (`$XDG_DATA_HOME`, `~/.local/share` for data),
    /// where `name` defaults to the bundle identifier or the process name.
    ///
    /// ```swift
    /// let storage = LocalStorage(directory: LocalStorage.defaultDirectory(for: .data, name: "myapp"))
    /// ```
    ///
    /// - Parameters:
    ///   - purpose: Whether the files may be purged.
    ///   - name:    The folder inside the platform directory, usually the application's name.
    /// - Returns: The directory's file URL (it is created on the first write).
    public static func defaultDirectory(for purpose: Purpose = .cache, name: String? = nil) -> URL {
        #if canImport(Darwin)
            let search: FileManager.SearchPathDirectory =
                purpose == .cache ? .cachesDirectory : .applicationSupportDirectory
            let base =
                FileManager.default.urls(for: search, in: .userDomainMask).first
                ?? FileManager.default.temporaryDirectory
            guard let name else { return base }
            return base.appendingPathComponent(name, isDirectory: true)
        #else
            return freedesktopDirectory(
                for: purpose,
                name: name ?? Bundle.main.bundleIdentifier ?? ProcessInfo.processInfo.processName,
                environment: ProcessInfo.processInfo.environment,
                home: FileManager.default.homeDirectoryForCurrentUser.path
            )
        #endif
    }

    /// The XDG Base Directory rule: the variable when it holds an absolute path, else the fallback under
    /// the home directory.
    static func freedesktopDirectory(
        for purpose: Purpose,
        name: String,
        environment: [String: String],
        home: String
    ) -> URL {
        let (variable, fallback) = purpose == .cache ? ("XDG_CACHE_HOME", ".cache") : ("XDG_DATA_HOME", ".local/share")
        let base: URL
        if let value = environment[variable], value.hasPrefix("/") {
            base = URL(fileURLWithPath: value, isDirectory: true)
        } else {
            base = URL(fileURLWithPath: home, isDirectory: true).appendingPathComponent(fallback, isDirectory: true)
        }
        return base.appendingPathComponent(name, isDirectory: true)
    }
}
