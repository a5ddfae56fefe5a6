public import Foundation

/// A folder of its own for one test under the system's temporary directory, removed by
/// ``remove()``; ``contents`` lists what the code under test left in it, so a test can check that
/// nothing else was touched.
///
/// ```swift
/// let folder = try TestFolder()
/// defer { folder.remove() }
/// let file = try folder.write(Data("hello".utf8), to: "hello.txt")
/// ```
public struct TestFolder: Sendable {
    /// The folder.
    public let url: URL

    /// Creates an empty folder with a unique name.
    ///
    /// - Throws: What `FileManager` throws when the folder cannot be created.
    public init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent(
            "ServiceUtilsTests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    /// A path inside the folder (nothing is created).
    ///
    /// - Parameter name: A name or a relative path such as `a/b`.
    /// - Returns: The URL.
    public func file(_ name: String) -> URL {
        url.appendingPathComponent(name)
    }

    /// Writes `content` to a file called `name` in the folder.
    ///
    /// - Parameters:
    ///   - content: The bytes.
    ///   - name: The file's name.
    /// - Returns: The file's URL.
    /// - Throws: What `Data.write(to:)` throws.
    public func write(_ content: Data, to name: String) throws -> URL {
        let file = file(name)
        try content.write(to: file)
        return file
    }

    /// The names of everything inside the folder, sorted, recursively (`a/b`).
    public var contents: [String] {
        let enumerator = FileManager.default.enumerator(atPath: url.path)
        var names: [String] = []
        while let name = enumerator?.nextObject() as? String { names.append(name) }
        return names.sorted()
    }

    /// Deletes the folder and everything in it.
    public func remove() {
        try? FileManager.default.removeItem(at: url)
    }
}
