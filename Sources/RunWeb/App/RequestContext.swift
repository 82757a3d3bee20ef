import Foundation
public import RunCore
public import RunHTTP
public import RunStore
public import RunUI

/// What a page or API handler works with: the request, the path's parameters, this thread's
/// store connections, the settings (read per request, so a change made anywhere shows at once)
/// and the formatting they ask for.
public struct RequestContext {
    public let request: HTTPRequest
    public let parameters: [String: String]
    public let workspace: Workspace
    public let reading: SettingsReading
    public let formatter: DisplayFormatter
    public let calendar: CalendarText
    public let csrf: CSRFGuard
    public let configuration: WebConfiguration
    /// The live recording, read for routes that show it (``WebRoute/showsLiveState``); else nil.
    public let live: LivePresentation?
    let pool: StorePool
    let assets: StaticAssets
    let liveFeed: LiveFeed
    /// The multipart body, when the CSRF check already parsed it for its token (an upload is
    /// parsed once).
    var preparsedMultipart: MultipartForm? = nil

    public var settings: SettingsSnapshot { reading.snapshot }
    public var strings: UIStrings { formatter.strings }
    public var library: any RunLibrary { workspace.library }
    public var language: Language { formatter.language }

    /// The run number in the path (`{id}`).
    /// - Throws: ``WebError`` 404 when it is not a positive number.
    public func runID() throws -> Int64 {
        guard let text = parameters["id"], let id = Int64(text), id > 0 else { throw WebError.notFound("there is no run '\(parameters["id"] ?? "")'") }
        return id
    }

    /// Records a change this request made (cached pages are rebuilt).
    public func noteChange() { pool.noteChange() }

    /// The interactive map's tile URL and its CSP origin, when tiles are on and the URL is usable.
    public var tileServer: (template: String, origin: String)? {
        guard settings[Settings.downloadTiles], assets.hasLeaflet else { return nil }
        let template = settings[Settings.tileURL]
        return SecurityHeaders.tileOrigin(template).map { (template, $0) }
    }

    /// The form body of a POST (`application/x-www-form-urlencoded`).
    public var form: URLEncodedForm { URLEncodedForm(request.body) }

    /// The multipart body of a POST (`multipart/form-data`: uploads).
    /// - Throws: ``FormError`` when it is not a multipart form.
    public func multipartForm() throws -> MultipartForm {
        if let preparsedMultipart { return preparsedMultipart }
        return try MultipartForm(body: request.body, contentType: request.header("content-type") ?? "")
    }

    static func formatting(_ settings: SettingsSnapshot) -> (DisplayFormatter, CalendarText) {
        let language = Language(settingValue: settings[Settings.language]) ?? .english
        let units = UnitSystem(rawValue: settings[Settings.units]) ?? .metric
        return (DisplayFormatter(units: units, language: language), CalendarText(timeZone: TimeZone.current, language: language))
    }
}
