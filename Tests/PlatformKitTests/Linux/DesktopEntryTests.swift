import Testing

@testable import PlatformKit

/// Inputs the `desktop-entry` fuzz target found (see `Fuzzing/`), kept as regression tests.
@Suite("DesktopEntry on inputs found by fuzzing")
struct DesktopEntryTests {
    @Test("a quote followed by a combining mark still opens and closes a quoted argument")
    func quoteBeforeCombiningMark() {
        // Given the Exec value the fuzzer wrote for the arguments "��" and "\u{034B}'�": the second
        // argument starts with a combining mark, which as a Character merges with the quote before it
        let exec = "\"\u{FFFD}\u{FFFD}\" \"\u{034B}'\u{FFFD}\""

        // When splitting it
        let arguments = DesktopEntry.arguments(fromExec: exec)

        // Then both quoted arguments come back as written
        #expect(arguments == ["\u{FFFD}\u{FFFD}", "\u{034B}'\u{FFFD}"])
    }

    @Test("a backslash or percent sign followed by a combining mark keeps its meaning")
    func escapesBeforeCombiningMarks() {
        // Given an escaped quote and a doubled percent sign, each followed by a combining mark
        let exec = "run \"a\\\"\u{0301}\" 5%%\u{0301} %f"

        // When splitting it
        let arguments = DesktopEntry.arguments(fromExec: exec)

        // Then the escapes are applied scalar by scalar, and the field code is dropped
        #expect(arguments == ["run", "a\"\u{0301}", "5%\u{0301}"])
    }

    @Test("an Exec value that starts with a combining mark is still found")
    func execValueStartingWithCombiningMark() {
        // Given an entry whose Exec value begins with U+0301, which would merge with "=" as a Character
        let entry = "[Desktop Entry]\nName=S\nExec=\u{0301}settings --a\n"

        // When reading its Exec line
        let exec = DesktopEntry.execLine(inEntry: entry)

        // Then the whole value is returned
        #expect(exec == "\u{0301}settings --a")
    }
}
