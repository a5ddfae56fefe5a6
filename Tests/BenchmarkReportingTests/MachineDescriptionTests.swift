import BenchmarkReporting
import Testing

@Suite("MachineDescription")
struct MachineDescriptionTests {
    @Test("the CPU model is the first model name in /proc/cpuinfo")
    func cpuModel() {
        // Given the text of /proc/cpuinfo on x86 and on an ARM board
        let x86 =
            "processor\t: 0\nvendor_id\t: AuthenticAMD\nmodel\t\t: 1\nmodel name\t: AMD EPYC 7B13\n\nprocessor\t: 1\nmodel name\t: other\n"
        let arm =
            "processor\t: 0\nBogoMIPS\t: 108.00\n\nHardware\t: BCM2835\nModel\t\t: Raspberry Pi 4 Model B Rev 1.4\n"
        // When the model is read
        // Then it is the first `model name`, or the board's `Model`
        #expect(MachineDescription.cpuModel(fromCPUInfo: x86) == "AMD EPYC 7B13")
        #expect(MachineDescription.cpuModel(fromCPUInfo: arm) == "Raspberry Pi 4 Model B Rev 1.4")
        #expect(MachineDescription.cpuModel(fromCPUInfo: "") == nil)
    }

    @Test("the memory is MemTotal in kB")
    func memory() {
        // Given the text of /proc/meminfo
        let text = "MemTotal:       24683584 kB\nMemFree:        22328048 kB\n"
        // When the total is read
        // Then it is the number of kB
        #expect(MachineDescription.memoryKilobytes(fromMemoryInfo: text) == 24_683_584)
        #expect(MachineDescription.memoryKilobytes(fromMemoryInfo: "MemFree: 1 kB") == nil)
    }

    @Test("the system is PRETTY_NAME, else NAME and VERSION, unquoted")
    func operatingSystem() {
        // Given os-release files with and without PRETTY_NAME
        let debian = "PRETTY_NAME=\"Debian GNU/Linux 12 (bookworm)\"\nNAME=\"Debian GNU/Linux\"\nVERSION_ID=\"12\"\n"
        let bare = "NAME='Tiny Linux'\nVERSION=3.1\n"
        // When the system is read
        // Then the pretty name wins, and name and version stand in for it
        #expect(MachineDescription.operatingSystem(fromOSRelease: debian) == "Debian GNU/Linux 12 (bookworm)")
        #expect(MachineDescription.operatingSystem(fromOSRelease: bare) == "Tiny Linux 3.1")
        #expect(MachineDescription.operatingSystem(fromOSRelease: "") == nil)
    }
}
