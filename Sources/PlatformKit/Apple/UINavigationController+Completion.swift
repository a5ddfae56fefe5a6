#if canImport(UIKit) && !os(watchOS)
    import Dispatch
    public import UIKit

    // AdvancedNavigationStackManagement (SurfUtils): navigation-stack changes with a completion
    // called after the transition, or on the next main-queue turn when not animated, when there is no
    // transition coordinator, or when the coordinator cannot queue the completion. Apple platforms only.

    extension UINavigationController {
        /// Pushes `viewController` and calls `completion` once the push has finished (SurfUtils' method;
        /// `@preconcurrency`, so Swift 5 code sees SurfUtils' `() -> Void` completion).
        ///
        /// - Parameters:
        ///   - viewController: The screen to push.
        ///   - animated: Whether to animate.
        ///   - completion: Called on the main actor after the transition.
        @preconcurrency
        public func pushViewController(
            _ viewController: UIViewController, animated: Bool, completion: @escaping @MainActor () -> Void
        ) {
            pushViewController(viewController, animated: animated)
            finishTransition(animated: animated, completion)
        }

        /// Pops the top screen and calls `completion` once the pop has finished (SurfUtils' method, which
        /// returns nothing; `@preconcurrency`, so Swift 5 code sees SurfUtils' `() -> Void` completion).
        ///
        /// - Parameters:
        ///   - animated: Whether to animate.
        ///   - completion: Called on the main actor after the transition.
        @preconcurrency
        public func popViewController(animated: Bool, completion: @escaping @MainActor () -> Void) {
            _ = popViewController(animated: animated)
            finishTransition(animated: animated, completion)
        }

        /// Pops to the root screen and calls `completion` once the transition has finished.
        ///
        /// - Parameters:
        ///   - animated: Whether to animate.
        ///   - completion: Called on the main actor after the transition.
        /// - Returns: The popped screens, if any.
        @preconcurrency @discardableResult
        public func popToRootViewController(
            animated: Bool, completion: @escaping @MainActor () -> Void
        ) -> [UIViewController]? {
            let popped = popToRootViewController(animated: animated)
            finishTransition(animated: animated, completion)
            return popped
        }

        /// Replaces the stack and calls `completion` once the transition has finished.
        ///
        /// - Parameters:
        ///   - viewControllers: The new stack, root first.
        ///   - animated: Whether to animate.
        ///   - completion: Called on the main actor after the transition.
        @preconcurrency
        public func setViewControllers(
            _ viewControllers: [UIViewController], animated: Bool, completion: @escaping @MainActor () -> Void
        ) {
            setViewControllers(viewControllers, animated: animated)
            finishTransition(animated: animated, completion)
        }

        private func finishTransition(animated: Bool, _ completion: @escaping @MainActor () -> Void) {
            guard animated, let coordinator = transitionCoordinator else {
                DispatchQueue.main.async { MainActor.assumeIsolated { completion() } }
                return
            }
            // `animate(alongsideTransition:completion:)` returns false when it could not queue the
            // blocks, and then never calls the completion: call it on the next main-queue turn instead.
            let queued = coordinator.animate(alongsideTransition: nil) { _ in
                MainActor.assumeIsolated { completion() }
            }
            if !queued {
                DispatchQueue.main.async { MainActor.assumeIsolated { completion() } }
            }
        }
    }
#endif
