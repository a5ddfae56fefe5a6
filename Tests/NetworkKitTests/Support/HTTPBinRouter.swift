import Foundation
import NetworkKit
import ServiceUtilsTestSupport

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// An endpoint of the httpbin fixture that `scripts/test` starts (`SU_HTTPBIN_URL`).
struct HTTPBinRouter: HTTPRouter {
    let baseURL: URL?
    var path: String
    var method: HTTPMethod = .get
    var headers: HTTPHeaders? = nil
    var makeParameters: @Sendable () -> Parameters? = { nil }
    var encoding: any ParameterEncoding = URLEncoding.default
    var makeBody: @Sendable () throws -> Data? = { nil }
    var timeout: TimeInterval? = nil

    /// An endpoint at `path` of the running httpbin.
    init(_ path: String, method: HTTPMethod = .get) throws {
        baseURL = try Fixture.url("SU_HTTPBIN_URL")
        self.path = path
        self.method = method
    }

    var parameters: Parameters? { makeParameters() }
    var parameterEncoding: any ParameterEncoding { encoding }
    func body() throws -> Data? { try makeBody() }
}

/// The parts of httpbin's echo that tests compare.
struct HTTPBinEcho: Decodable, Sendable {
    var args: [String: StringOrList]?
    var form: [String: String]?
    var files: [String: String]?
    var headers: [String: String]?
    var json: [String: JSONValue]?
    var url: String?
    var gzipped: Bool?
    var deflated: Bool?
    var authenticated: Bool?
    var token: String?
    var cookies: [String: String]?
}

/// httpbin's `args` values: one string, or a list for a repeated key.
enum StringOrList: Decodable, Equatable, Sendable {
    case one(String)
    case many([String])

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let text = try? container.decode(String.self) {
            self = .one(text)
        } else {
            self = .many(try container.decode([String].self))
        }
    }
}

/// A JSON value, to compare echoed bodies field by field.
enum JSONValue: Decodable, Equatable, Sendable {
    case string(String)
    case number(Double)
    case bool(Bool)
    case null
    case array([JSONValue])
    case object([String: JSONValue])

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([JSONValue].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: JSONValue].self))
        }
    }
}

/// Records every attempt the client starts and finishes.
final class AttemptRecorder: EventMonitor {
    private let started = LockedCount()

    var count: Int { started.value }

    func requestWillStart(_ request: URLRequest, attempt: Int) {
        started.increment()
    }
}

/// A counter safe to bump from many tasks.
final class LockedCount: Sendable {
    private let state = LockedBox(0)

    var value: Int { state.read() }

    func increment() {
        state.update { $0 += 1 }
    }
}
