import Foundation

/// A piece of a request body to stream: bytes in memory, or a file that must still have its size.
enum BodySegment: Sendable, Hashable {
    case bytes(Data)
    case file(path: String, size: Int64)

    /// The segment's length in bytes.
    var length: Int64 {
        switch self {
        case .bytes(let data): Int64(data.count)
        case .file(_, let size): size
        }
    }
}

extension MultipartFormData {
    /// The encoded form as segments, its files left on disk; picks a new boundary first, as
    /// ``encode()`` does. Neighbouring bytes are joined into one segment.
    mutating func segments() -> [BodySegment] {
        chooseBoundary()
        var segments: [BodySegment] = []
        var bytes = Data()
        for part in parts {
            bytes.append(head(of: part))
            if let fileURL = part.fileURL {
                segments.append(.bytes(bytes))
                segments.append(.file(path: fileURL.path, size: part.fileSize))
                bytes = Data()
            } else {
                bytes.append(part.content)
            }
            bytes.append(Data("\r\n".utf8))
        }
        bytes.append(tail)
        segments.append(.bytes(bytes))
        return segments.filter { $0.length > 0 || segments.count == 1 }
    }
}
