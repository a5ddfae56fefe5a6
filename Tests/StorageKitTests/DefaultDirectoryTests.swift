import Foundation
import Testing

@testable import StorageKit

@Suite("Default directories (XDG Base Directory on Linux)")
struct DefaultDirectoryTests {
    @Test("caches go to $XDG_CACHE_HOME/<name> when it is absolute")
    func cacheFromVariable() {
        // Given XDG_CACHE_HOME set
        let environment = ["XDG_CACHE_HOME": "/var/cache/me"]

        // When the cache directory is computed, then it is under the variable
        let url = LocalStorage.freedesktopDirectory(for: .cache, name: "app", environment: environment, home: "/home/u")
        #expect(url.path == "/var/cache/me/app")
    }

    @Test("caches fall back to ~/.cache/<name> when the variable is unset or relative")
    func cacheFallback() {
        for environment in [[:], ["XDG_CACHE_HOME": "relative/path"], ["XDG_CACHE_HOME": ""]] {
            let url = LocalStorage.freedesktopDirectory(
                for: .cache, name: "app", environment: environment, home: "/home/u")
            #expect(url.path == "/home/u/.cache/app")
        }
    }

    @Test("data goes to $XDG_DATA_HOME/<name> or ~/.local/share/<name>")
    func dataDirectory() {
        let set = LocalStorage.freedesktopDirectory(
            for: .data,
            name: "app",
            environment: ["XDG_DATA_HOME": "/data", "XDG_CACHE_HOME": "/cache"],
            home: "/home/u"
        )
        #expect(set.path == "/data/app")
        let unset = LocalStorage.freedesktopDirectory(for: .data, name: "app", environment: [:], home: "/home/u")
        #expect(unset.path == "/home/u/.local/share/app")
    }

    #if !canImport(Darwin)
        @Test("the default directory of this process follows the same rule with the process name")
        func processDefault() {
            let environment = ProcessInfo.processInfo.environment
            let home = FileManager.default.homeDirectoryForCurrentUser.path
            let base = environment["XDG_CACHE_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? home + "/.cache"
            let name = Bundle.main.bundleIdentifier ?? ProcessInfo.processInfo.processName
            #expect(LocalStorage.defaultDirectory().path == base + "/" + name)
            #expect(LocalStorage.defaultDirectory(for: .cache, name: "myapp").path == base + "/myapp")
        }
    #endif
}
