#if canImport(UIKit)
    import Foundation
    import UIKit

    extension SettingsRouter {
        /// `UIApplication.openSettingsURLString` as a URL.
        static var appleSettingsURL: URL? {
            URL(string: UIApplication.openSettingsURLString)
        }
    }
#endif
