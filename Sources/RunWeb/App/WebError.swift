public import RunCore

/// A request the application refuses, with its status and a code and message for the JSON API.
public struct WebError: Error, Sendable {
    public var status: Int
    /// Stable, machine-readable (`notFound`, `invalidSetting`, `csrf`, …).
    public var code: String
    /// In English: the JSON API's `message`.
    public var message: String
    /// Header fields the response carries (`Allow` with a 405).
    public var headers: [(name: String, value: String)]
    /// The limit a 413 names, in bytes.
    public var limitBytes: Int?
    /// The message in the page's language, when it differs from ``message``.
    public var pageMessage: String?
    /// What the error tells besides its code, under stable keys (SI units with the unit in the key):
    /// members of the API's `error` object beside `code` and `message`.
    public var data: [String: JSONValue] = [:]

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
