import Foundation
import NetworkKit
import Testing

@Suite("DataPreprocessor: passthrough and Google's XSSI prefix")
struct DataPreprocessorTests {
    @Test("passthrough returns the bytes unchanged")
    func passthrough() throws {
        // Given any bytes
        let data = Data(")]}',\n{}".utf8)
        // Then the passthrough gives them back
        #expect(try PassthroughPreprocessor().preprocess(data) == data)
    }

    @Test("the XSSI prefix is removed, and the result is indexed from zero")
    func xssiStripped() throws {
        // Given a body behind Google's prefix
        let data = Data(")]}',\n{\"a\":1}".utf8)
        // When preprocessed
        let stripped = try GoogleXSSIPreprocessor().preprocess(data)
        // Then the JSON is left, and its first byte is at index 0
        #expect(stripped == Data("{\"a\":1}".utf8))
        #expect(stripped.startIndex == 0)
        #expect(stripped[0] == UInt8(ascii: "{"))
    }

    @Test(
        "bodies without the exact prefix are left alone",
        arguments: ["{\"a\":1}", ")]}'", ")]}',", ")]}' \n{}", " )]}',\n{}", ""])
    func xssiUntouched(_ body: String) throws {
        // Given a body without the full prefix at its start
        let data = Data(body.utf8)
        // Then it is unchanged
        #expect(try GoogleXSSIPreprocessor().preprocess(data) == data)
    }

    @Test("a body that is only the prefix becomes empty")
    func onlyPrefix() throws {
        // Given just the prefix
        // Then nothing is left
        #expect(try GoogleXSSIPreprocessor().preprocess(Data(")]}',\n".utf8)).isEmpty)
    }

    @Test("the prefix is stripped only once")
    func strippedOnce() throws {
        // Given the prefix twice
        let data = Data(")]}',\n)]}',\n1".utf8)
        // Then only the first is removed
        #expect(try GoogleXSSIPreprocessor().preprocess(data) == Data(")]}',\n1".utf8))
    }

    @Test("the leading-dot forms give the two preprocessors")
    func leadingDot() throws {
        // Given a generic consumer
        func use<P: DataPreprocessor>(_ preprocessor: P) -> P { preprocessor }
        let prefixed = Data(")]}',\n1".utf8)
        // Then the static forms resolve and behave as their types
        #expect(try use(.passthrough).preprocess(prefixed) == prefixed)
        #expect(try use(.googleXSSI).preprocess(prefixed) == Data("1".utf8))
    }
}
