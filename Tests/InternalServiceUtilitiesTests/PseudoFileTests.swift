import Foundation
import InternalServiceUtilities
import Testing

#if canImport(Glibc)
    import Glibc
#endif

@Suite("PseudoFile")
struct PseudoFileTests {
    #if os(Linux)
        @Test("a /proc/self/maps far longer than a page is read to its end")
        func longMaps() throws {
            // Given 2,000 extra mappings with alternating protections, so the kernel cannot merge them
            var pages: [UnsafeMutableRawPointer] = []
            defer { for page in pages { munmap(page, 4096) } }
            for index in 0..<2_000 {
                let protection = PROT_READ | (index % 2 == 0 ? PROT_WRITE : 0)
                let page = try #require(mmap(nil, 4096, protection, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0))
                #expect(page != MAP_FAILED)
                pages.append(page)
            }
            // When the listing is read
            let maps = try #require(PseudoFile.read("/proc/self/maps"))
            // Then it holds every mapping, the libraries included, not just the first page
            let lines = maps.split(separator: "\n")
            #expect(lines.count > 2_000)
            #expect(maps.contains("libc.so"))
            #expect(maps.hasSuffix("\n"))
        }
    #endif

    @Test("a missing file is nil, not a crash")
    func missing() {
        #expect(PseudoFile.read("/no/such/file") == nil)
    }
}
