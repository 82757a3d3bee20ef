package import RunHTTP
/// A route's handler and how the application treats it.
package struct WebRoute: Sendable {
    package enum Kind: Sendable {
        /// An HTML page: errors are pages, in the interface language.
        case page
        /// The JSON API: errors are `{"error": {"code", "message"}}`.
        case api
    }

    package var kind: Kind
    /// Whether a GET response may be kept and served again until the stores change.
    package var isCacheable: Bool
    /// The largest body it takes; nil for the configuration's form limit.
    package var bodyLimit: Int?
    /// Whether it shows the live recording ("Recording now"): the state is read once, before the
    /// cache is asked, handed to the handler (``RequestContext/live``) and made part of the cache key.
    package var showsLiveState: Bool
    /// Whether its body is written to a file as it arrives rather than kept in memory
    /// (``RunHTTP/SpooledBody``: uploads).
    package var spoolsBody: Bool
    package var handle: @Sendable (RequestContext) throws -> HTTPResponse

    package init(_ kind: Kind, cacheable: Bool = false, bodyLimit: Int? = nil, showsLiveState: Bool = false, spoolsBody: Bool = false,
                _ handle: @escaping @Sendable (RequestContext) throws -> HTTPResponse) {
        self.kind = kind
        isCacheable = cacheable
        self.bodyLimit = bodyLimit
        self.showsLiveState = showsLiveState
        self.spoolsBody = spoolsBody
        self.handle = handle
    }
}
