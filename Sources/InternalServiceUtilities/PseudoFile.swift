import Foundation

/// Reads Linux pseudo-files such as `/proc/self/maps` whole.
///
/// `String(contentsOfFile:)` and `Data(contentsOf:)` trust the size that `stat` reports, which is 0
/// for files under `/proc`, and on Linux they then return only the first page (about 4 KB): a long
/// `/proc/self/maps` loses every library past that point. This reads until end of file instead.
package enum PseudoFile {
    /// The whole text of the file at `path`, or `nil` when it cannot be opened or is not UTF-8.
    package static func read(_ path: String) -> String? {
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        return String(data: FileDescriptorIO.readAll(from: handle.fileDescriptor), encoding: .utf8)
    }
}
