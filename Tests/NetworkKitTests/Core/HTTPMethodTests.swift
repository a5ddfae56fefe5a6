import NetworkKit
import Testing

@Suite("HTTPMethod")
struct HTTPMethodTests {
    @Test("idempotence and parameter placement follow RFC 9110 and Alamofire")
    func semantics() {
        // Then GET, PUT and DELETE are idempotent, POST and PATCH are not
        #expect(HTTPMethod.get.isIdempotent && HTTPMethod.put.isIdempotent && HTTPMethod.delete.isIdempotent)
        #expect(!HTTPMethod.post.isIdempotent && !HTTPMethod.patch.isIdempotent)
        // And only GET, HEAD and DELETE put parameters in the URL
        #expect([HTTPMethod.get, .head, .delete].allSatisfy { $0.encodesParametersInURL })
        #expect(![HTTPMethod.post, .put, .patch].contains { $0.encodesParametersInURL })
        // And custom methods keep their token
        #expect(HTTPMethod(rawValue: "PURGE").description == "PURGE")
    }
}
