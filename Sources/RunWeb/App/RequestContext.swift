import Foundation
import RunApp
package import RunCore
package import RunHTTP
package import RunStore
package import RunUI

/// What the middleware chain and then a page or API handler work with: the request, who is
/// asking (``identity``), its session, the route and its parameters, this thread's store
/// connections, the settings (read per request, so a change made anywhere shows at once) and the
/// formatting they ask for. Each middleware fills what it is for (see ``WebApplication``); a
/// handler gets it complete.
package struct RequestContext {
    /// The request; an absolute-form target's path made origin-form by ``HostCheckMiddleware``.
    package internal(set) var request: HTTPRequest
    package let configuration: WebConfiguration
    /// Who is asking (``IdentityMiddleware``): the anonymous local user until accounts exist.
    package internal(set) var identity: Identity = .localUser
    /// The path's parameters (`{id}`), from ``RoutingMiddleware``.
    package internal(set) var parameters: [String: String] = [:]
    /// The route matched, from ``RoutingMiddleware``; nil before it and for static files.
    var route: WebRoute?
    /// The request's session, made on first use (``SessionMiddleware``).
    let session: SessionSlot
    /// The connections and settings, while ``WorkspaceMiddleware`` holds them.
    var scope: StoreScope?
    /// The formatting the settings ask for, kept after the scope ends (error pages use it).
    var formatting: Formatting?
    /// The CSP source of the map's tile server when the settings turn tiles on (``SecurityHeadersMiddleware``).
    var tileOrigin: String?
    let pool: StorePool
    let assets: StaticAssets
    let liveFeed: LiveFeed
    /// The uploads waiting to be imported.
    let imports: ImportQueue
    /// The places for downloads being written at once.
    let downloads: WorkSlots
    /// The places for tracks cleaned again from their points.
    let trackWork: WorkSlots
    /// The background recompute after analysis settings change.
    let recompute: RecomputeWorker
    /// Stores the sketches pages compute for runs without one.
    let sketches: SketchKeeper
    /// The multipart body, when the CSRF check already parsed it for its token (an upload is
    /// parsed once).
    var preparsedMultipart: MultipartForm? = nil

    /// A workspace's connections and what was read through them for this request.
    struct StoreScope {
        let workspace: Workspace
        let reading: SettingsReading
        /// The live recording, read for routes that show it (``WebRoute/showsLiveState``); else nil.
        let live: LivePresentation?
    }

    struct Formatting {
        let formatter: DisplayFormatter
        let calendar: CalendarText
    }

    init(request: HTTPRequest, configuration: WebConfiguration, sessions: SessionStore, pool: StorePool, assets: StaticAssets,
         liveFeed: LiveFeed, imports: ImportQueue, downloads: WorkSlots,
         trackWork: WorkSlots, recompute: RecomputeWorker, sketches: SketchKeeper, principal: Principal? = nil) {
        self.request = request
        self.configuration = configuration
        session = SessionSlot(store: sessions, request: request, principal: principal)
        self.pool = pool
        self.assets = assets
        self.liveFeed = liveFeed
        self.imports = imports
        self.downloads = downloads
        self.trackWork = trackWork
        self.recompute = recompute
        self.sketches = sketches
    }

    private var storeScope: StoreScope {
        guard let scope else { preconditionFailure("a handler runs inside WorkspaceMiddleware") }
        return scope
    }

    package var workspace: Workspace { storeScope.workspace }
    package var reading: SettingsReading { storeScope.reading }
    /// The live recording, read for routes that show it (``WebRoute/showsLiveState``); else nil.
    package var live: LivePresentation? { storeScope.live }
    package var formatter: DisplayFormatter { formatting?.formatter ?? DisplayFormatter() }
    package var calendar: CalendarText { formatting?.calendar ?? CalendarText(timeZone: TimeZone.current) }
    package var settings: SettingsSnapshot { reading.snapshot }
    package var strings: UIStrings { formatter.strings }
    package var library: any RunLibrary { workspace.library }
    package var language: Language { formatter.language }

    /// The analysis preferences as the settings hold them when called (read again from the store,
    /// not this request's copy): what a recompute checks its writes against.
    package func currentAnalysisPreferences() throws -> AnalysisPreferences {
        AnalysisPreferences(settings: try workspace.settings.snapshot())
    }

    /// The session's CSRF token, for a page's forms and `GET /api/v1/session`. A request without
    /// a session gets one here (its cookie is set on the response).
    package var csrfToken: String { session.current(for: identity).csrfToken }

    /// The run number in the path (`{id}`).
    /// - Throws: ``WebError`` 404 when it is not a positive number.
    package func runID() throws -> Int64 {
        guard let text = parameters["id"], let id = Int64(text), id > 0 else { throw WebError.notFound("there is no run '\(parameters["id"] ?? "")'") }
        return id
    }

    /// The interactive map's tile URL and its CSP origin, when tiles are on and the URL is usable.
    package var tileServer: (template: String, origin: String)? {
        guard settings[Settings.downloadTiles], assets.hasLeaflet else { return nil }
        let template = settings[Settings.tileURL]
        return SecurityHeaders.tileOrigin(template).map { (template, $0) }
    }

    /// The form body of a POST (`application/x-www-form-urlencoded`).
    package var form: URLEncodedForm { URLEncodedForm(request.body) }

    /// The multipart body of a POST (`multipart/form-data`: uploads).
    /// - Throws: ``FormError`` when it is not a multipart form.
    package func multipartForm() throws -> MultipartForm {
        if let preparsedMultipart { return preparsedMultipart }
        return try MultipartForm(body: request.body, contentType: request.header("content-type") ?? "")
    }

    static func formatting(_ settings: SettingsSnapshot) -> (DisplayFormatter, CalendarText) {
        let preferences = DisplayPreferences(settings: settings, timeZone: TimeZone.current)
        return (DisplayFormatter(preferences), CalendarText(preferences))
    }

    /// Units, language, first weekday and time zone (the server's) of the request's settings.
    var display: DisplayPreferences { DisplayPreferences(settings: settings, timeZone: calendar.timeZone) }
}

