#if os(Linux)
    import Foundation
    import Glibc

    /// The check of pinned hosts' certificate chains on libcurl's connections, through the OpenSSL
    /// that libcurl itself uses, found at run time like libcurl.
    ///
    /// For a transfer to a pinned host, libcurl calls ``contextFunction`` with each new
    /// connection's `SSL_CTX` before the handshake. It installs a certificate verification callback
    /// (`SSL_CTX_set_cert_verify_callback`) that runs OpenSSL's own verification
    /// (`X509_verify_cert`, with the trust anchors and options libcurl set) and then reads the
    /// verified chain (`X509_STORE_CTX_get0_chain`: leaf, intermediates and the root it ends in) as
    /// DER and checks it against the pins. A mismatch fails the handshake, so not one byte of the
    /// request is sent; the reason is kept in the event loop for the transfer to report. The host
    /// name is checked by libcurl after the handshake, before the request, as always.
    ///
    /// Each connection's check (host, pins, loop) is attached to its `SSL_CTX` as OpenSSL extra
    /// data and released by OpenSSL when the context is freed, so a later callback never meets a
    /// freed check. nil when libcurl does not use OpenSSL 1.1 or 3.
    final class CurlTrust: @unchecked Sendable {
        // Safe: immutable C function pointers into libraries that are never unloaded.

        typealias Pointer = OpaquePointer
        typealias VerifyCallback = @convention(c) (Pointer?, UnsafeMutableRawPointer?) -> Int32
        typealias ExtraDataFree =
            @convention(c) (
                UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, Int32, Int,
                UnsafeMutableRawPointer?
            ) -> Void

        let setVerifyCallback: @convention(c) (Pointer?, VerifyCallback?, UnsafeMutableRawPointer?) -> Void
        let setExtraData: @convention(c) (Pointer?, Int32, UnsafeMutableRawPointer?) -> Int32
        let verify: @convention(c) (Pointer?) -> Int32
        let chain: @convention(c) (Pointer?) -> Pointer?
        let error: @convention(c) (Pointer?) -> Int32
        let setError: @convention(c) (Pointer?, Int32) -> Void
        let errorText: @convention(c) (Int) -> UnsafePointer<CChar>?
        let count: @convention(c) (Pointer?) -> Int32
        let element: @convention(c) (Pointer?, Int32) -> Pointer?
        let encode: @convention(c) (Pointer?, UnsafeMutablePointer<UnsafeMutablePointer<UInt8>?>?) -> Int32
        /// The index of the checks in each `SSL_CTX`'s extra data.
        let extraDataIndex: Int32

        /// libcurl's `CURLOPT_SSL_CTX_FUNCTION`, whose data is the ``CurlExchange``.
        let contextFunction = unsafeBitCast(curlContextFunction, to: UnsafeRawPointer.self)
        /// The same for a connection of its own (a WebSocket's), whose data is its
        /// ``ConnectionTrustCheck``.
        let checkContextFunction = unsafeBitCast(curlCheckContextFunction, to: UnsafeRawPointer.self)

        static let shared: CurlTrust? = Libcurl.shared.flatMap(load)

        /// OpenSSL's `X509_V_ERR_APPLICATION_VERIFICATION`: the application's own check refused the
        /// chain (here, the pins).
        static let applicationVerificationError: Int32 = 50

        private init?(ssl: UnsafeMutableRawPointer, crypto: UnsafeMutableRawPointer) {
            func symbol<Function>(_ library: UnsafeMutableRawPointer, _ name: String, as type: Function.Type)
                -> Function?
            {
                dlsym(library, name).map { unsafeBitCast($0, to: type) }
            }
            typealias NewIndex =
                @convention(c) (
                    Int32, Int, UnsafeMutableRawPointer?, UnsafeRawPointer?, UnsafeRawPointer?, ExtraDataFree?
                ) -> Int32
            guard
                let setVerifyCallback = symbol(
                    ssl, "SSL_CTX_set_cert_verify_callback", as: type(of: setVerifyCallback)),
                let setExtraData = symbol(ssl, "SSL_CTX_set_ex_data", as: type(of: setExtraData)),
                let newIndex = symbol(crypto, "CRYPTO_get_ex_new_index", as: NewIndex.self),
                let verify = symbol(crypto, "X509_verify_cert", as: type(of: verify)),
                let chain = symbol(crypto, "X509_STORE_CTX_get0_chain", as: type(of: chain)),
                let error = symbol(crypto, "X509_STORE_CTX_get_error", as: type(of: error)),
                let setError = symbol(crypto, "X509_STORE_CTX_set_error", as: type(of: setError)),
                let errorText = symbol(crypto, "X509_verify_cert_error_string", as: type(of: errorText)),
                let count = symbol(crypto, "OPENSSL_sk_num", as: type(of: count)),
                let element = symbol(crypto, "OPENSSL_sk_value", as: type(of: element)),
                let encode = symbol(crypto, "i2d_X509", as: type(of: encode))
            else { return nil }
            // CRYPTO_EX_INDEX_SSL_CTX is 1.
            let index = newIndex(1, 0, nil, nil, nil, releaseCheck)
            guard index >= 0 else { return nil }
            self.setVerifyCallback = setVerifyCallback
            self.setExtraData = setExtraData
            self.verify = verify
            self.chain = chain
            self.error = error
            self.setError = setError
            self.errorText = errorText
            self.count = count
            self.element = element
            self.encode = encode
            extraDataIndex = index
        }

        private static func load(_ curl: Libcurl) -> CurlTrust? {
            // The libraries libcurl is linked with, already loaded with it.
            let names: (String, String)
            if curl.tlsLibrary.hasPrefix("OpenSSL/3.") {
                names = ("libssl.so.3", "libcrypto.so.3")
            } else if curl.tlsLibrary.hasPrefix("OpenSSL/1.1") {
                names = ("libssl.so.1.1", "libcrypto.so.1.1")
            } else {
                return nil
            }
            guard let ssl = dlopen(names.0, RTLD_NOW), let crypto = dlopen(names.1, RTLD_NOW) else { return nil }
            return CurlTrust(ssl: ssl, crypto: crypto)
        }

        /// The certificates of a verified chain, leaf first, as DER.
        func certificates(of context: Pointer?) -> [Data] {
            guard let stack = chain(context) else { return [] }
            var certificates: [Data] = []
            for index in 0..<count(stack) {
                guard let certificate = element(stack, index) else { continue }
                let length = encode(certificate, nil)
                guard length > 0 else { continue }
                var der = Data(count: Int(length))
                der.withUnsafeMutableBytes { bytes in
                    var cursor = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self)
                    _ = encode(certificate, &cursor)
                }
                certificates.append(der)
            }
            return certificates
        }
    }

    /// Why the TLS check last refused each host, cleared when it next accepts one; kept by a
    /// ``CurlEventLoop`` and read there when a transfer ends.
    ///
    /// A class of its own, held strongly by the loop, its transfers and their connections' checks,
    /// so that none of them needs a weak reference to the loop.
    final class CurlTrustFailures {
        /// The reasons by host, read and written only under the loop's lock (OpenSSL runs the verify
        /// callback inside `curl_multi_socket_action`).
        var byHost: [String: HTTPError.PinningFailureReason] = [:]
    }

    /// One connection's check: its host, the pins it must satisfy, and where to keep why it was
    /// refused.
    final class ConnectionTrustCheck {
        let host: String
        let pins: PublicKeyPins
        let failures: CurlTrustFailures?

        init(host: String, pins: PublicKeyPins, failures: CurlTrustFailures?) {
            self.host = host
            self.pins = pins
            self.failures = failures
        }
    }

    /// `CURLOPT_SSL_CTX_FUNCTION`: attaches a check to the new connection's context.
    private let curlContextFunction:
        @convention(c) (OpaquePointer?, OpaquePointer?, UnsafeMutableRawPointer?) -> Int32 =
            { _, context, user in
                guard let trust = CurlTrust.shared, let user else { return CurlCode.notBuiltIn.rawValue }
                let transfer = Unmanaged<CurlExchange>.fromOpaque(user).takeUnretainedValue()
                let check = ConnectionTrustCheck(
                    host: transfer.host, pins: transfer.exchange.pins, failures: transfer.trustFailures)
                return CurlTrust.attach(check, to: context, trust: trust)
            }

    /// `CURLOPT_SSL_CTX_FUNCTION` for a handle whose data is its own ``ConnectionTrustCheck``.
    private let curlCheckContextFunction:
        @convention(c) (OpaquePointer?, OpaquePointer?, UnsafeMutableRawPointer?) -> Int32 =
            { _, context, user in
                guard let trust = CurlTrust.shared, let user else { return CurlCode.notBuiltIn.rawValue }
                let check = Unmanaged<ConnectionTrustCheck>.fromOpaque(user).takeUnretainedValue()
                return CurlTrust.attach(check, to: context, trust: trust)
            }

    extension CurlTrust {
        /// Keeps `check` in the context's extra data (released with the context) and installs the
        /// verification that runs it; libcurl's code for the context function's answer.
        static func attach(_ check: ConnectionTrustCheck, to context: OpaquePointer?, trust: CurlTrust) -> Int32 {
            let pointer = Unmanaged.passRetained(check).toOpaque()
            guard trust.setExtraData(context, trust.extraDataIndex, pointer) == 1 else {
                Unmanaged<ConnectionTrustCheck>.fromOpaque(pointer).release()
                return CurlCode.sslConnectError.rawValue  // never connect unchecked
            }
            trust.setVerifyCallback(context, verifyChain, pointer)
            return 0
        }
    }

    /// OpenSSL's certificate verification for a pinned host: its own, then the pins.
    private let verifyChain: @convention(c) (OpaquePointer?, UnsafeMutableRawPointer?) -> Int32 = { context, argument in
        guard let trust = CurlTrust.shared, let argument else { return 0 }
        let check = Unmanaged<ConnectionTrustCheck>.fromOpaque(argument).takeUnretainedValue()
        guard trust.verify(context) == 1 else {
            let message = trust.errorText(Int(trust.error(context))).map { String(cString: $0) } ?? "not trusted"
            check.failures?.byHost[check.host] = .untrustedChain(message)
            return 0
        }
        let chain = trust.certificates(of: context)
        if let reason = check.pins.evaluate(certificateChain: chain, host: check.host, at: Date()) {
            check.failures?.byHost[check.host] = reason
            trust.setError(context, CurlTrust.applicationVerificationError)
            return 0
        }
        check.failures?.byHost[check.host] = nil
        return 1
    }

    /// OpenSSL's free function for the checks' extra data: releases a context's check.
    private let releaseCheck: CurlTrust.ExtraDataFree = { _, pointer, _, _, _, _ in
        guard let pointer else { return }
        Unmanaged<ConnectionTrustCheck>.fromOpaque(pointer).release()
    }
#endif
