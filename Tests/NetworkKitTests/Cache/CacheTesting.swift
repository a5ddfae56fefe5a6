import Foundation
import InternalServiceUtilities

@testable import NetworkKit

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Shared values and builders of the HTTP cache tests: a fixed clock, requests and responses.
enum CacheTesting {
    /// The instant every test starts at.
    static let now = Date(timeIntervalSince1970: 1_700_000_000)

    /// `now` plus `seconds`.
    static func at(_ seconds: Double) -> Date { now.addingTimeInterval(seconds) }

    /// The HTTP date of `now` plus `seconds`.
    static func httpDate(_ seconds: Double = 0) -> String {
        HTTPDate.string(from: at(seconds)) ?? ""
    }

    /// A request for `url` with `method`, `fields` and `policy`.
    static func request(
        _ url: String = "https://example.com/resource", method: String = "GET", _ fields: [(String, String)] = [],
        policy: URLRequest.CachePolicy = .useProtocolCachePolicy
    ) -> URLRequest {
        var request = URLRequest(url: URL(string: url) ?? URL(fileURLWithPath: "/invalid"), cachePolicy: policy)
        request.httpMethod = method
        for (name, value) in fields { request.addValue(value, forHTTPHeaderField: name) }
        return request
    }

    /// A request for the default URL with `fields`.
    static func request(
        _ fields: [(String, String)], method: String = "GET", policy: URLRequest.CachePolicy = .useProtocolCachePolicy
    ) -> URLRequest {
        request("https://example.com/resource", method: method, fields, policy: policy)
    }

    /// Header fields from pairs, in order.
    static func headers(_ pairs: [(String, String)]) -> HTTPHeaders {
        HTTPHeaders(pairs.map { HTTPHeader(name: $0.0, value: $0.1) })
    }

    /// A cache in memory of 10 MB.
    static func memoryCache(maximumBytes: Int = 10_000_000) -> HTTPCache {
        HTTPCache(maximumBytes: maximumBytes)
    }

    /// Stores a response to `request` that was sent at `requestTime` (default `now`) and arrived at
    /// `responseTime` (default the request time), with a `Date` of the arrival unless `fields` has one.
    static func store(
        _ cache: HTTPCache, _ request: URLRequest, status: Int = 200, _ fields: [(String, String)],
        body: String = "content", requestTime: Date = now, responseTime: Date? = nil
    ) {
        let arrival = responseTime ?? requestTime
        var all = fields
        if !fields.contains(where: { $0.0.lowercased() == "date" }) {
            all.append(("Date", HTTPDate.string(from: arrival) ?? ""))
        }
        cache.store(
            request: request, status: status, headers: headers(all), body: Data(body.utf8),
            requestTime: requestTime, responseTime: arrival)
    }

    /// A stored response made directly, for the pure functions.
    static func entry(
        status: Int = 200, _ fields: [(String, String)], body: String = "content", requestTime: Date = now,
        responseTime: Date = now, vary: [CachedEntry.VaryValue] = []
    ) -> CachedEntry {
        CachedEntry(
            varyValues: vary, status: status, headers: headers(fields), body: Data(body.utf8),
            requestTime: requestTime, responseTime: responseTime)
    }

    /// A fresh temporary directory for one test.
    static func temporaryDirectory() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("http-cache-tests-\(UUID().uuidString)")
    }
}

extension CacheLookup {
    /// The response a `.fresh` or `.stale` decision serves, or nil.
    var response: CachedResponse? {
        switch self {
        case .fresh(let response), .stale(let response, _): response
        default: nil
        }
    }

    /// Whether the decision is `.fresh`.
    var isFresh: Bool {
        if case .fresh = self { return true }
        return false
    }

    /// The preconditions of a `.validate` decision, or nil.
    var conditionalHeaders: HTTPHeaders? {
        if case .validate(let validation) = self { return validation.conditionalHeaders }
        return nil
    }
}
