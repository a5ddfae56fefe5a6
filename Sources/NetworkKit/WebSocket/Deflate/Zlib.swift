#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The few functions of zlib that permessage-deflate uses, found at run time with `dlopen`, so that
/// building the package needs no C header or module map and a system without zlib still runs
/// everything else (negotiating permessage-deflate then fails with
/// ``WebSocketError/Reason/compressionUnavailable``).
///
/// On Linux the library is `libz.so.1`. On Apple platforms it is the system's `libz.1.dylib`, which
/// dyld serves from its shared cache: the same code path, no Apple-only glue. (Linking it instead
/// would need a module map for `zlib.h`; `dlopen` of a system library is allowed on every Apple
/// platform.)
///
/// The functions are called on a `z_stream` kept at a stable address (``ZlibStreamStorage``), whose
/// layout is the LP64 one of every 64-bit Linux and Apple platform.
struct Zlib: @unchecked Sendable {
    // Safe: every stored property is an immutable C function pointer into a library that is never
    // unloaded; zlib's functions may be called from any thread on streams used by one thread at a
    // time, which is how the WebSocket engine uses them.

    typealias Stream = UnsafeMutableRawPointer

    let version: UnsafePointer<CChar>
    let deflateInit: @convention(c) (Stream, Int32, Int32, Int32, Int32, Int32, UnsafePointer<CChar>, Int32) -> Int32
    let deflate: @convention(c) (Stream, Int32) -> Int32
    let deflateReset: @convention(c) (Stream) -> Int32
    let deflateEnd: @convention(c) (Stream) -> Int32
    let inflateInit: @convention(c) (Stream, Int32, UnsafePointer<CChar>, Int32) -> Int32
    let inflate: @convention(c) (Stream, Int32) -> Int32
    let inflateReset: @convention(c) (Stream) -> Int32
    let inflateEnd: @convention(c) (Stream) -> Int32
    let inflateGetDictionary:
        @convention(c) (Stream, UnsafeMutablePointer<UInt8>?, UnsafeMutablePointer<UInt32>?) -> Int32
    let inflateSetDictionary: @convention(c) (Stream, UnsafePointer<UInt8>?, UInt32) -> Int32

    /// The library, loaded on first use; nil when zlib 1.2.8 or later cannot be loaded.
    static let shared: Zlib? = load(named: libraryName)

    /// The library, or the error a connection reports when it is missing.
    ///
    /// - Returns: The loaded library.
    /// - Throws: ``WebSocketError/Reason/compressionUnavailable``.
    static func loaded() throws(WebSocketError) -> Zlib {
        guard let shared else { throw WebSocketError(.compressionUnavailable) }
        return shared
    }

    #if canImport(Darwin)
        static let libraryName = "libz.1.dylib"
    #else
        static let libraryName = "libz.so.1"
    #endif

    /// Loads zlib from the library called `name`.
    ///
    /// - Parameter name: The file name `dlopen` looks for.
    /// - Returns: The functions, or nil when the library or one of them is missing.
    static func load(named name: String) -> Zlib? {
        // The z_stream layout below is LP64's.
        guard MemoryLayout<Int>.size == 8, let library = dlopen(name, RTLD_NOW | RTLD_LOCAL) else {
            return nil
        }
        func symbol<Function>(_ name: String, as type: Function.Type) -> Function? {
            guard let address = dlsym(library, name) else { return nil }
            return unsafeBitCast(address, to: type)
        }
        guard
            let versionFunction = symbol("zlibVersion", as: (@convention(c) () -> UnsafePointer<CChar>?).self),
            let version = versionFunction(),
            let deflateInit = symbol(
                "deflateInit2_",
                as: (@convention(c) (Stream, Int32, Int32, Int32, Int32, Int32, UnsafePointer<CChar>, Int32) -> Int32)
                    .self),
            let deflate = symbol("deflate", as: (@convention(c) (Stream, Int32) -> Int32).self),
            let deflateReset = symbol("deflateReset", as: (@convention(c) (Stream) -> Int32).self),
            let deflateEnd = symbol("deflateEnd", as: (@convention(c) (Stream) -> Int32).self),
            let inflateInit = symbol(
                "inflateInit2_", as: (@convention(c) (Stream, Int32, UnsafePointer<CChar>, Int32) -> Int32).self),
            let inflate = symbol("inflate", as: (@convention(c) (Stream, Int32) -> Int32).self),
            let inflateReset = symbol("inflateReset", as: (@convention(c) (Stream) -> Int32).self),
            let inflateEnd = symbol("inflateEnd", as: (@convention(c) (Stream) -> Int32).self),
            let inflateGetDictionary = symbol(
                "inflateGetDictionary",
                as: (@convention(c) (Stream, UnsafeMutablePointer<UInt8>?, UnsafeMutablePointer<UInt32>?) -> Int32)
                    .self),
            let inflateSetDictionary = symbol(
                "inflateSetDictionary", as: (@convention(c) (Stream, UnsafePointer<UInt8>?, UInt32) -> Int32).self)
        else { return nil }
        return Zlib(
            version: version, deflateInit: deflateInit, deflate: deflate, deflateReset: deflateReset,
            deflateEnd: deflateEnd, inflateInit: inflateInit, inflate: inflate, inflateReset: inflateReset,
            inflateEnd: inflateEnd, inflateGetDictionary: inflateGetDictionary,
            inflateSetDictionary: inflateSetDictionary)
    }

    /// zlib's constants, from `zlib.h` (stable since zlib 1.0).
    enum Constant {
        static let ok: Int32 = 0
        static let streamEnd: Int32 = 1
        static let needDictionary: Int32 = 2
        static let bufferError: Int32 = -5
        static let noFlush: Int32 = 0
        static let syncFlush: Int32 = 2
        static let deflated: Int32 = 8
        static let defaultStrategy: Int32 = 0
        static let defaultMemoryLevel: Int32 = 8
        /// `sizeof(z_stream)` on LP64.
        static let streamSize = 112
    }
}

/// A `z_stream` in memory of its own, zeroed, at an address that never moves (zlib keeps a
/// pointer back to it), with accessors for the fields the engine uses (LP64 offsets).
struct ZlibStreamStorage {
    let pointer: UnsafeMutableRawPointer

    init() {
        pointer = UnsafeMutableRawPointer.allocate(byteCount: Zlib.Constant.streamSize, alignment: 8)
        pointer.initializeMemory(as: UInt8.self, repeating: 0, count: Zlib.Constant.streamSize)
    }

    func deallocate() {
        pointer.deallocate()
    }

    /// `next_in` and `avail_in`.
    func setInput(_ base: UnsafePointer<UInt8>?, count: Int) {
        pointer.storeBytes(of: base, toByteOffset: 0, as: UnsafePointer<UInt8>?.self)
        pointer.storeBytes(of: UInt32(count), toByteOffset: 8, as: UInt32.self)
    }

    /// `avail_in`.
    var availableInput: Int { Int(pointer.load(fromByteOffset: 8, as: UInt32.self)) }

    /// `next_out` and `avail_out`.
    func setOutput(_ base: UnsafeMutablePointer<UInt8>?, count: Int) {
        pointer.storeBytes(of: base, toByteOffset: 24, as: UnsafeMutablePointer<UInt8>?.self)
        pointer.storeBytes(of: UInt32(count), toByteOffset: 32, as: UInt32.self)
    }

    /// `avail_out`.
    var availableOutput: Int { Int(pointer.load(fromByteOffset: 32, as: UInt32.self)) }
}
