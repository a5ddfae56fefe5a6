import Foundation
import InternalServiceUtilities

extension WebSocketFrameDecoder {
    /// The memory a decoder keeps received bytes in: allocated by hand so that the stream can read
    /// straight into its free end, and so that a large frame's payload can leave as its message's
    /// `Data` without a copy, the memory going with it (``handOff(from:count:)``).
    ///
    /// The decoder keeps its read and write positions itself; this holds only the memory, and the
    /// decoder writes to it only while its reference is the only one (copy-on-write, as an array's
    /// storage is), so copies of a decoder never see each other's bytes change.
    final class Storage: @unchecked Sendable {
        // Safe: `memory` is written only through a decoder whose reference isKnownUniquelyReferenced
        // says is the only one (it copies first otherwise), so no two values, and so no two tasks,
        // write it or read it while it is written; `capacity` and `recycler` are immutable, and
        // `ownsMemory` changes only in `handOff`, under the same uniqueness, after which the decoder
        // drops the storage.

        /// The first byte.
        let memory: UnsafeMutableRawPointer
        /// How many bytes `memory` has room for.
        let capacity: Int
        private let recycler: Recycler
        /// False once the memory was handed to a `Data`, which gives it back.
        private var ownsMemory = true

        /// Memory for `capacity` bytes (at least one): a block the recycler kept, or a new one.
        init(capacity: Int, recycler: Recycler) {
            self.recycler = recycler
            if let block = recycler.take(capacity: max(1, capacity)) {
                (memory, self.capacity) = block
            } else {
                self.capacity = max(1, capacity)
                memory = .allocate(byteCount: self.capacity, alignment: 16)
            }
        }

        deinit {
            if ownsMemory { recycler.give(memory, capacity: capacity) }
        }

        /// A storage of `capacity` bytes holding `count` bytes copied from `offset` of this one at
        /// its start.
        func copy(from offset: Int, count: Int, capacity: Int) -> Storage {
            let copy = Storage(capacity: max(capacity, count), recycler: recycler)
            copy.memory.copyMemory(from: memory + offset, byteCount: count)
            return copy
        }

        /// `count` bytes from `offset` as a `Data` that owns the whole memory from now on: when the
        /// last copy of the data goes, the memory goes back to the recycler. The storage must not be
        /// used afterwards.
        func handOff(from offset: Int, count: Int) -> Data {
            ownsMemory = false
            // The address as a number: the deallocator is @Sendable, and a pointer is not.
            let address = UInt(bitPattern: memory)
            let capacity = capacity
            let recycler = recycler
            return Data(
                bytesNoCopy: memory + offset, count: count,
                deallocator: .custom { _, _ in
                    guard let memory = UnsafeMutableRawPointer(bitPattern: address) else { return }
                    recycler.give(memory, capacity: capacity)
                })
        }
    }

    /// Keeps a few blocks of large frames' memory when their storage or message goes, for the next
    /// large frames of the same connection. A reader that drops each message before the next then
    /// reads every frame into pages already in memory; without it, the allocator hands blocks of that
    /// size back to the system between messages, and the kernel faults in and zeroes fresh pages
    /// for every one (about a third of a client's time in a throughput run).
    final class Recycler: Sendable {
        /// How many blocks it keeps at most, together no more than
        /// ``WebSocketFrameDecoder/retainedCapacity`` bytes.
        static let maximumBlocks = 2

        private struct Block: Sendable {
            /// The memory's address, as a number (a pointer is not Sendable).
            let address: UInt
            let capacity: Int
        }

        private let blocks = Locked([Block]())

        /// Makes an empty recycler.
        init() {}

        deinit {
            blocks.withLock { blocks in
                for block in blocks { UnsafeMutableRawPointer(bitPattern: block.address)?.deallocate() }
                blocks.removeAll()
            }
        }

        /// The block given back last of at least `capacity` bytes and at most twice that many, if
        /// there is one: the last is the likeliest to be in the processor's cache still.
        func take(capacity: Int) -> (UnsafeMutableRawPointer, Int)? {
            guard capacity >= WebSocketFrameDecoder.largePayload else { return nil }
            let block = blocks.withLock { blocks -> Block? in
                guard let index = blocks.lastIndex(where: { $0.capacity >= capacity && $0.capacity / 2 <= capacity })
                else { return nil }
                return blocks.remove(at: index)
            }
            guard let block, let memory = UnsafeMutableRawPointer(bitPattern: block.address) else { return nil }
            return (memory, block.capacity)
        }

        /// Keeps a block of a large frame's size, in place of the oldest one kept when there is no
        /// room; frees the one that goes, and any other block.
        func give(_ memory: UnsafeMutableRawPointer, capacity: Int) {
            guard capacity >= WebSocketFrameDecoder.largePayload, capacity <= WebSocketFrameDecoder.retainedCapacity
            else {
                memory.deallocate()
                return
            }
            let block = Block(address: UInt(bitPattern: memory), capacity: capacity)
            let evicted = blocks.withLock { blocks -> [Block] in
                blocks.append(block)
                var evicted: [Block] = []
                while blocks.count > Self.maximumBlocks
                    || blocks.reduce(0, { $0 + $1.capacity }) > WebSocketFrameDecoder.retainedCapacity
                {
                    evicted.append(blocks.removeFirst())
                }
                return evicted
            }
            for block in evicted { UnsafeMutableRawPointer(bitPattern: block.address)?.deallocate() }
        }
    }

    /// Memory the next received bytes may be written to directly, from
    /// ``WebSocketFrameDecoder/writableSpace(maximumCount:)``; it keeps that memory alive until it is
    /// passed back to ``WebSocketFrameDecoder/didWrite(_:into:)``.
    package struct WritableSpace: @unchecked Sendable {
        // Safe: the bytes lie past the decoder's write index, which no decoder reads or writes (a
        // copy of the decoder that writes first takes memory of its own), so the one reader given
        // the space (the engine's, off its actor) has them alone until the space comes back to
        // didWrite; the storage reference keeps them allocated meanwhile.
        let storage: Storage
        /// The free bytes: one at least.
        package let bytes: UnsafeMutableRawBufferPointer
    }
}
