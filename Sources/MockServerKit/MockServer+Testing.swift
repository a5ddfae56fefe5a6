extension MockServer {
    /// The descriptors the server opened for itself (the wake pipe's two ends), so a test can
    /// check that ``stop()`` closed them.
    package var ownDescriptorsForTesting: [Int32] {
        [core.wakePipe.readEnd, core.wakePipe.writeEnd]
    }
}
