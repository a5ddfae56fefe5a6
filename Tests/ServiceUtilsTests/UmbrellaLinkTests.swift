import Foundation
import ServiceUtilsTestSupport
import Testing

/// What an app that adds only the `ServiceUtils` product links, read from the symbols of
/// `umbrella-app` (built beside the tests).
@Suite("The umbrella links library code only")
struct UmbrellaLinkTests {
    @Test("an app with only import ServiceUtils has NetworkKit's symbols and none of MockServerKit or GroceryAPI")
    func linkedModules() throws {
        // Given the app's executable
        let app = try Data(contentsOf: BuiltProducts.executable("umbrella-app"))

        // When its symbol names are searched for each module's mangling prefix ($s, the module
        // name's length, the module name)
        func links(_ module: String) -> Bool {
            app.range(of: Data("$s\(module.utf8.count)\(module)".utf8)) != nil
        }

        // Then the library modules it uses are there, and the test support and the sample are not
        #expect(links("NetworkKit"))
        #expect(links("StringKit"))
        #expect(links("MoneyKit"))
        #expect(!links("MockServerKit"))
        #expect(!links("GroceryAPI"))
    }
}
