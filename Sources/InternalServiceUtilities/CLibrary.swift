#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Functions of the C library that its Swift module does not import: Glibc declares some only for
/// `_GNU_SOURCE` (`pipe2`, `posix_spawn_file_actions_addclosefrom_np`), so they are looked up by name.
package enum CLibrary {
    /// The C library's function `name`, or nil where the library has none.
    ///
    /// - Parameters:
    ///   - name: The C name.
    ///   - type: Its `@convention(c)` type; it must be the function's real prototype.
    /// - Returns: The function, or nil.
    package static func function<Function>(_ name: String, as type: Function.Type) -> Function? {
        dlsym(nil, name).map { unsafeBitCast($0, to: type) }
    }
}
