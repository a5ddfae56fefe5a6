/// Parsers for Linux `/proc/<pid>/status` and `/proc/<pid>/maps` text (portable, so they are
/// tested everywhere). Read the files with `PseudoFile.read(_:)`, which reads them to their end.
enum ProcFiles {
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
