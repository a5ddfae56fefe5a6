// A Linux and macOS tool: it starts programs and reads /proc, which iOS, tvOS and watchOS lack.
#if os(Linux) || os(macOS)
    import Foundation
    import ServiceUtils

    #if canImport(Glibc)
        import Glibc
    #elseif canImport(Darwin)
        import Darwin
    #endif

    /// The `service-utils` commands and tour section of SecurityKit.
    enum SecurityCommands {
        /// The subcommands this module adds.
        static let commands: [Command] = [vault]

        static let vault = Command(
            name: "vault",
            summary: "keep a secret behind a PIN (scrypt + ChaCha20-Poly1305, attempt-limited)",
            usage:
                "vault set|get|remove|change-pin [--store file|secret-service] [--dir D] [--name N] [--kdf-cost LOG2N]",
            details: """
                The PIN and the secret are read from standard input, never from arguments: the first line
                is the PIN (for change-pin the old PIN, then the new one on the second line); for set, the
                rest of the input is the secret (one final line break removed). On a terminal each is asked
                for with echo off. get prints the secret on standard output.
                  --store file            a private directory (0700, files 0600); the default
                  --store secret-service  the freedesktop Secret Service (GNOME Keyring, KWallet) via libsecret;
                                          Linux only
                  --dir D                 the directory of the file store (default ~/.local/share/service-utils/vault)
                  --name N                the vault's name (default "cli")
                  --kdf-cost LOG2N        scrypt's N as a power of two for new records (default 15; tests use 10)
                Five wrong PINs in a row lock the vault until a new secret is set.
                """
        ) { arguments, console in
            var parser = ArgumentParser(arguments)
            let storeKind = try parser.option("--store") ?? "file"
            let directory = try parser.option("--dir")
            let name = try parser.option("--name") ?? "cli"
            let costText = try parser.option("--kdf-cost")
            let words = try parser.positionals()
            guard words.count == 1, let action = words.first, ["set", "get", "remove", "change-pin"].contains(action)
            else {
                throw UsageError("give one action: set, get, remove or change-pin")
            }
            var configuration = PinVault.Configuration()
            if let costText {
                guard let log = Int(costText), (1...24).contains(log) else {
                    throw UsageError("--kdf-cost must be 1…24")
                }
                configuration.parameters.cost = 1 << log
            }
            let store = try makeStore(kind: storeKind, directory: directory)
            let vault = PinVault(store: store, name: name, configuration: configuration)
            return try run(action: action, vault: vault, console: console)
        }

        private static func makeStore(kind: String, directory: String?) throws -> any SecretStore {
            switch kind {
            case "file":
                let folder =
                    directory.map { URL(fileURLWithPath: $0) }
                    ?? FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(
                        ".local/share/service-utils/vault")
                return try FileSecretStore(directory: folder)
            case "secret-service":
                guard directory == nil else { throw UsageError("--dir applies to --store file only") }
                #if canImport(Glibc)
                    return try SecretServiceSecretStore(collectionLabel: "service-utils")
                #else
                    throw UsageError("--store secret-service exists on Linux only")
                #endif
            default:
                throw UsageError("unknown store '\(kind)': use file or secret-service")
            }
        }

        private static func run(action: String, vault: PinVault, console: Console) throws -> Int32 {
            var input = SecretInput(console: console)
            switch action {
            case "set":
                let pin = try input.line(prompt: "PIN: ")
                let secret = try input.rest(prompt: "secret: ")
                try vault.save(secret: secret, pin: pin)
                console.error("saved in vault '\(vault.name)'")
            case "get":
                let secret = try vault.unlock(pin: try input.line(prompt: "PIN: "))
                console.writeData(secret)
                console.print()
            case "remove":
                try vault.remove()
                console.error("removed vault '\(vault.name)'")
            case "change-pin":
                let old = try input.line(prompt: "current PIN: ")
                let new = try input.line(prompt: "new PIN: ")
                try vault.changePIN(old: old, new: new)
                console.error("PIN changed")
            default:
                throw UsageError("unknown action '\(action)': use set, get, remove or change-pin")
            }
            return ExitStatus.success
        }

        /// This module's part of `service-utils tour`: a legacy box, a vault and a wrong PIN, in memory.
        static let tour = TourSection(title: "SecurityKit — PIN-protected secrets") { console in
            let store = InMemorySecretStore()
            // SurfUtils' box keeps text; the adapter puts it in the same byte store as the vault.
            let legacy = PinCryptoBox(
                secureStore: { SecretStoreAdapter(store) }, hashProvider: SHA3(variant: .sha224),
                cryptoService: BlowfishCryptoService(), ivKey: "iv", dataKey: "data", saltKey: "salt", hashKey: "hash")
            try legacy.encrypt(data: "legacy-token", auth: "1234")
            let sizes = try ["salt", "iv", "hash", "data"].map { "\($0) \(try store.load(by: $0).count) chars" }
            console.print("  legacy PinCryptoBox (SurfUtils bytes): wrote \(sizes.joined(separator: ", "))")
            console.print(
                "  legacy box opened with the PIN: \(try legacy.decrypt(auth: "1234") == "legacy-token" ? "ok" : "MISMATCH")"
            )
            console.print(
                "  …and without it, from the stored hash: \(try legacy.hack().decrypt() == "legacy-token" ? "ok (the weakness)" : "no")"
            )

            // Cheap scrypt parameters keep the tour fast; real vaults use .interactive (N = 2^15).
            let vault = PinVault(store: store, name: "tour", configuration: .init(parameters: .fastForTesting))
            try vault.migrate(from: legacy, pin: "1234")
            console.print(
                "  migrated into a PinVault; legacy entries left: \(store.keys.filter { !$0.hasPrefix("tour.") }.count)"
            )
            try vault.save(text: "vault-token", pin: "2580")
            let record = try store.load(by: "tour.record")
            console.print("  PinVault saved a \(record.count)-byte record (scrypt + ChaCha20-Poly1305)")
            console.print(
                "  opened with the right PIN: \(try vault.unlockText(pin: "2580") == "vault-token" ? "ok" : "MISMATCH")"
            )
            do {
                _ = try vault.unlock(pin: "0000")
                console.print("  a wrong PIN was ACCEPTED")
            } catch {
                console.print("  a wrong PIN is rejected: \(error.localizedDescription)")
            }
            var flipped = record
            flipped[flipped.count / 2] ^= 1
            try store.save(data: flipped, by: "tour.record")
            do {
                _ = try vault.unlock(pin: "2580")
                console.print("  an altered record was ACCEPTED")
            } catch {
                console.print("  an altered record is rejected: \(error.localizedDescription)")
            }
        }
    }

    /// Reads PINs and secrets from standard input: from a pipe line by line, or from a terminal with
    /// the echo turned off.
    private struct SecretInput {
        let console: Console
        private var buffered: [UInt8]?
        private let terminal = isatty(STDIN_FILENO) == 1

        init(console: Console) {
            self.console = console
        }

        /// The next line, without its line break.
        mutating func line(prompt: String) throws -> String {
            if terminal { return try Self.readHidden(prompt: prompt) }
            var bytes = buffered ?? Array(console.readAllInput())
            guard !bytes.isEmpty else { throw UsageError("standard input ended before the \(prompt.dropLast(2))") }
            let end = bytes.firstIndex(of: UInt8(ascii: "\n")) ?? bytes.count
            let line = Array(bytes[..<end])
            bytes.removeFirst(min(end + 1, bytes.count))
            buffered = bytes
            return String(decoding: line.last == UInt8(ascii: "\r") ? line.dropLast() : line[...], as: UTF8.self)
        }

        /// The rest of the input, one final line break removed.
        mutating func rest(prompt: String) throws -> Data {
            if terminal { return Data(try Self.readHidden(prompt: prompt).utf8) }
            var bytes = buffered ?? Array(console.readAllInput())
            buffered = []
            if bytes.last == UInt8(ascii: "\n") { bytes.removeLast() }
            return Data(bytes)
        }

        private static func readHidden(prompt: String) throws -> String {
            FileHandle.standardError.write(Data(prompt.utf8))
            var original = termios()
            let hasTerminal = tcgetattr(STDIN_FILENO, &original) == 0
            if hasTerminal {
                var silent = original
                silent.c_lflag &= ~tcflag_t(ECHO)
                tcsetattr(STDIN_FILENO, TCSAFLUSH, &silent)
            }
            defer {
                if hasTerminal { tcsetattr(STDIN_FILENO, TCSAFLUSH, &original) }
                FileHandle.standardError.write(Data("\n".utf8))
            }
            guard let line = Swift.readLine(strippingNewline: true) else { throw UsageError("no input") }
            return line
        }
    }
#endif
