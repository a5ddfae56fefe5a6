/// scrypt's cost parameters: N (CPU and memory cost), r (block size) and p (parallelism).
///
/// The memory used is 128 · N · r bytes; the time grows with N · r · p.
public struct ScryptParameters: Sendable, Hashable, Codable {
    /// N: a power of two above 1.
    public var cost: Int
    /// r: the block size, at least 1 (8 is usual).
    public var blockSize: Int
    /// p: the parallelism, at least 1.
    public var parallelism: Int

    /// Creates a parameter set (checked when it is used, not here).
    ///
    /// - Parameters:
    ///   - cost: N, a power of two above 1.
    ///   - blockSize: r, at least 1.
    ///   - parallelism: p, at least 1.
    public init(cost: Int, blockSize: Int, parallelism: Int) {
        self.cost = cost
        self.blockSize = blockSize
        self.parallelism = parallelism
    }

    /// N = 2^15, r = 8, p = 1: 32 MiB; one derivation takes about 60 ms on the project's 2-core Linux
    /// machine in an optimised build, well under the 250 ms unlock budget, and leaves room for slower
    /// phones.
    public static let interactive = ScryptParameters(cost: 1 << 15, blockSize: 8, parallelism: 1)

    /// N = 2^10, r = 8, p = 1: 1 MiB, for tests and demonstrations only.
    public static let fastForTesting = ScryptParameters(cost: 1 << 10, blockSize: 8, parallelism: 1)

    /// Throws when a parameter is out of range or the memory needed exceeds `maximumMemory`.
    func validate(maximumMemory: Int) throws(CryptoError) {
        guard cost > 1, cost & (cost - 1) == 0, cost <= 1 << 30 else { throw .invalidParameters(.cost(cost)) }
        guard blockSize >= 1, blockSize <= 1 << 16 else { throw .invalidParameters(.blockSize(blockSize)) }
        guard parallelism >= 1, parallelism <= 1 << 16, blockSize * parallelism < 1 << 30 else {
            throw .invalidParameters(.parallelism(parallelism))
        }
        let (memory, overflow) = (128 * blockSize).multipliedReportingOverflow(by: cost)
        guard !overflow, memory <= maximumMemory else {
            throw .invalidParameters(.memory(required: overflow ? Int.max : memory, limit: maximumMemory))
        }
    }
}
