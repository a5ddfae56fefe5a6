import Foundation
import FuzzSupport

@testable import NetworkKit

/// NetworkKit's cache file reader, which reads whatever a disk, a crash mid-write or another
/// process left: any bytes are a record or a typed error, and a record read back is written out
/// again byte for byte (so nothing a reader accepts is a different answer than was stored).
@main
enum CacheRecordFuzzer {
    static func main() {
        runFuzzer { data, size in
            var input = FuzzInput(data, size)
            CacheRecordFuzzer.fuzz(&input)
            return 0
        }
    }

    static func fuzz(_ input: inout FuzzInput) {
        let bytes = input.rest()
        guard let record = try? CacheRecord(decoding: bytes) else { return }
        invariant(record.entries.count <= CacheRecord.maximumVariants, "\(record.entries.count) variants")
        let again = record.encoded()
        invariant((try? CacheRecord(decoding: again)) == record, "a record does not read back as itself")
    }
}
