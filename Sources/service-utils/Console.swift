// A Linux and macOS tool: it starts programs and reads /proc, which iOS, tvOS and watchOS lack.
#if os(Linux) || os(macOS)
    import Foundation
    import InternalServiceUtilities

    #if canImport(Glibc)
        import Glibc
    #elseif canImport(Darwin)
        import Darwin
    #endif

    /// Where commands write: standard output and standard error, and where they read standard input.
    struct Console: Sendable {
        /// Writes `text` and a newline to standard output.
        func print(_ text: String = "") {
            write(text + "\n", to: FileHandle.standardOutput)
        }

        /// Writes `text` and a newline to standard error.
        func error(_ text: String) {
            write(text + "\n", to: FileHandle.standardError)
        }

        /// Writes `text` to standard error as it is, without a newline (a progress bar redrawn with `\r`).
        func errorText(_ text: String) {
            write(text, to: FileHandle.standardError)
        }

        /// Whether standard error is a terminal (progress bars there, plain lines otherwise).
        var errorIsTerminal: Bool {
            isatty(FileHandle.standardError.fileDescriptor) == 1
        }

        /// Writes raw bytes to standard output.
        func writeData(_ data: Data) {
            FileDescriptorIO.writeAll(data, to: FileHandle.standardOutput.fileDescriptor)
        }

        /// Reads all of standard input.
        func readAllInput() -> Data {
            FileDescriptorIO.readAll(from: FileHandle.standardInput.fileDescriptor)
        }

        /// Reads one line from standard input, without its line break; nil at end of input.
        func readLine() -> String? {
            Swift.readLine(strippingNewline: true)
        }

        private func write(_ text: String, to handle: FileHandle) {
            FileDescriptorIO.writeAll(Data(text.utf8), to: handle.fileDescriptor)
        }
    }
#endif
