// SurfUtils' AdvancedNavigationStackManagement: push and pop with a completion. UIKit only, so this file
// is compiled on iOS and tvOS, not by this repository's Linux CI.

#if canImport(UIKit) && !os(watchOS)
    import UIKit
    import ServiceUtils
    import XCTest

    final class NavigationControllerTests: XCTestCase {
        @MainActor
        func testPushAndPopCallTheirCompletions() {
            let navigationController = UINavigationController(rootViewController: UIViewController())
            let controller = UIViewController()
            let pushed = expectation(description: "pushed")
            navigationController.pushViewController(
                controller, animated: false,
                completion: {
                    pushed.fulfill()
                })
            wait(for: [pushed], timeout: 5)
            XCTAssertEqual(navigationController.topViewController, controller)
            let popped = expectation(description: "popped")
            navigationController.popViewController(
                animated: false,
                completion: {
                    popped.fulfill()
                })
            wait(for: [popped], timeout: 5)
            XCTAssertEqual(navigationController.viewControllers.count, 1)
        }
    }
#endif
