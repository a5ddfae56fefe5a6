import Foundation

extension ArchiveReplay {
    /// How many recorded requests a miss lists.
    static let closestCount = 3

    /// A 404 whose JSON body names the request and the closest recorded ones, with how each differs.
    func miss(_ request: MockRequest, key: Key, authority: String) -> MockResponse {
        var ranked: [(recorded: Recorded, differences: Differences)] = entries.map { recorded in
            (recorded, Self.differences(recorded, key: key, authority: authority, hosts: authorities))
        }
        ranked.sort { left, right in
            if left.differences.weight != right.differences.weight {
                return left.differences.weight < right.differences.weight
            }
            return left.recorded.index < right.recorded.index
        }
        let closest: [Closest] = ranked.prefix(Self.closestCount).map { pair in
            Closest(
                entry: pair.recorded.index, method: pair.recorded.method, url: pair.recorded.url,
                differs: pair.differences.names)
        }
        let body = Miss(
            error: "No recorded request matches \(request.method) \(request.target)", method: request.method.rawValue,
            target: request.target, closest: closest)
        let encoder = MockResponse.defaultEncoder()
        let data = (try? encoder.encode(body)) ?? Data("{}".utf8)
        return .json(data: data, status: 404)
    }

    private struct Miss: Encodable {
        let error: String
        let method: String
        let target: String
        let closest: [Closest]
    }

    private struct Closest: Encodable {
        let entry: Int
        let method: String
        let url: String
        /// What differs: `method`, `host`, `path`, `query`, `body`, `websocket` (one is a WebSocket
        /// upgrade, the other not).
        let differs: [String]
    }

    private struct Differences {
        var names: [String] = []
        var weight = 0
    }

    private static func differences(_ recorded: Recorded, key: Key, authority: String, hosts: Set<String>)
        -> Differences
    {
        var result = Differences()
        if recorded.key.path != key.path {
            result.names.append("path")
            let left = recorded.key.path.split(separator: "/")
            let right = key.path.split(separator: "/")
            let shared = zip(left, right).prefix { $0 == $1 }.count
            result.weight += 8 + max(left.count, right.count) - shared
        }
        if recorded.key.method != key.method {
            result.names.append("method")
            result.weight += 4
        }
        if recorded.key.upgrade != key.upgrade {
            result.names.append("websocket")
            result.weight += 4
        }
        if recorded.key.query != key.query {
            result.names.append("query")
            result.weight += 2
        }
        if recorded.key.body != key.body {
            result.names.append("body")
            result.weight += 1
        }
        if hosts.contains(authority), recorded.authority != authority {
            result.names.append("host")
            result.weight += 16
        }
        return result
    }
}
