/// A request the application refuses, with its status and a code and message for the JSON API.
public struct WebError: Error, Sendable {
    public var status: Int
    /// Stable, machine-readable (`notFound`, `invalidSetting`, `csrf`, …).
    public var code: String
    public var message: String
    /// Header fields the response carries (`Allow` with a 405).
    public var headers: [(name: String, value: String)]
    /// The limit a 413 names, in bytes.
    public var limitBytes: Int?

    public init(_ status: Int, _ code: String, _ message: String, headers: [(name: String, value: String)] = [], limitBytes: Int? = nil) {
        self.status = status
        self.code = code
        self.message = message
        self.headers = headers
        self.limitBytes = limitBytes
    }

    public static func notFound(_ message: String = "there is nothing at this address") -> WebError {
        WebError(404, "notFound", message)
    }

    public static func badRequest(_ message: String) -> WebError { WebError(400, "badRequest", message) }
}
