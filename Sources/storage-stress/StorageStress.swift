import Foundation
import StorageKit

/// The test helper of StorageKit: writes to a ``LocalStorage`` in a loop so the tests can kill it
/// mid-write (`crash`) or run two of it against one directory (`hammer`).
///
///     storage-stress crash DIRECTORY KEY
///         Stores CrashValue.first, prints "writing", then stores .second, .first, … until killed.
///     storage-stress hammer DIRECTORY SECONDS WRITER
///         Prints "ready", waits for a line on standard input, then for SECONDS stores, loads and
///         removes random keys (and now and then removes them all), checking every value it loads;
///         prints "stores=N loads=N foreign=N removes=N" and exits 0, or prints the failure to
///         standard error and exits 1.
@main
enum StorageStress {
    static func main() async {
        let arguments = Array(CommandLine.arguments.dropFirst())
        do {
            switch arguments.first {
            case "crash" where arguments.count == 3:
                try await crash(directory: arguments[1], key: arguments[2])
            case "hammer" where arguments.count == 4:
                guard let seconds = Double(arguments[2]) else { return fail("SECONDS must be a number") }
                try await hammer(directory: arguments[1], seconds: seconds, writer: arguments[3])
            default:
                fail("usage: storage-stress crash DIRECTORY KEY | hammer DIRECTORY SECONDS WRITER")
            }
        } catch {
            fail("\(error.localizedDescription)")
        }
    }

    static func crash(directory: String, key: String) async throws {
        let storage = LocalStorage(directory: URL(fileURLWithPath: directory))
        try await storage.store(CrashValue.first, forKey: key)
        say("writing")
        var next = CrashValue.second
        while true {
            try await storage.store(next, forKey: key)
            next = next == .first ? .second : .first
        }
    }

    static func hammer(directory: String, seconds: Double, writer: String) async throws {
        let storage = LocalStorage(directory: URL(fileURLWithPath: directory))
        say("ready")
        _ = readLine()
        let deadline = Date().addingTimeInterval(seconds)
        var counts = (stores: 0, loads: 0, foreign: 0, removes: 0)
        var counter = 0
        while Date() < deadline {
            let key = "key-\(Int.random(in: 0..<HammerValue.keyCount))"
            let operation = Int.random(in: 0..<1_000)
            if operation < 400 {
                counter += 1
                try await storage.store(HammerValue(writer: writer, counter: counter), forKey: key)
                counts.stores += 1
            } else if operation < 599 {
                // Removing deletes the key's lock file, which the other process may be waiting on
                do {
                    try await storage.remove(forKey: key)
                    counts.removes += 1
                } catch .valueNotFound {
                    continue
                }
            } else if operation == 599 {
                try await storage.removeAll()
            } else {
                do {
                    let value = try await storage.load(HammerValue.self, forKey: key)
                    guard value.isConsistent else { return fail("inconsistent value under \(key): \(value)") }
                    counts.loads += 1
                    if value.writer != writer { counts.foreign += 1 }
                } catch .valueNotFound {
                    continue
                }
            }
        }
        say("stores=\(counts.stores) loads=\(counts.loads) foreign=\(counts.foreign) removes=\(counts.removes)")
    }

    static func say(_ line: String) {
        FileHandle.standardOutput.write(Data((line + "\n").utf8))
    }

    static func fail(_ message: String) {
        FileHandle.standardError.write(Data(("storage-stress: " + message + "\n").utf8))
        exit(1)
    }
}
