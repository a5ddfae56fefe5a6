package import Foundation

/// The machine, toolchain and source a report's figures come from, and the command that made them.
package struct MachineDescription: Sendable {
    /// The processor's model name, such as `AMD EPYC 7B13`.
    package var cpuModel: String
    /// The logical processors the bench can use.
    package var cores: Int
    /// The physical memory in kB.
    package var memoryKilobytes: Int?
    /// The operating system's name and version, such as `Debian GNU/Linux 12 (bookworm)`.
    package var operatingSystem: String
    /// The kernel, such as `Linux 6.1.0-18-amd64`, where it says more than the system's name.
    package var kernel: String?
    /// The Swift toolchain's own description (`swift --version`), or the compiler version the bench
    /// was built with.
    package var toolchain: String
    /// When the run started.
    package var date: Date
    /// The commit checked out (`git rev-parse HEAD`), or nil outside a git work tree.
    package var commit: String?
    /// Whether the work tree had changes not committed; nil when unknown.
    package var hasUncommittedChanges: Bool?
    /// The command line that ran the bench.
    package var commandLine: String

    /// A description of the given values.
    package init(
        cpuModel: String, cores: Int, memoryKilobytes: Int?, operatingSystem: String, kernel: String? = nil,
        toolchain: String, date: Date, commit: String?, hasUncommittedChanges: Bool?, commandLine: String
    ) {
        self.cpuModel = cpuModel
        self.cores = cores
        self.memoryKilobytes = memoryKilobytes
        self.operatingSystem = operatingSystem
        self.kernel = kernel
        self.toolchain = toolchain
        self.date = date
        self.commit = commit
        self.hasUncommittedChanges = hasUncommittedChanges
        self.commandLine = commandLine
    }

    // MARK: - Reading Linux's descriptions

    /// The first `model name` (x86, most others) or `Model`/`Hardware` (some ARM boards) in the text
    /// of `/proc/cpuinfo`.
    package static func cpuModel(fromCPUInfo text: String) -> String? {
        for key in ["model name", "Model", "Hardware", "cpu model"] {
            if let value = field(key, in: text, separator: ":"), !value.isEmpty { return value }
        }
        return nil
    }

    /// `MemTotal` in kB from the text of `/proc/meminfo`.
    package static func memoryKilobytes(fromMemoryInfo text: String) -> Int? {
        field("MemTotal", in: text, separator: ":")
            .flatMap { $0.split(separator: " ").first }
            .flatMap { Int($0) }
    }

    /// `PRETTY_NAME`, else `NAME` and `VERSION`, from the text of `/etc/os-release`, unquoted.
    package static func operatingSystem(fromOSRelease text: String) -> String? {
        if let pretty = field("PRETTY_NAME", in: text, separator: "="), !pretty.isEmpty { return unquoted(pretty) }
        guard let name = field("NAME", in: text, separator: "=") else { return nil }
        let version = field("VERSION", in: text, separator: "=").map { " " + unquoted($0) } ?? ""
        return unquoted(name) + version
    }

    /// The value after the first `key` + `separator` line of `text`, trimmed.
    private static func field(_ key: String, in text: String, separator: Character) -> String? {
        for line in text.split(whereSeparator: \.isNewline) {
            guard let split = line.firstIndex(of: separator) else { continue }
            let name = line[..<split].trimmingCharacters(in: .whitespaces)
            if name == key { return line[line.index(after: split)...].trimmingCharacters(in: .whitespaces) }
        }
        return nil
    }

    /// `value` without the double or single quotes os-release allows around it.
    private static func unquoted(_ value: String) -> String {
        guard value.count >= 2, let first = value.first, first == value.last, first == "\"" || first == "'" else {
            return value
        }
        return String(value.dropFirst().dropLast())
    }
}
