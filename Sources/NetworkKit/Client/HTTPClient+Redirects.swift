/// A per-task override of ``HTTPClient/Configuration/followsRedirects``: the Alamofire façade sets it
/// to false while a `RedirectHandler` decides a request's redirects, so that each redirect comes back
/// to it as an answer.
enum RedirectOverride {
    /// Whether the current task's exchanges follow redirects; nil to take the client's setting.
    @TaskLocal static var followsRedirects: Bool?
}

extension HTTPClient {
    /// Whether the exchanges the current task makes follow redirects: the task's override, else the
    /// client's configuration.
    var followsRedirectsNow: Bool { RedirectOverride.followsRedirects ?? configuration.followsRedirects }
}
