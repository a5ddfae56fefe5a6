/// The data `BrightSide`'s rules look for.
enum IntegrityRules {
    /// SurfUtils' six paths, then those of rootless jailbreaks (palera1n, Dopamine), their
    /// package managers and Frida's server and agent.
    static let jailbreakPaths = [
        "/Applications/Cydia.app",
        "/Library/MobileSubstrate/MobileSubstrate.dylib",
        "/bin/bash",
        "/usr/sbin/sshd",
        "/etc/apt",
        "/private/var/lib/apt/",
        "/Applications/Sileo.app",
        "/Applications/Zebra.app",
        "/Applications/Filza.app",
        "/var/jb",
        "/private/preboot/jb",
        "/var/binpack",
        "/.installed_dopamine",
        "/usr/sbin/frida-server",
        "/var/jb/usr/sbin/frida-server",
        "/usr/lib/frida/frida-agent.dylib",
        "/var/jb/Applications/Sileo.app",
        "/var/jb/Applications/Zebra.app",
        "/var/jb/Applications/Filza.app",
    ]

    /// URL schemes registered by jailbreak stores and tools.
    static let jailbreakSchemes = ["cydia", "sileo", "zbra", "filza", "undecimus", "activator"]

    /// Where SurfUtils tried to write to prove a sandbox escape.
    static let sandboxProbePath = "/private/JailbreakTest.txt"

    /// Directories that jailbreaks used to move to the data partition and replace with links.
    static let relocatedDirectories = [
        "/Applications", "/Library/Ringtones", "/Library/Wallpaper", "/usr/arm-apple-darwin9", "/usr/include",
        "/usr/libexec", "/usr/share",
    ]

    /// File-name fragments of hooking and instrumentation libraries, compared case-insensitively.
    static let suspiciousImageFragments = [
        "frida", "fridagadget", "gum-js-loop", "mobilesubstrate", "substrateloader", "substrateinserter",
        "libsubstitute", "tweakinject", "libhooker", "ellekit", "cycript", "sslkillswitch", "libinjector",
    ]

    static func isSuspiciousImage(_ path: String) -> Bool {
        let name = path.split(separator: "/").last.map { $0.lowercased() } ?? path.lowercased()
        return suspiciousImageFragments.contains { name.contains($0) }
    }
}
