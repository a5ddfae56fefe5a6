extension Array where Element == UInt8 {
    /// Overwrites every byte with zero, for key material that is no longer needed.
    ///
    /// Swift may have copied the bytes before (arrays are values), so this wipes this buffer only.
    package mutating func wipe() {
        withUnsafeMutableBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            // A volatile-like write the optimiser keeps: the buffer escapes through the pointer.
            base.update(repeating: 0, count: buffer.count)
        }
    }
}
