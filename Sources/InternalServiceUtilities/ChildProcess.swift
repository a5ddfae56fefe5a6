#if os(Linux) || os(macOS)
    package import Foundation

    #if canImport(Glibc)
        import Glibc
    #elseif canImport(Darwin)
        import Darwin
    #endif

    /// A program started with `posix_spawn`, and the ends of its standard streams this process keeps.
    ///
    /// Foundation's `Process` is not used: on Linux (swift-corelibs-foundation up to Swift 6.3.1)
    /// `Process.run()` lists `/proc/self/fd` to close inherited descriptors and copies each
    /// directory entry's whole 256-byte name field, reading past the end of the C library's buffer
    /// when an entry sits at its end; with many descriptors open and several threads starting
    /// programs, it crashed the test runner with SIGSEGV (fixed upstream after 6.3.1,
    /// swiftlang/swift-corelibs-foundation#5472). Spawning directly also lets every child start the
    /// way a shell would start it:
    /// - with no signal blocked, whichever thread starts it (Dispatch and Swift concurrency workers
    ///   block nearly all signals, and a child inherits its parent thread's mask);
    /// - with SIGPIPE at its default action, although this process ignores it;
    /// - with no descriptor of this process beyond its three standard streams, so a long-running child
    ///   never holds another child's pipe open.
    ///
    /// ```swift
    /// let child = try ChildProcess(URL(fileURLWithPath: "/bin/echo"), arguments: ["hi"], standardOutput: .pipe)
    /// let output = FileDescriptorIO.readAll(from: child.standardOutput!.fileDescriptor)
    /// let status = child.wait()
    /// ```
    package final class ChildProcess: @unchecked Sendable {
        // Safe: `pid` and the three handles are immutable after `init`; `reaped` and `waiting` are
        // read and written only while `condition` is locked.
        /// What a child's standard stream is connected to.
        package enum Stream: Sendable {
            /// `/dev/null`.
            case nullDevice
            /// This process's own stream of the same number.
            case inherit
            /// A new pipe, whose other end the child process keeps (`standardInput`, …).
            case pipe
            /// An open descriptor of this process (a file, say), which stays open here.
            case descriptor(Int32)
        }

        /// The child's process identifier.
        package let pid: pid_t
        /// The writing end of the child's standard input, when it is `.pipe`.
        package let standardInput: FileHandle?
        /// The reading end of the child's standard output, when it is `.pipe`.
        package let standardOutput: FileHandle?
        /// The reading end of the child's standard error, when it is `.pipe`.
        package let standardError: FileHandle?

        private let condition = NSCondition()
        private var reaped: Int32?
        private var waiting = false

        /// Starts `executable` with `arguments`.
        ///
        /// - Parameters:
        ///   - executable: The program's file URL (no `PATH` search; see `ProcessRunner.locate`).
        ///   - arguments: Its arguments, passed as they are (never through a shell).
        ///   - environment: Its environment; `nil` inherits this process's.
        ///   - standardInput: What its standard input reads from.
        ///   - standardOutput: Where its standard output goes.
        ///   - standardError: Where its standard error goes.
        /// - Throws: `ProcessLaunchError` when a pipe cannot be made or the program cannot be started
        ///   (not found, not executable…), with the system's reason.
        package init(
            _ executable: URL,
            arguments: [String],
            environment: [String: String]? = nil,
            standardInput: Stream = .nullDevice,
            standardOutput: Stream = .nullDevice,
            standardError: Stream = .nullDevice
        ) throws(ProcessLaunchError) {
            var opened: [Int32] = []
            defer { for descriptor in opened { close(descriptor) } }
            // Each stream: the descriptor the child gets, and the end this process keeps.
            func connect(_ stream: Stream, number: Int32) throws(ProcessLaunchError) -> (Int32?, FileHandle?) {
                switch stream {
                case .inherit:
                    return (nil, nil)
                case .descriptor(let descriptor):
                    return (try Self.aboveStandardStreams(descriptor, for: number, opened: &opened), nil)
                case .nullDevice:
                    let descriptor = open("/dev/null", (number == 0 ? O_RDONLY : O_WRONLY) | O_CLOEXEC)
                    guard descriptor >= 0 else { throw ProcessLaunchError(detail: "/dev/null: \(errnoText())") }
                    opened.append(descriptor)
                    return (try Self.aboveStandardStreams(descriptor, for: number, opened: &opened), nil)
                case .pipe:
                    guard let ends = FileDescriptorIO.closeOnExecPipe() else {
                        throw ProcessLaunchError(detail: "pipe: \(errnoText())")
                    }
                    let (childEnd, ownEnd) = number == 0 ? (ends.read, ends.write) : (ends.write, ends.read)
                    opened.append(childEnd)
                    let own = FileHandle(fileDescriptor: ownEnd, closeOnDealloc: true)
                    return (try Self.aboveStandardStreams(childEnd, for: number, opened: &opened), own)
                }
            }
            let input = try connect(standardInput, number: 0)
            let output = try connect(standardOutput, number: 1)
            let errors = try connect(standardError, number: 2)
            let environment = environment ?? ProcessInfo.processInfo.environment
            let spawned = Self.spawn(
                executable.path,
                arguments: [executable.path] + arguments,
                environment: environment.map { "\($0.key)=\($0.value)" },
                streams: [input.0, output.0, errors.0])
            switch spawned {
            case .started(let pid):
                self.pid = pid
                self.standardInput = input.1
                self.standardOutput = output.1
                self.standardError = errors.1
            case .failed(let code):
                throw ProcessLaunchError(detail: "\(executable.path): \(String(cString: strerror(code)))")
            }
        }

        /// `descriptor`, or a copy numbered 3 or more when it is one of 0 to 2 other than `number`:
        /// such a number (this process closed that stream) could be overwritten by the child's dup2
        /// of an earlier stream before its own.
        private static func aboveStandardStreams(_ descriptor: Int32, for number: Int32, opened: inout [Int32])
            throws(ProcessLaunchError) -> Int32
        {
            guard descriptor < 3, descriptor != number else { return descriptor }
            let moved = fcntl(descriptor, F_DUPFD_CLOEXEC, 3)
            guard moved >= 0 else { throw ProcessLaunchError(detail: "fcntl: \(errnoText())") }
            opened.append(moved)
            return moved
        }

        /// Whether the child has exited and been waited for.
        package var hasExited: Bool {
            condition.lock()
            defer { condition.unlock() }
            return reaped != nil
        }

        /// Sends `signal` to the child, unless it has already been waited for (its process identifier
        /// may then belong to another process).
        ///
        /// - Parameter signal: The signal, `SIGTERM` by default.
        package func send(_ signal: Int32 = SIGTERM) {
            condition.lock()
            defer { condition.unlock() }
            if reaped == nil { _ = kill(pid, signal) }
        }

        /// Asks the child to stop with SIGTERM, sends SIGKILL if it still runs after `grace` seconds,
        /// and returns its status once it has exited.
        @discardableResult
        package func stop(grace: Double = 2) -> Int32 {
            send(SIGTERM)
            DispatchQueue.global().asyncAfter(deadline: .now() + grace) { self.send(SIGKILL) }
            return wait()
        }

        /// Blocks until the child exits and returns its exit status, or 128 + the signal number when a
        /// signal ended it. Any number of threads may wait at once; all get the same status.
        @discardableResult
        package func wait() -> Int32 {
            condition.lock()
            while waiting { condition.wait() }
            if let reaped {
                condition.unlock()
                return reaped
            }
            waiting = true
            condition.unlock()
            // Wait without reaping, so that until `reaped` is set under the lock the identifier
            // still names this child and `send(_:)` cannot reach another process.
            var info = siginfo_t()
            while waitid(P_PID, id_t(pid), &info, WEXITED | WNOWAIT) != 0 && errno == EINTR {}
            condition.lock()
            var raw: Int32 = 0
            var status: Int32 = 255
            while true {
                let result = waitpid(pid, &raw, 0)
                if result == pid {
                    // The wait-status layout shared by Linux and Darwin: the low seven bits are the
                    // terminating signal (0 for a normal exit), the next byte the exit code.
                    let signal = raw & 0x7F
                    status = signal == 0 ? (raw >> 8) & 0xFF : 128 + signal
                    break
                }
                if result == -1 && errno == EINTR { continue }
                break
            }
            reaped = status
            waiting = false
            condition.broadcast()
            condition.unlock()
            return status
        }

        /// What `spawn` did: the child's identifier, or the error number that stopped it.
        private enum SpawnOutcome {
            case started(pid_t)
            case failed(Int32)
        }

        /// Calls `posix_spawn` with the streams in place (`nil`: inherited), every other descriptor closed, no signal
        /// blocked and SIGPIPE at its default action; returns the child's identifier or the error.
        private static func spawn(
            _ path: String,
            arguments: [String],
            environment: [String],
            streams: [Int32?]
        ) -> SpawnOutcome {
            #if canImport(Darwin)
                var actions: posix_spawn_file_actions_t? = nil
                var attributes: posix_spawnattr_t? = nil
            #else
                var actions = posix_spawn_file_actions_t()
                var attributes = posix_spawnattr_t()
            #endif
            // These return their error rather than set errno.
            let initialized = posix_spawn_file_actions_init(&actions)
            guard initialized == 0 else { return .failed(initialized) }
            defer { posix_spawn_file_actions_destroy(&actions) }
            let prepared = posix_spawnattr_init(&attributes)
            guard prepared == 0 else { return .failed(prepared) }
            defer { posix_spawnattr_destroy(&attributes) }

            // A descriptor duplicated onto itself (a pipe end that got number 0 to 2 because this
            // process had closed that stream) loses its close-on-exec flag that way too.
            for (number, descriptor) in streams.enumerated() {
                guard let descriptor else {
                    #if canImport(Darwin)
                        // POSIX_SPAWN_CLOEXEC_DEFAULT would close an inherited stream too.
                        let result = posix_spawn_file_actions_addinherit_np(&actions, Int32(number))
                        guard result == 0 else { return .failed(result) }
                    #endif
                    continue
                }
                let result = posix_spawn_file_actions_adddup2(&actions, descriptor, Int32(number))
                guard result == 0 else { return .failed(result) }
            }
            var flags = Int32(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF)
            #if canImport(Darwin)
                // Darwin closes every descriptor the file actions did not set up.
                flags |= Int32(POSIX_SPAWN_CLOEXEC_DEFAULT)
            #else
                let result = addCloseFrom(3, to: &actions)
                guard result == 0 else { return .failed(result) }
            #endif
            var noSignals = sigset_t()
            sigemptyset(&noSignals)
            var defaultSignals = sigset_t()
            sigemptyset(&defaultSignals)
            sigaddset(&defaultSignals, SIGPIPE)
            posix_spawnattr_setsigmask(&attributes, &noSignals)
            posix_spawnattr_setsigdefault(&attributes, &defaultSignals)
            posix_spawnattr_setflags(&attributes, Int16(flags))

            let argv = arguments.map { strdup($0) } + [nil]
            let envp = environment.map { strdup($0) } + [nil]
            defer {
                for pointer in argv + envp { free(pointer) }
            }
            var pid = pid_t()
            let code = posix_spawn(&pid, path, &actions, &attributes, argv, envp)
            return code == 0 ? .started(pid) : .failed(code)
        }

        #if !canImport(Darwin)
            /// The C library's `posix_spawn_file_actions_addclosefrom_np` (glibc 2.34 and later), looked
            /// up once.
            private static let closeFrom = CLibrary.function(
                "posix_spawn_file_actions_addclosefrom_np",
                as: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32).self)

            /// Adds the closing of every descriptor from `first` up: in one action where the C library
            /// has one, otherwise one action per descriptor open now, read from `/proc/self/fd` (an
            /// entry's name read up to its terminating zero, never as the whole 256-byte field).
            private static func addCloseFrom(
                _ first: Int32, to actions: inout posix_spawn_file_actions_t
            ) -> Int32 {
                if let closeFrom { return closeFrom(&actions, first) }
                guard let directory = opendir("/proc/self/fd") else { return 0 }
                defer { closedir(directory) }
                let nameOffset = MemoryLayout<dirent>.offset(of: \dirent.d_name) ?? 19
                var descriptors: [Int32] = []
                while let entry = readdir(directory) {
                    let name = String(
                        cString: (UnsafeRawPointer(entry) + nameOffset).assumingMemoryBound(to: CChar.self))
                    if let descriptor = Int32(name), descriptor >= first, descriptor != dirfd(directory) {
                        descriptors.append(descriptor)
                    }
                }
                for descriptor in descriptors {
                    let result = posix_spawn_file_actions_addclose(&actions, descriptor)
                    if result != 0 { return result }
                }
                return 0
            }
        #endif
    }

    /// The text of the current `errno`.
    private func errnoText() -> String {
        String(cString: strerror(errno))
    }
#endif
