import Foundation
import ServiceUtils
import XCTest

// SurfUtils' QueryStringBuilder: `[String: Any].toQueryString() -> String?`, called on the dictionary
// of SurfUtils' "Service utils" page and on values SurfUtils' own escaping got wrong.

final class QueryStringBuilderTests: XCTestCase {

    func testServiceUtilsReadmeExample() {
        // given the page's dictionary
        let dict: [String: Any] = ["key1": "value1", "key2": 2.15, "key3": true]
        // when
        let queryString = dict.toQueryString()
        // then the page's pairs, with keys in sorted order and the boolean as a word
        XCTAssertEqual(queryString, "key1=value1&key2=2.15&key3=true")
    }

    func testEveryPairReadsBackThroughURLComponents() throws {
        // given values with characters that are special in a query
        let dict: [String: Any] = ["text": "tea & biscuits", "sum": "1+1=2", "rate": "100%", "flag": false, "n": 7]
        // when the query is parsed the way a server does
        let query = try XCTUnwrap(dict.toQueryString())
        let items = try XCTUnwrap(URLComponents(string: "https://example.com/?" + query)?.queryItems)
        // then every value comes back whole
        let pairs = Dictionary(uniqueKeysWithValues: items.map { ($0.name, $0.value ?? "") })
        XCTAssertEqual(pairs, ["text": "tea & biscuits", "sum": "1+1=2", "rate": "100%", "flag": "false", "n": "7"])
    }

    func testNestedValuesUseBracketsAndSortedKeys() {
        let dict: [String: Any] = ["filter": ["vegan": true, "max": 9.5], "tags": ["green", "black"]]
        XCTAssertEqual(
            dict.toQueryString(),
            "filter%5Bmax%5D=9.5&filter%5Bvegan%5D=true&tags%5B%5D=green&tags%5B%5D=black"
        )
    }

    func testAnEmptyDictionaryHasNoQuery() {
        let dict: [String: Any] = [:]
        XCTAssertNil(dict.toQueryString())
    }
}
