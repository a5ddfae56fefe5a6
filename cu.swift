import Foundation
import FoundationNetworking
let session = URLSession(configuration: .ephemeral)
let done = DispatchSemaphore(value: 0)
for _ in 0..<3 {
    var request = URLRequest(url: URL(string: "http://127.0.0.1:18777/")!)
    request.setValue("x", forHTTPHeaderField: "X-Test")
    session.dataTask(with: request) { _, _, _ in done.signal() }.resume()
    done.wait()
}
session.finishTasksAndInvalidate()
Thread.sleep(forTimeInterval: 0.5)
print("done")
