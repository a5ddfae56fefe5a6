import Foundation
import FuzzSupport

@testable import GeoKit

/// GeoKit's reading of OSRM route answers, with any body and any HTTP status, as a server (or
/// something pretending to be one) sends them.
///
/// Raw: any body. Built: a JSON object whose `code`, `message` and `routes` (with distances in any
/// JSON number form) the input chooses. The answer must be a distance that is finite and not
/// negative, nil for OSRM's "no route" codes, or a `routeFailed` error; "Ok" with a valid first
/// distance must give exactly that distance.
@main
enum OSRMResponseFuzzer {
    static let codes = ["Ok", "NoRoute", "NoSegment", "NoMatch", "InvalidQuery", "TooBig", "ok", ""]
    static let numbers = ["0", "-0", "1234.5", "-1", "1e308", "1e400", "-1e-400", "0.0000001", "12345678901234567890"]
    static let statuses = [200, 204, 299, 300, 400, 404, 429, 500, 502]

    static func main() {
        runFuzzer { data, size in
            var input = FuzzInput(data, size)
            OSRMResponseFuzzer.fuzz(&input)
            return 0
        }
    }

    /// One input.
    static func fuzz(_ input: inout FuzzInput) {
        let status = input.flag() ? input.pick(statuses) : Int(input.byte()) * 3
        if input.flag() {
            let (body, expected) = built(&input)
            check(Data(body.utf8), status: status, expected: expected)
        } else {
            check(Data(input.rest()), status: status, expected: nil)
        }
    }

    /// A body and, when it is a well-formed Ok answer with a valid first distance, that distance.
    static func built(_ input: inout FuzzInput) -> (String, Double?) {
        var fields: [String] = []
        let code = input.flag() ? input.pick(codes) : input.text(upTo: 10)
        if input.choice(4) != 0 { fields.append("\"code\":\(quoted(code))") }
        if input.flag() { fields.append("\"message\":\(quoted(input.text(upTo: 30)))") }
        var first: String?
        if input.choice(4) != 0 {
            let routes = (0..<input.choice(3)).map { _ in
                let distance =
                    input.flag()
                    ? input.pick(numbers)
                    : String(Int(Int16(bitPattern: UInt16(input.byte()) << 8 | UInt16(input.byte()))))
                return input.flag() ? "{\"distance\":\(distance),\"duration\":1}" : "{\"duration\":1}"
            }
            first = routes.first
            fields.append("\"routes\":[" + routes.joined(separator: ",") + "]")
        }
        let body = "{" + fields.joined(separator: ",") + "}"
        // Foundation refuses a document with a number it cannot represent (such as 1e-400) anywhere.
        guard fields.first == "\"code\":\"Ok\"", first != nil,
            let routes = try? JSONDecoder().decode(Routes.self, from: Data(body.utf8)).routes,
            let distance = routes.first?.distance, distance.isFinite, distance >= 0
        else { return (body, nil) }
        return (body, distance)
    }

    /// The part of an answer this harness predicts from.
    struct Routes: Decodable {
        struct Route: Decodable {
            var distance: Double?
        }
        var routes: [Route]
    }

    static func quoted(_ text: String) -> String {
        let data = (try? JSONEncoder().encode(text)) ?? Data("\"\"".utf8)
        return String(decoding: data, as: UTF8.self)
    }

    static func check(_ body: Data, status: Int, expected: Double?) {
        do {
            let distance = try OSRMRouteProvider.parseRouteResponse(body, status: status)
            if let distance { invariant(distance.isFinite && distance >= 0, "distance \(distance)") }
            if let expected {
                invariant(distance == expected, "read \(String(describing: distance)), sent \(expected)")
            }
        } catch {
            invariant(expected == nil, "a valid Ok answer failed: \(error)")
            guard case .routeFailed(let reason) = error else {
                invariant(false, "threw \(error), not routeFailed")
                return
            }
            if case .network = reason { invariant(false, "a body read as a network failure") }
        }
    }
}
