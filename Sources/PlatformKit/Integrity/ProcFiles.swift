import Foundation

/// Parsers for Linux `/proc/<pid>/status` and `/proc/<pid>/maps` text (portable, so they are
/// tested everywhere).
enum ProcFiles {
    /// The whole text of a `/proc` file, or `nil` when it cannot be read.
    ///
    /// `/proc` files report a size of 0 and are generated as they are read, so
    /// `String(contentsOfFile:)` stops after its first read (about 4 KB): a process's maps listing
    /// is usually longer, and the libraries after that point would go unseen. This reads until the
    /// end of the file.
    static func contents(ofPath path: String) -> String? {
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        guard let data = try? handle.readToEnd() else { return nil }
        return String(decoding: data, as: UTF8.self)
    }

    /// The `TracerPid:` value, or `nil` when the line is missing or malformed.
    static func tracerPID(inStatus status: String) -> Int32? {
        for line in status.split(separator: "\n") where line.hasPrefix("TracerPid:") {
            return Int32(line.dropFirst("TracerPid:".count).trimmingCharacters(in: [" ", "\t"]))
        }
        return nil
    }

    /// The absolute file paths in a maps listing, each once, in order of first appearance.
    static func mappedPaths(inMaps maps: String) -> [String] {
        var seen = Set<String>()
        var paths: [String] = []
        for line in maps.split(separator: "\n") {
            // address perms offset dev inode [path]; the path is the sixth field and may hold spaces
            let fields = line.split(separator: " ", maxSplits: 5, omittingEmptySubsequences: true)
            guard fields.count == 6 else { continue }
            let path = fields[5].trimmingCharacters(in: [" "])
            guard path.hasPrefix("/"), seen.insert(path).inserted else { continue }
            paths.append(path)
        }
        return paths
    }
}

extension Substring {
    fileprivate func trimmingCharacters(in set: Set<Character>) -> String {
        var text = self
        while let first = text.first, set.contains(first) { text.removeFirst() }
        while let last = text.last, set.contains(last) { text.removeLast() }
        return String(text)
    }
}
