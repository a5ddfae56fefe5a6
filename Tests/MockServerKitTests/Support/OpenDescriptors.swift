#if os(Linux)
    import Foundation
    import InternalServiceUtilities
    import MockServerKit

    /// What this process's file descriptors point at, read from `/proc/self/fd`.
    enum OpenDescriptors {
        /// The target of every open descriptor, such as `socket:[1234]` or `pipe:[99]`.
        static func targets() -> [String] {
            let folder = "/proc/self/fd"
            let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
            return names.compactMap { try? FileManager.default.destinationOfSymbolicLink(atPath: "\(folder)/\($0)") }
        }

        /// The targets (`socket:[inode]`) of TCP sockets whose local port is `port`: a server's
        /// listener and the connections it accepted.
        static func socketTargets(localPort port: UInt16) -> Set<String> {
            var found: Set<String> = []
            for table in ["/proc/net/tcp", "/proc/net/tcp6"] {
                // Read to the end: /proc files report size 0, and a one-shot read may stop at a page.
                guard let handle = FileHandle(forReadingAtPath: table) else { continue }
                let text = String(decoding: FileDescriptorIO.readAll(from: handle.fileDescriptor), as: UTF8.self)
                try? handle.close()
                for line in text.split(separator: "\n").dropFirst() {
                    let columns = line.split(separator: " ")
                    guard columns.count > 9, let local = columns[1].split(separator: ":").last,
                        UInt16(local, radix: 16) == port
                    else { continue }
                    found.insert("socket:[\(columns[9])]")
                }
            }
            return found
        }

        /// The targets of the descriptors a server owns: its listener, wake pipe and connections.
        static func owned(by server: MockServer) -> Set<String> {
            var targets = socketTargets(localPort: server.port).subtracting(["socket:[0]"])
            for descriptor in server.ownDescriptorsForTesting {
                if let target = try? FileManager.default.destinationOfSymbolicLink(
                    atPath: "/proc/self/fd/\(descriptor)")
                {
                    targets.insert(target)
                }
            }
            return targets
        }

        /// How many open descriptors of this process point at one of `targets`.
        static func count(of targets: Set<String>) -> Int {
            OpenDescriptors.targets().filter { targets.contains($0) }.count
        }
    }
#endif

#if os(Linux)
    import MockServerKit

    /// The sockets a server holds open: its listener and its connections.
    enum ServerSockets {
        /// How many of this process's descriptors are TCP sockets on the server's port.
        static func count(on server: MockServer) -> Int {
            OpenDescriptors.count(of: OpenDescriptors.socketTargets(localPort: server.port).subtracting(["socket:[0]"]))
        }

        /// Waits until the server holds `expected` sockets, which happens once it has seen its
        /// clients close (it learns that on its own thread); false if that has not happened within 20 s.
        static func settle(on server: MockServer, at expected: Int) async -> Bool {
            let deadline = ContinuousClock.now + .seconds(20)
            while ContinuousClock.now < deadline {
                if count(on: server) == expected { return true }
                try? await Task.sleep(for: .milliseconds(20))
            }
            return count(on: server) == expected
        }
    }
#endif
