import Foundation
import PlatformKit
import Testing

@Suite("RecordingURLOpener")
struct RecordingURLOpenerTests {
    @Test("records accepted URLs in order and refuses other schemes")
    func recordsAccepted() async throws {
        // Given an opener for mailto and maps, in mixed case
        let opener = RecordingURLOpener(openableSchemes: ["MailTo", "yandexmaps"])
        let mail = try #require(URL(string: "mailto:a@example.org"))
        let maps = try #require(URL(string: "yandexmaps://route"))
        let web = try #require(URL(string: "https://example.org"))

        // When opening three URLs
        let results = [await opener.open(mail), await opener.open(web), await opener.open(maps)]

        // Then only the accepted ones are recorded, in order
        #expect(results == [true, false, true])
        #expect(opener.openedURLs == [mail, maps])
        #expect(opener.canOpen(web) == false)
    }

    @Test("is Sendable: concurrent opens from detached tasks are all recorded")
    func concurrentOpens() async throws {
        // Given an opener shared by many tasks
        let opener = RecordingURLOpener(openableSchemes: ["x"])
        // When 50 detached tasks open a URL each
        await withTaskGroup(of: Void.self) { group in
            for index in 0..<50 {
                group.addTask { _ = await opener.open(URL(string: "x://\(index)")!) }
            }
        }
        // Then every one was recorded once
        #expect(Set(opener.openedURLs.map(\.absoluteString)).count == 50)
    }
}
