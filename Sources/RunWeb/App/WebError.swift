package import RunCore
import RunHTTP

/// A request the application refuses, with its status and a code and message for the JSON API.
package struct WebError: Error, Sendable {
    package var status: Int
    /// Stable, machine-readable (`notFound`, `invalidSetting`, `csrf`, …).
    package var code: String
    /// In English: the JSON API's `message`.
    package var message: String
    /// Header fields the response carries (`Allow` with a 405).
    package var headers: [(name: String, value: String)]
    /// The limit a 413 names, in bytes.
    package var limitBytes: Int?
    /// The message in the page's language, when it differs from ``message``.
    package var pageMessage: String?
    /// What the error tells besides its code, under stable keys (SI units with the unit in the key):
    /// members of the API's `error` object beside `code` and `message`.
    package var data: [String: JSONValue] = [:]

    package init(_ status: Int, _ code: String, _ message: String, headers: [(name: String, value: String)] = [], limitBytes: Int? = nil) {
        self.status = status
        self.code = code
        self.message = message
        self.headers = headers
        self.limitBytes = limitBytes
    }

    package static func notFound(_ message: String = "there is nothing at this address") -> WebError {
        WebError(404, "notFound", message)
    }

    package static func badRequest(_ message: String) -> WebError { WebError(400, "badRequest", message) }

    /// This error with `Retry-After: seconds` (RFC 9110 §10.2.3) and `retryAfterSeconds` in its
    /// data: when to try again, for a refusal that waiting mends (503, 429).
    package func retryingAfter(seconds: Int) -> WebError {
        var error = self
        error.headers.removeAll { HTTPResponse.sameFieldName($0.name, RetryAfterMiddleware.fieldName) }
        error.headers.append((RetryAfterMiddleware.fieldName, String(seconds)))
        error.data["retryAfterSeconds"] = .integer(Int64(seconds))
        return error
    }
}
