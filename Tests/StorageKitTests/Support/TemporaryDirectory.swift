import Foundation

/// A fresh directory under the system's temporary directory, deleted by ``remove()``.
struct TemporaryDirectory {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("StorageKitTests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    /// A path inside the directory.
    func appending(_ component: String) -> URL {
        url.appendingPathComponent(component)
    }

    /// Every entry below the directory, as paths relative to it, sorted.
    func contents() -> [String] {
        let enumerator = FileManager.default.enumerator(atPath: url.path)
        var names: [String] = []
        while let name = enumerator?.nextObject() as? String { names.append(name) }
        return names.sorted()
    }

    func remove() {
        try? FileManager.default.removeItem(at: url)
    }
}
