import Foundation
import FuzzSupport

@testable import NetworkKit

/// NetworkKit's `Cache-Control` reader (RFC 9111 §5.2, §1.2.2), which reads what any server and any
/// caller sends: duplicated, quoted and malformed directives and huge numbers.
///
/// It never fails, reads the same text the same way, and every number it keeps lies within 0…2³¹
/// (§1.2.2's clamp). (Lines read one by one and joined into one may differ: a quoted string left
/// open at a line's end runs on into the next line once they are joined.)
@main
enum CacheControlFuzzer {
    static func main() {
        runFuzzer { data, size in
            var input = FuzzInput(data, size)
            CacheControlFuzzer.fuzz(&input)
            return 0
        }
    }

    static func fuzz(_ input: inout FuzzInput) {
        let text = input.restText()
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let directives = CacheControl(fieldValues: lines)
        let limit = 2_147_483_648
        for number in [
            directives.maxAge, directives.sharedMaxAge, directives.staleIfError, directives.staleWhileRevalidate,
            directives.minFresh,
        ] {
            if let number { invariant((0...limit).contains(number), "a number outside 0…2^31: \(number)") }
        }
        invariant(CacheControl(fieldValues: lines) == directives, "the same lines read twice differ")
    }
}
