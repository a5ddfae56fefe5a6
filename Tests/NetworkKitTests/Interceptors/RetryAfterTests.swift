import Foundation
import Testing

@testable import NetworkKit

@Suite("RetryAfter: seconds or an HTTP date")
struct RetryAfterTests {
    static let example = Date(timeIntervalSince1970: 784_111_777)  // Sun, 06 Nov 1994 08:49:37 GMT

    @Test("a number is seconds, a date is the time until it, anything else is ignored")
    func delays() {
        // Given now at RFC 9110's example instant, and the value the retry-after fuzzer found
        let found = String(decoding: [0x39, 0x84, 0x84, 0xF4, 0x84, 0x84, 0xAC], as: UTF8.self)
        // When each value is read
        // Then seconds and the three date forms give their wait, a past date zero, the rest nil
        #expect(RetryAfter.delay(" 120 ", now: Self.example) == .seconds(120))
        #expect(RetryAfter.delay("Sun, 06 Nov 1994 08:50:07 GMT", now: Self.example) == .seconds(30))
        #expect(RetryAfter.delay("Sunday, 06-Nov-94 08:50:07 GMT", now: Self.example) == .seconds(30))
        #expect(RetryAfter.delay("Sun Nov  6 08:50:07 1994", now: Self.example) == .seconds(30))
        #expect(RetryAfter.delay("Sun, 06 Nov 1994 08:00:00 GMT", now: Self.example) == .zero)
        #expect(RetryAfter.delay(found, now: Self.example) == nil)
        #expect(RetryAfter.delay("soon", now: Self.example) == nil)
    }
}
