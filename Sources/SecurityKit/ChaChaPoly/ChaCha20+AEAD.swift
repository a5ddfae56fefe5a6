extension ChaCha20 {
    /// Which way `crypt` goes: sealing MACs the ciphertext it writes, opening the ciphertext it reads.
    enum Direction {
        case seal
        case open
    }

    /// The body of ChaCha20-Poly1305 (RFC 8439 §2.8): writes `count` bytes of `source` XOR the key
    /// stream from block 1 to `destination` (which may be `source`) and absorbs the ciphertext into
    /// `mac`, zero-padded to a whole block.
    ///
    /// Each 256-byte group's Poly1305 work is done inside the rounds of a four-block ChaCha20 step
    /// (the previous group's when sealing, the same group's when opening), so the scalar
    /// multiplier and the vector unit work side by side, and each byte is read from memory once.
    static func crypt(
        _ input: Input, from source: UnsafeRawPointer, to destination: UnsafeMutableRawPointer, count: Int,
        mac: inout Poly1305, direction: Direction
    ) {
        var counter: UInt32 = 1
        var offset = 0
        #if _endian(little)
            let shifts = rightShifts()
            var pending: UnsafeRawPointer?
            while count - offset >= 256 {
                let from = source + offset
                let to = destination + offset
                switch direction {
                case .seal:
                    apply4(input, counter: counter, from: from, to: to, shifts: shifts, mac: &mac, macData: pending)
                    pending = UnsafeRawPointer(to)
                case .open:
                    apply4(input, counter: counter, from: from, to: to, shifts: shifts, mac: &mac, macData: from)
                }
                offset += 256
                counter &+= 4
            }
            if let pending { mac.update(UnsafeRawBufferPointer(start: pending, count: 256), padToBlock: true) }
        #endif
        let rest = count - offset
        switch direction {
        case .seal:
            applyBlocks(input, counter: counter, from: source + offset, to: destination + offset, count: rest)
            mac.update(UnsafeRawBufferPointer(start: destination + offset, count: rest), padToBlock: true)
        case .open:
            mac.update(UnsafeRawBufferPointer(start: source + offset, count: rest), padToBlock: true)
            applyBlocks(input, counter: counter, from: source + offset, to: destination + offset, count: rest)
        }
    }
}