/// A request's session: the one its cookie names when the server keeps it, else one made the
/// first time something asks for it. One request's, on one thread.
final class SessionSlot {
    private let store: SessionStore
    /// Where the request came from: a session made for it counts against this address.
    private let address: ClientAddress
    /// The session, once known.
    private(set) var session: Session?
    /// Whether it was made for this request (its cookie goes out with the response, if the request is accepted).
    private(set) var isNew = false
    /// Whether the cookie named a session that expired (unused for longer than the store's idle time).
    let hasExpired: Bool

    /// Whether the request proved who it is with an API token (`Authorization: Bearer`), not a
    /// cookie: it needs no CSRF token (a browser never adds the header by itself) and gets no cookie.
    let isTokenAuthenticated: Bool

    /// - Parameter principal: who the request is, found before (server mode: a login session in
    ///   the database, or an API token); nil to find its session in `store` by its cookie.
    init(store: SessionStore, request: HTTPRequest, principal: Principal? = nil) {
        self.store = store
        address = request.clientAddress
        isTokenAuthenticated = principal?.isToken ?? false
        if let principal {
            session = principal.session
            hasExpired = false
            return
        }
        switch request.cookies[Session.cookieName].map(store.lookup(id:)) {
        case .kept(let kept)?:
            session = kept
            hasExpired = false
        case .expired?: hasExpired = true
        case .unknown?, nil: hasExpired = false
        }
    }

    /// How long a session may go unused, in seconds.
    var idleSeconds: Double { store.idleSeconds }

    /// The session, made now for `identity` when the request named none the server keeps.
    func current(for identity: Identity) -> Session {
        if let session { return session }
        let made = store.create(for: identity, from: address)
        session = made
        isNew = true
        return made
    }

    /// Forgets a session made for this request (it was refused: it keeps none, and gets no cookie).
    func discardNew() {
        guard isNew, let session else { return }
        store.remove(id: session.id)
        self.session = nil
        isNew = false
    }
}
