// A Linux and macOS tool: it starts programs and reads /proc, which iOS, tvOS and watchOS lack.
#if os(Linux) || os(macOS)
    import BenchmarkReporting
    import Foundation
    import StorageKit

    #if canImport(Glibc)
        import Glibc
    #elseif canImport(Darwin)
        import Darwin
    #endif

    /// StorageKit against plain Foundation: store and load 10,000 small models, one file each, with and
    /// without flushing to the disk.
    enum StorageBenchmarks {
        static let count = 10_000

        static let all: [Benchmark] = [
            storeAndLoad(durability: .synchronized, name: "StorageKit.storeLoadSynchronized", label: "with fsync"),
            storeAndLoad(durability: .atomicOnly, name: "StorageKit.storeLoadAtomicOnly", label: "without fsync"),
        ]

        static func storeAndLoad(durability: LocalStorage.Durability, name: String, label: String) -> Benchmark {
            Benchmark(name: name, summary: "store then load 10,000 small models, one file each, \(label)") {
                let models = BenchGrocery.samples(count)
                let root = FileManager.default.temporaryDirectory
                    .appendingPathComponent("storage-bench-\(UUID().uuidString)", isDirectory: true)
                let plainDirectory = root.appendingPathComponent("plain", isDirectory: true)
                try FileManager.default.createDirectory(at: plainDirectory, withIntermediateDirectories: true)
                let storage = LocalStorage(directory: root.appendingPathComponent("ours"), durability: durability)
                let flush = durability == .synchronized
                // Both sides must agree before they are timed against each other.
                try await ours(models, storage)
                try plain(models, in: plainDirectory, flush: flush)
                return PreparedBenchmark(
                    baseline: .timed(flush ? "Data.write(.atomic) + fsync(dir)" : "Data.write(temporary) + rename") {
                        try plain(models, in: plainDirectory, flush: flush)
                    },
                    cases: [
                        .timed("LocalStorage (\(flush ? ".synchronized" : ".atomicOnly"))") {
                            try await ours(models, storage)
                        }
                    ],
                    workPerRun: .init(amount: Double(count), unit: "models"),
                    tearDown: { try? FileManager.default.removeItem(at: root) }
                )
            }
        }

        static func ours(_ models: [BenchGrocery], _ storage: LocalStorage) async throws {
            for model in models { try await storage.store(model, forKey: "item-\(model.id)") }
            for model in models {
                let loaded = try await storage.load(BenchGrocery.self, forKey: "item-\(model.id)")
                guard loaded == model else { throw BenchmarkError("LocalStorage loaded a different model") }
            }
        }

        /// The plain way, with the same durability as LocalStorage.
        ///
        /// Flushed: `Data.write(options: .atomic)` writes a temporary file, flushes it (on Linux; Apple's
        /// does not, so the file is flushed by hand there) and renames it; the directory is then flushed
        /// so the rename survives a power cut. Not flushed: `.atomic` always flushes on Linux, so the same
        /// steps are done without it: `Data.write` to a temporary file in the directory, then `rename`.
        static func plain(_ models: [BenchGrocery], in directory: URL, flush: Bool) throws {
            let encoder = JSONEncoder()
            let decoder = JSONDecoder()
            for model in models {
                let url = directory.appendingPathComponent("item-\(model.id)")
                let data = try encoder.encode(model)
                if flush {
                    try data.write(to: url, options: .atomic)
                    #if canImport(Darwin)
                        try synchronize(url.path)
                    #endif
                    try synchronize(directory.path)
                } else {
                    let temporary = directory.appendingPathComponent(".tmp-\(model.id)")
                    try data.write(to: temporary)
                    guard rename(temporary.path, url.path) == 0 else { throw BenchmarkError("rename failed") }
                }
            }
            for model in models {
                let url = directory.appendingPathComponent("item-\(model.id)")
                let loaded = try decoder.decode(BenchGrocery.self, from: Data(contentsOf: url))
                guard loaded == model else { throw BenchmarkError("the baseline loaded a different model") }
            }
        }

        private static func synchronize(_ path: String) throws {
            let descriptor = open(path, O_RDONLY)
            guard descriptor >= 0 else { throw BenchmarkError("cannot open \(path) to fsync it") }
            defer { close(descriptor) }
            guard fsync(descriptor) == 0 else { throw BenchmarkError("fsync of \(path) failed") }
        }
    }
#endif
