import Foundation

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// A value behind a lock, in one allocation: the façade's per-request state.
///
/// `Locked` holds an `NSLock`, which on Linux is an object of its own holding a separately
/// allocated mutex: three allocations, and as many releases, for each of the five or so boxes a
/// request makes and drops. This box keeps the value and the mutex (`os_unfair_lock` on Apple
/// platforms) in one `ManagedBuffer`, as its header and its element.
struct RequestLock<State> {
    private let storage: Storage

    /// A box holding `state`.
    ///
    /// - Parameter state: The first value.
    /// - Returns: The box.
    static func make(_ state: State) -> RequestLock<State> {
        RequestLock(storage: Storage.make(state))
    }

    private init(storage: Storage) {
        self.storage = storage
    }

    /// Runs `body` with exclusive access to the value and returns what it returns.
    ///
    /// - Parameter body: Reads or changes the value; it must not take this lock again.
    /// - Returns: What `body` returns.
    /// - Throws: What `body` throws.
    func withLock<Result>(_ body: (inout State) throws -> Result) rethrows -> Result {
        try storage.withUnsafeMutablePointers { state, lock in
            #if canImport(Darwin)
                os_unfair_lock_lock(lock)
                defer { os_unfair_lock_unlock(lock) }
            #else
                _ = pthread_mutex_lock(lock)
                defer { _ = pthread_mutex_unlock(lock) }
            #endif
            return try body(&state.pointee)
        }
    }

    /// The value and its mutex.
    private final class Storage: ManagedBuffer<State, Primitive> {
        static func make(_ state: State) -> Storage {
            // `create` makes an instance of the class it is called on, so the downcast holds.
            let made = unsafeDowncast(create(minimumCapacity: 1) { _ in state }, to: Storage.self)
            made.withUnsafeMutablePointerToElements { lock in
                #if canImport(Darwin)
                    lock.initialize(to: os_unfair_lock())
                #else
                    lock.initialize(to: pthread_mutex_t())
                    _ = pthread_mutex_init(lock, nil)
                #endif
            }
            return made
        }

        deinit {
            // The state is the buffer's header, which the buffer destroys itself.
            withUnsafeMutablePointerToElements { lock in
                #if !canImport(Darwin)
                    _ = pthread_mutex_destroy(lock)
                #endif
                _ = lock.deinitialize(count: 1)
            }
        }
    }

    #if canImport(Darwin)
        private typealias Primitive = os_unfair_lock
    #else
        private typealias Primitive = pthread_mutex_t
    #endif
}

// Safe: the only stored property is a reference to the storage, which is never replaced; the state
// in it is read or written only inside `withLock`, which holds the storage's mutex for the whole
// access, and the mutex never moves (it is the element of a class instance's buffer).
extension RequestLock: @unchecked Sendable {}
