/// The Keccak sponge shared by SHA-3, SHAKE and the original Keccak hashes (FIPS 202).
enum Keccak {
    /// Absorbs `input` at `rate` bytes per block, pads with `suffix` (0x06 for SHA-3, 0x1F for SHAKE,
    /// 0x01 for pre-standard Keccak) and the final 0x80 bit, then squeezes `output.count` bytes.
    ///
    /// - Parameters:
    ///   - rate: The block size in bytes (200 minus twice the capacity), a multiple of 8.
    ///   - suffix: The domain-separation bits and first padding bit.
    ///   - input: The message.
    ///   - output: Where the digest goes; any length.
    static func sponge(
        rate: Int, suffix: UInt8, input: UnsafeRawBufferPointer, output: UnsafeMutableRawBufferPointer
    ) {
        withUnsafeTemporaryAllocation(of: UInt64.self, capacity: 25) { lanes in
            guard let state = lanes.baseAddress else { return }
            state.initialize(repeating: 0, count: 25)
            absorb(rate: rate, suffix: suffix, input: input, state: state)
            squeeze(rate: rate, state: state, output: output)
            state.update(repeating: 0, count: 25)
        }
    }

    private static func absorb(
        rate: Int, suffix: UInt8, input: UnsafeRawBufferPointer, state: UnsafeMutablePointer<UInt64>
    ) {
        let laneCount = rate / 8
        var offset = 0
        if let base = input.baseAddress {
            while input.count - offset >= rate {
                let block = base + offset
                for lane in 0..<laneCount {
                    state[lane] ^= UInt64(littleEndian: block.loadUnaligned(fromByteOffset: lane * 8, as: UInt64.self))
                }
                permute(state)
                offset += rate
            }
        }
        // The last, partial block: the remaining bytes, the suffix, zeros, and the final bit.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: rate) { last in
            guard let block = last.baseAddress else { return }
            block.initialize(repeating: 0, count: rate)
            let remaining = input.count - offset
            if remaining > 0, let base = input.baseAddress {
                block.initialize(from: base.assumingMemoryBound(to: UInt8.self) + offset, count: remaining)
            }
            block[remaining] ^= suffix
            block[rate - 1] ^= 0x80
            let raw = UnsafeRawPointer(block)
            for lane in 0..<laneCount {
                state[lane] ^= UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: lane * 8, as: UInt64.self))
            }
            permute(state)
            block.update(repeating: 0, count: rate)
        }
    }

    private static func squeeze(rate: Int, state: UnsafeMutablePointer<UInt64>, output: UnsafeMutableRawBufferPointer) {
        var written = 0
        while written < output.count {
            let take = min(rate, output.count - written)
            for index in 0..<take {
                let lane = state[index / 8]
                output[written + index] = UInt8(truncatingIfNeeded: lane >> (UInt64(index % 8) * 8))
            }
            written += take
            if written < output.count { permute(state) }
        }
    }
}
