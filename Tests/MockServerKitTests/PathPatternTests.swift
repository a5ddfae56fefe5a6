import MockServerKit
import Testing

@Suite("PathPattern")
struct PathPatternTests {
    @Test("a colon or brace segment captures one decoded segment")
    func capturesParameters() {
        // Given patterns in both spellings
        let colon = PathPattern("/category/:id")
        let braces = PathPattern("category/{id}/items/:item")

        // When paths are matched
        let first = colon.match("/category/7")
        let second = braces.match("/category/fruit%20and%20veg/items/a%2Fb")

        // Then the parameters are captured and percent-decoded
        #expect(first == ["id": "7"])
        #expect(second == ["id": "fruit and veg", "item": "a/b"])
    }

    @Test("literal segments must match and segment counts must agree")
    func rejectsOtherPaths() {
        // Given a pattern with one parameter
        let pattern = PathPattern("/category/:id")

        // When other paths are matched, Then none match
        #expect(pattern.match("/categories/7") == nil)
        #expect(pattern.match("/category") == nil)
        #expect(pattern.match("/category/7/extra") == nil)
        // and leading or trailing slashes do not matter
        #expect(pattern.match("category/7/") == ["id": "7"])
    }

    @Test("a final star matches the rest of the path")
    func starMatchesRest() {
        // Given a wildcard pattern
        let pattern = PathPattern("/files/*")

        // When deep and shallow paths are matched
        let deep = pattern.match("/files/a/b/c.txt")
        let shallow = pattern.match("/files")

        // Then the rest is captured under "*"
        #expect(deep == ["*": "a/b/c.txt"])
        #expect(shallow == ["*": ""])
        #expect(pattern.match("/other/a") == nil)
    }

    @Test("an all-literal pattern matches paths by their segments, slashes and escapes included")
    func literalPatterns() {
        // Given patterns made only of literal segments
        let item = PathPattern("/item")
        let nested = PathPattern("api/v1/items/")
        let doubled = PathPattern("/a//b")

        // When paths that differ in slashes, case, escapes or characters beyond ASCII are matched,
        // Then only one slash at each end is ignored, escapes are decoded and case counts
        #expect(item.match("/item") == [:])
        #expect(item.match("item") == [:])
        #expect(item.match("/item/") == [:])
        #expect(item.match("/it%65m") == [:])
        #expect(item.match("//item") == nil)
        #expect(item.match("/item//") == nil)
        #expect(item.match("/ITEM") == nil)
        #expect(item.match("/") == nil)
        #expect(item.match("") == nil)
        #expect(item.match("/item/x") == nil)
        #expect(item.match("/itém") == nil)
        #expect(nested.match("/api/v1/items") == [:])
        #expect(nested.match("/api/v1%2Fitems") == nil)
        #expect(nested.match("/api/v1") == nil)
        #expect(doubled.match("/a//b") == [:])
        #expect(doubled.match("/a/b") == nil)
        #expect(PathPattern("/caf%C3%A9").match("/café") == [:])
        #expect(PathPattern("/").match("//") == nil)
        #expect(PathPattern("/").match("/") == [:])
    }
}
