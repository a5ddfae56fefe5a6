import FuzzSupport

@testable import PlatformKit

/// PlatformKit's reading of freedesktop.org desktop entries (found in folders other programs and
/// users write): the `Exec` line of the `[Desktop Entry]` group, split into arguments.
///
/// Raw: any file; whatever `Exec` it finds must split into a non-empty argument list or nil. Built:
/// arguments the input chooses, quoted and escaped as the Desktop Entry Specification says
/// (`"`, `` ` ``, `$` and `\` escaped inside double quotes, `%` doubled), put in an entry among other
/// groups and keys: reading it back must give exactly those arguments.
@main
enum DesktopEntryFuzzer {
    static func main() {
        runFuzzer { data, size in
            var input = FuzzInput(data, size)
            DesktopEntryFuzzer.fuzz(&input)
            return 0
        }
    }

    /// One input.
    static func fuzz(_ input: inout FuzzInput) {
        if input.flag() { checkBuilt(&input) } else { checkRaw(input.restText()) }
    }

    static func checkRaw(_ text: String) {
        guard let exec = DesktopEntry.execLine(inEntry: text) else { return }
        invariant(!exec.contains("\n"), "an Exec value spanning lines")
        if let arguments = DesktopEntry.arguments(fromExec: exec) {
            invariant(!arguments.isEmpty, "an empty argument list instead of nil")
        }
    }

    static func checkBuilt(_ input: inout FuzzInput) {
        let arguments = (0..<(1 + input.choice(4))).map { _ in input.text(upTo: 24) }.filter { !$0.isEmpty }
        guard !arguments.isEmpty, !arguments.contains(where: { $0.unicodeScalars.contains("\n") }) else { return }
        let exec = arguments.map(quoted).joined(separator: " ") + (input.flag() ? " %U" : "")
        var lines = ["[Desktop Entry]", "Name=Settings", "Exec=" + exec, "Type=Application"]
        if input.flag() { lines.insert(contentsOf: ["[Other Group]", "Exec=other"], at: 0) }
        if input.flag() { lines.append(contentsOf: ["[Desktop Action New]", "Exec=new-window"]) }
        let text = lines.joined(separator: "\n") + "\n"
        let found = DesktopEntry.execLine(inEntry: text)
        invariant(found == exec, "found Exec \(String(describing: found)), wrote \(exec)")
        let read = DesktopEntry.arguments(fromExec: exec)
        invariant(read == arguments, "read \(String(describing: read)) from \(exec), wrote \(arguments)")
    }

    /// One argument in double quotes, with the specification's escapes.
    static func quoted(_ argument: String) -> String {
        var output = String.UnicodeScalarView()
        output.append("\"")
        for scalar in argument.unicodeScalars {
            if "\"`$\\".unicodeScalars.contains(scalar) { output.append("\\") }
            if scalar == "%" { output.append("%") }
            output.append(scalar)
        }
        output.append("\"")
        return String(output)
    }
}
