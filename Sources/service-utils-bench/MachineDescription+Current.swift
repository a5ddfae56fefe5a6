// A Linux and macOS tool: it starts programs and reads /proc, which iOS, tvOS and watchOS lack.
#if os(Linux) || os(macOS)
    import BenchmarkReporting
    import Foundation
    import InternalServiceUtilities

    extension MachineDescription {
        /// This machine, the toolchain on `PATH`, the current directory's git commit and `commandLine`,
        /// at `date`. Linux answers from `/proc/cpuinfo`, `/proc/meminfo` and `/etc/os-release`, macOS
        /// from `sysctl` and `sw_vers`; whatever cannot be read is reported as unknown.
        static func current(commandLine: String, date: Date = Date()) -> MachineDescription {
            let info = ProcessInfo.processInfo
            #if os(Linux)
                let cpu = PseudoFile.read("/proc/cpuinfo").flatMap(cpuModel(fromCPUInfo:))
                let memory = PseudoFile.read("/proc/meminfo").flatMap(memoryKilobytes(fromMemoryInfo:))
                let system = PseudoFile.read("/etc/os-release").flatMap(operatingSystem(fromOSRelease:))
            #else
                let cpu = output(of: "sysctl", ["-n", "machdep.cpu.brand_string"])
                let memory: Int? = nil
                let system = [output(of: "sw_vers", ["-productName"]), output(of: "sw_vers", ["-productVersion"])]
                    .compactMap { $0 }.joined(separator: " ")
            #endif
            let kernel = output(of: "uname", ["-sr"])
            let status = output(of: "git", ["status", "--porcelain"])
            return MachineDescription(
                cpuModel: nonEmpty(cpu) ?? "unknown", cores: info.activeProcessorCount,
                memoryKilobytes: memory ?? Int(info.physicalMemory / 1024),
                operatingSystem: nonEmpty(system) ?? info.operatingSystemVersionString,
                kernel: nonEmpty(kernel), toolchain: toolchain(), date: date,
                commit: nonEmpty(output(of: "git", ["rev-parse", "HEAD"])),
                hasUncommittedChanges: status.map { !$0.isEmpty }, commandLine: commandLine)
        }

        /// `swift --version`'s lines joined, or the version of the compiler that built the bench.
        private static func toolchain() -> String {
            if let version = nonEmpty(output(of: "swift", ["--version"])) {
                return version.split(whereSeparator: \.isNewline).joined(separator: "; ")
            }
            #if compiler(>=6.3)
                return "built by a Swift 6.3 (or later) compiler"
            #elseif compiler(>=6.2)
                return "built by a Swift 6.2 compiler"
            #elseif compiler(>=6.1)
                return "built by a Swift 6.1 compiler"
            #else
                return "built by a Swift 6.0 compiler"
            #endif
        }

        /// The trimmed standard output of `program` run with `arguments`, or nil when it is not
        /// installed or fails.
        private static func output(of program: String, _ arguments: [String]) -> String? {
            guard let data = try? HelperProcess.run(program, arguments) else { return nil }
            return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        }

        /// `text`, or nil when it is nil or empty.
        private static func nonEmpty(_ text: String?) -> String? {
            text?.isEmpty == false ? text : nil
        }
    }
#endif
