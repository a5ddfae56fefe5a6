// A Linux and macOS tool: it starts programs and reads /proc, which iOS, tvOS and watchOS lack.
#if os(Linux) || os(macOS)
    import Foundation
    import StorageKit

    /// The `service-utils` commands and tour section of StorageKit.
    enum StorageCommands {
        /// The subcommands this module adds.
        static let commands: [Command] = [store]

        /// The directory `store` uses without `--dir`.
        static var defaultDirectory: URL {
            LocalStorage.defaultDirectory(for: .cache, name: "service-utils")
        }

        static let store = Command(
            name: "store",
            summary: "keep JSON values in a directory, one file per key, replaced atomically",
            usage: "store put KEY [JSON] | get KEY | remove KEY | list  [--dir DIRECTORY]",
            details: """
                put KEY JSON   stores JSON (read from standard input when JSON is left out) under KEY
                get KEY        prints the JSON stored under KEY
                remove KEY     removes KEY
                list           prints the keys, one a line

                Each key is a file of --dir (default $XDG_CACHE_HOME/service-utils or
                ~/.cache/service-utils), written to a temporary file, flushed and renamed, so it always
                holds a whole value. Keys must be plain file names: not empty, '.', '..', nor containing
                '/', '\\' or NUL, at most 255 bytes. Exit status 1 when the key has no value or a file
                operation fails, 65 when put is given text that is not JSON.
                """
        ) { arguments, console in
            var parser = ArgumentParser(arguments)
            let directory = try parser.option("--dir").map { URL(fileURLWithPath: $0) } ?? defaultDirectory
            let words = try parser.positionals()
            guard let action = words.first else { throw UsageError("missing action: put, get, remove or list") }
            let storage = LocalStorage(directory: directory)
            let operands = Array(words.dropFirst())
            switch action {
            case "put":
                return try await put(operands, storage: storage, console: console)
            case "get":
                let key = try singleKey(operands, for: action)
                console.writeData(try await storage.loadData(forKey: key))
                console.print()
            case "remove":
                let key = try singleKey(operands, for: action)
                try await storage.remove(forKey: key)
                console.print("removed \(key) from \(directory.path)")
            case "list":
                guard operands.isEmpty else { throw UsageError("list takes no key") }
                for key in try await storage.keys() { console.print(key) }
            default:
                throw UsageError("unknown action '\(action)': use put, get, remove or list")
            }
            return ExitStatus.success
        }

        private static func put(_ operands: [String], storage: LocalStorage, console: Console) async throws -> Int32 {
            guard let key = operands.first else { throw UsageError("put needs a KEY") }
            guard operands.count <= 2 else { throw UsageError("put takes KEY and one JSON argument (quote it)") }
            let data = operands.count == 2 ? Data(operands[1].utf8) : console.readAllInput()
            do {
                _ = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
            } catch {
                console.error("service-utils store: the value for '\(key)' is not JSON")
                return ExitStatus.dataError
            }
            try await storage.storeData(data, forKey: key)
            console.print("stored \(key) (\(data.count) bytes) in \(storage.directory.path)")
            return ExitStatus.success
        }

        private static func singleKey(_ operands: [String], for action: String) throws -> String {
            guard operands.count == 1 else { throw UsageError("\(action) takes exactly one KEY") }
            return operands[0]
        }

        /// This module's part of `service-utils tour`.
        static let tour = TourSection(title: "StorageKit — Codable files that never tear") { console in
            struct Settings: Codable, Equatable {
                var theme: String
                var fontSize: Int
            }
            let directory = FileManager.default.temporaryDirectory
                .appendingPathComponent("service-utils-tour-\(UUID().uuidString)", isDirectory: true)
            defer { try? FileManager.default.removeItem(at: directory) }
            let storage = LocalStorage(directory: directory)

            let settings = Settings(theme: "dark", fontSize: 14)
            try await storage.store(settings, forKey: "settings")
            let bytes = try await storage.loadData(forKey: "settings")
            console.print("  store: wrote \(String(decoding: bytes, as: UTF8.self)) to \(directory.path)/settings")
            console.print("         (temporary file, fsync, rename, fsync of the directory)")

            let loaded = try await storage.load(Settings.self, forKey: "settings")
            console.print(
                "  load: \(loaded.theme) theme, size \(loaded.fontSize) — equal to what was stored: \(loaded == settings)"
            )

            do {
                try await storage.store(settings, forKey: "../escape")
            } catch {
                console.print("  store under '../escape': refused — \(error.localizedDescription)")
            }

            try await storage.remove(forKey: "settings")
            let left = try await storage.keys()
            console.print(
                "  remove: settings removed; keys left: \(left.isEmpty ? "none" : left.joined(separator: ", "))")
        }
    }
#endif
