/// A request the application refuses, with its status and a code and message for the JSON API.
public struct WebError: Error, Sendable {
    public var status: Int
    /// Stable, machine-readable (`notFound`, `invalidSetting`, `csrf`, …).
    public var code: String
    public var message: String

    public init(_ status: Int, _ code: String, _ message: String) {
        self.status = status
        self.code = code
        self.message = message
    }

    public static func notFound(_ message: String = "there is nothing at this address") -> WebError {
        WebError(404, "notFound", message)
    }

    public static func badRequest(_ message: String) -> WebError { WebError(400, "badRequest", message) }
}
