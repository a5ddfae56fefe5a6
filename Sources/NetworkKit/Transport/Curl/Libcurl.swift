#if os(Linux)
    import Foundation
    import Glibc

    /// The few functions of the system's libcurl that ``CurlTransport`` uses, found at run time with
    /// `dlopen`, so that building the package needs no C library or header.
    ///
    /// FoundationNetworking links libcurl itself, so on any Linux where URLSession works the library
    /// is already loaded; ``shared`` is still nil when it cannot be found, and transfers then fall back
    /// to URLSession. `curl_easy_setopt` and `curl_easy_getinfo` are variadic in C; each is looked up
    /// once per argument type and called through a fixed prototype, which the x86-64 and AArch64
    /// Linux calling conventions pass exactly as they pass the variadic arguments (integers and
    /// pointers in the same registers, no floating-point argument).
    struct Libcurl: @unchecked Sendable {
        // Safe: every stored property is an immutable C function pointer into a library that is never
        // unloaded; libcurl's functions may be called from any thread on handles used by one thread at
        // a time, which is how CurlEventLoop uses them.

        typealias Handle = OpaquePointer

        /// libcurl's `struct curl_blob`.
        struct Blob {
            var data: UnsafeMutableRawPointer?
            var length: Int
            var flags: UInt32
        }

        let easyInit: @convention(c) () -> Handle?
        let easyCleanup: @convention(c) (Handle?) -> Void
        let easyReset: @convention(c) (Handle?) -> Void
        let setLong: @convention(c) (Handle?, Int32, Int) -> Int32
        let setPointer: @convention(c) (Handle?, Int32, UnsafeRawPointer?) -> Int32
        let setOffset: @convention(c) (Handle?, Int32, Int64) -> Int32
        let infoString: @convention(c) (Handle?, Int32, UnsafeMutablePointer<UnsafePointer<CChar>?>) -> Int32
        let errorText: @convention(c) (Int32) -> UnsafePointer<CChar>?
        let listAppend: @convention(c) (Handle?, UnsafePointer<CChar>?) -> Handle?
        let listFree: @convention(c) (Handle?) -> Void
        let multiInit: @convention(c) () -> Handle?
        let multiAdd: @convention(c) (Handle?, Handle?) -> Int32
        let multiRemove: @convention(c) (Handle?, Handle?) -> Int32
        let multiSocketAction: @convention(c) (Handle?, Int32, Int32, UnsafeMutablePointer<Int32>) -> Int32
        let multiInfoRead: @convention(c) (Handle?, UnsafeMutablePointer<Int32>) -> UnsafeMutableRawPointer?
        let multiCleanup: @convention(c) (Handle?) -> Int32
        let multiSetLong: @convention(c) (Handle?, Int32, Int) -> Int32
        let multiSetPointer: @convention(c) (Handle?, Int32, UnsafeRawPointer?) -> Int32
        /// `curl_easy_perform`, which a connect-only handle (a WebSocket's) runs to connect.
        let easyPerform: @convention(c) (Handle?) -> Int32
        /// `curl_easy_send` and `curl_easy_recv` on a connect-only handle.
        let easySend: @convention(c) (Handle?, UnsafeRawPointer?, Int, UnsafeMutablePointer<Int>) -> Int32
        let easyReceive: @convention(c) (Handle?, UnsafeMutableRawPointer?, Int, UnsafeMutablePointer<Int>) -> Int32
        /// `curl_easy_getinfo` for a socket (`CURLINFO_ACTIVESOCKET`).
        let infoSocket: @convention(c) (Handle?, Int32, UnsafeMutablePointer<Int32>) -> Int32
        /// `curl_version_info`'s `ssl_version`, such as `OpenSSL/3.0.19`.
        let tlsLibrary: String

        /// The library, loaded on first use; nil when no libcurl 7.68 or later is installed.
        static let shared: Libcurl? = load()

        private static func load() -> Libcurl? {
            guard let library = dlopen("libcurl.so.4", RTLD_NOW) else { return nil }
            func symbol<Function>(_ name: String, as type: Function.Type) -> Function? {
                guard let address = dlsym(library, name) else { return nil }
                return unsafeBitCast(address, to: type)
            }
            typealias GlobalInit = @convention(c) (Int) -> Int32
            // Every function used is older than 7.68, the oldest libcurl this transport is tested
            // against; newer options (CURLOPT_PROTOCOLS_STR, 7.85) fall back to older ones.
            guard let globalInit = symbol("curl_global_init", as: GlobalInit.self),
                let easyInit = symbol("curl_easy_init", as: (@convention(c) () -> Handle?).self),
                let easyCleanup = symbol("curl_easy_cleanup", as: (@convention(c) (Handle?) -> Void).self),
                let easyReset = symbol("curl_easy_reset", as: (@convention(c) (Handle?) -> Void).self),
                let setLong = symbol("curl_easy_setopt", as: (@convention(c) (Handle?, Int32, Int) -> Int32).self),
                let setPointer = symbol(
                    "curl_easy_setopt", as: (@convention(c) (Handle?, Int32, UnsafeRawPointer?) -> Int32).self),
                let setOffset = symbol(
                    "curl_easy_setopt", as: (@convention(c) (Handle?, Int32, Int64) -> Int32).self),
                let infoString = symbol(
                    "curl_easy_getinfo",
                    as: (@convention(c) (Handle?, Int32, UnsafeMutablePointer<UnsafePointer<CChar>?>) -> Int32)
                        .self),
                let errorText = symbol(
                    "curl_easy_strerror", as: (@convention(c) (Int32) -> UnsafePointer<CChar>?).self),
                let listAppend = symbol(
                    "curl_slist_append", as: (@convention(c) (Handle?, UnsafePointer<CChar>?) -> Handle?).self),
                let listFree = symbol("curl_slist_free_all", as: (@convention(c) (Handle?) -> Void).self),
                let multiInit = symbol("curl_multi_init", as: (@convention(c) () -> Handle?).self),
                let multiAdd = symbol(
                    "curl_multi_add_handle", as: (@convention(c) (Handle?, Handle?) -> Int32).self),
                let multiRemove = symbol(
                    "curl_multi_remove_handle", as: (@convention(c) (Handle?, Handle?) -> Int32).self),
                let multiSocketAction = symbol(
                    "curl_multi_socket_action",
                    as: (@convention(c) (Handle?, Int32, Int32, UnsafeMutablePointer<Int32>) -> Int32).self),
                let multiInfoRead = symbol(
                    "curl_multi_info_read",
                    as: (@convention(c) (Handle?, UnsafeMutablePointer<Int32>) -> UnsafeMutableRawPointer?).self),
                let multiCleanup = symbol("curl_multi_cleanup", as: (@convention(c) (Handle?) -> Int32).self),
                let multiSetLong = symbol(
                    "curl_multi_setopt", as: (@convention(c) (Handle?, Int32, Int) -> Int32).self),
                let multiSetPointer = symbol(
                    "curl_multi_setopt", as: (@convention(c) (Handle?, Int32, UnsafeRawPointer?) -> Int32).self),
                let versionInfo = symbol(
                    "curl_version_info", as: (@convention(c) (Int32) -> UnsafeRawPointer?).self),
                let easyPerform = symbol("curl_easy_perform", as: (@convention(c) (Handle?) -> Int32).self),
                let easySend = symbol(
                    "curl_easy_send",
                    as: (@convention(c) (Handle?, UnsafeRawPointer?, Int, UnsafeMutablePointer<Int>) -> Int32).self),
                let easyReceive = symbol(
                    "curl_easy_recv",
                    as: (@convention(c) (Handle?, UnsafeMutableRawPointer?, Int, UnsafeMutablePointer<Int>) -> Int32)
                        .self),
                let infoSocket = symbol(
                    "curl_easy_getinfo",
                    as: (@convention(c) (Handle?, Int32, UnsafeMutablePointer<Int32>) -> Int32).self)
            else { return nil }
            // Thread-safe and counted since 7.84; FoundationNetworking has usually called it already.
            guard globalInit(Option.globalAll) == 0 else { return nil }
            // curl_version_info_data: an int (age), then pointers and ints each in an 8-byte slot on
            // 64-bit systems: version, version_num, host, features, ssl_version (offset 40).
            let tlsLibrary =
                versionInfo(Option.versionFirst).flatMap { info in
                    info.load(fromByteOffset: 40, as: UnsafePointer<CChar>?.self).map { String(cString: $0) }
                } ?? ""
            return Libcurl(
                easyInit: easyInit, easyCleanup: easyCleanup, easyReset: easyReset, setLong: setLong,
                setPointer: setPointer,
                setOffset: setOffset, infoString: infoString, errorText: errorText, listAppend: listAppend,
                listFree: listFree, multiInit: multiInit, multiAdd: multiAdd, multiRemove: multiRemove,
                multiSocketAction: multiSocketAction, multiInfoRead: multiInfoRead, multiCleanup: multiCleanup,
                multiSetLong: multiSetLong, multiSetPointer: multiSetPointer, easyPerform: easyPerform,
                easySend: easySend, easyReceive: easyReceive, infoSocket: infoSocket,
                tlsLibrary: tlsLibrary)
        }

        /// The numbers of the options and codes used, from libcurl's `curl.h` (stable across
        /// versions: libcurl never renumbers them).
        enum Option {
            static let globalAll = 3
            // Options taking a long (base 0), a pointer (10000), a function (20000), an offset (30000).
            static let noProgress: Int32 = 43
            static let post: Int32 = 47
            static let nobody: Int32 = 44
            static let followLocation: Int32 = 52
            static let maximumRedirects: Int32 = 68
            static let httpGet: Int32 = 80
            static let bufferSize: Int32 = 98
            static let noSignal: Int32 = 99
            static let connectTimeoutMilliseconds: Int32 = 156
            static let suppressConnectHeaders: Int32 = 265
            /// `CURLOPT_CONNECT_ONLY`: connect (through a proxy, with TLS) and stop, for
            /// `curl_easy_send` and `curl_easy_recv` to use the connection.
            static let connectOnly: Int32 = 141
            /// `CURLOPT_HTTPPROXYTUNNEL`: reach the server through an HTTP proxy with `CONNECT`.
            static let httpProxyTunnel: Int32 = 61
            /// `CURLINFO_ACTIVESOCKET`: the socket of a connect-only handle's connection.
            static let activeSocket: Int32 = 0x50_0000 + 44
            static let uploadBufferSize: Int32 = 280
            static let writeData: Int32 = 10001
            static let url: Int32 = 10002
            static let readData: Int32 = 10009
            static let errorBuffer: Int32 = 10010
            static let headers: Int32 = 10023
            static let headerData: Int32 = 10029
            static let customRequest: Int32 = 10036
            static let progressData: Int32 = 10057
            static let acceptEncoding: Int32 = 10102
            static let seekData: Int32 = 10168
            static let protocols: Int32 = 10318
            static let redirectProtocols: Int32 = 10319
            static let writeFunction: Int32 = 20011
            static let readFunction: Int32 = 20012
            static let headerFunction: Int32 = 20079
            static let seekFunction: Int32 = 20167
            static let progressFunction: Int32 = 20219
            static let postFieldSize: Int32 = 30120
            static let effectiveURL: Int32 = 0x10_0001
            static let errorBufferSize = 256
            static let readAbort = 0x1000_0000
            static let seekOK: Int32 = 0
            static let seekFailed: Int32 = 1
            /// A progress callback's answers: go on, or stop the transfer (`CURLE_ABORTED_BY_CALLBACK`).
            static let progressContinue: Int32 = 0
            static let progressAbort: Int32 = 1
            // Before 7.85: the protocols as a bit mask (CURLPROTO_HTTP | CURLPROTO_HTTPS).
            static let protocolMask: Int32 = 181
            static let redirectProtocolMask: Int32 = 182
            static let httpAndHTTPS = 3
            static let messageDone: Int32 = 1
            static let caInfo: Int32 = 10065
            static let httpVersion: Int32 = 84
            static let caPath: Int32 = 10097
            static let sslContextFunction: Int32 = 20108
            static let sslContextData: Int32 = 10109
            static let sslSessionCache: Int32 = 150
            static let pipeWait: Int32 = 237
            static let caInfoBlob: Int32 = 40309
            static let caInfoDefault: Int32 = 0x10_0000 + 61
            static let httpVersion1 = 2
            static let httpVersion2OverTLS = 4
            // curl_multi_setopt's options.
            static let multiMaximumConnections: Int32 = 6
            static let multiMaximumHostConnections: Int32 = 7
            static let multiSocketFunction: Int32 = 20001
            static let multiSocketData: Int32 = 10002
            static let multiTimerFunction: Int32 = 20004
            static let multiTimerData: Int32 = 10005
            /// `CURL_SOCKET_TIMEOUT`: curl_multi_socket_action's "no socket, the timer expired".
            static let socketTimeout: Int32 = -1
            /// `CURLM_BAD_SOCKET`: a socket libcurl no longer knows, which is not a failure.
            static let multiBadSocket: Int32 = 5
            /// curl_blob's flag: libcurl copies the bytes.
            static let blobCopy: UInt32 = 1
            /// `CURLVERSION_FIRST`: the oldest layout of `curl_version_info_data`, which every
            /// version fills.
            static let versionFirst: Int32 = 0
        }

        /// What libcurl's socket callback asks for a socket (`CURL_POLL_*`, its `what` argument):
        /// bits of readable and writable, or a removal.
        enum Poll {
            /// `CURL_POLL_NONE`: nothing for now.
            static let none: Int32 = 0
            /// `CURL_POLL_IN`: watch it for reading.
            static let readable: Int32 = 1
            /// `CURL_POLL_OUT`: watch it for writing.
            static let writable: Int32 = 2
            /// `CURL_POLL_INOUT`: both.
            static let readableAndWritable: Int32 = 3
            /// `CURL_POLL_REMOVE`: stop watching it.
            static let remove: Int32 = 4
        }

        /// What a socket is ready for, as `curl_multi_socket_action` is told (`CURL_CSELECT_*`, bits).
        enum Ready {
            /// `CURL_CSELECT_IN`: readable.
            static let readable: Int32 = 1
            /// `CURL_CSELECT_OUT`: writable.
            static let writable: Int32 = 2
            /// `CURL_CSELECT_ERR`: an error or a hang-up.
            static let error: Int32 = 4
        }
    }
#endif
