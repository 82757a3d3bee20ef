import RunHTTP

/// Every 503 and 429 the web application sends says when to try again (`Retry-After`, RFC 9110
/// §10.2.3): a refusal that names its own wait keeps it (the import queue's 30 s, a live
/// stream's 5 s: ``WebError/retryingAfter(seconds:)``), any other gets ``defaultSeconds`` — a
/// store that stayed busy past its timeout, or a refusal added later that forgot it. Outermost in
/// the chain, so nothing answered after it can go without.
struct RetryAfterMiddleware: Middleware {
    static let fieldName = "Retry-After"
    /// The wait a 503 or 429 names when its refusal named none, in seconds.
    static let defaultSeconds = 5

    func respond(to context: inout RequestContext, next: Responder) throws -> HTTPResponse {
        Self.ensured(try next(&context))
    }

    /// `response`, with `Retry-After: 5` added when it is a 503 or 429 without one.
    static func ensured(_ response: HTTPResponse) -> HTTPResponse {
        guard response.status == 503 || response.status == 429, response.header(fieldName) == nil else { return response }
        var response = response
        response.add(fieldName, String(defaultSeconds))
        return response
    }
}
