import RunHTTP

/// The rest of the chain, as a middleware sees it: hand the context on, get the response back.
typealias Responder = (inout RequestContext) throws -> HTTPResponse

/// One cross-cutting concern of the web application (the host check, security headers, CSRF,
/// change tracking, caching …): it may answer a request itself, hand it on to `next` (after
/// filling its part of the context), and change or replace what comes back. Errors thrown by
/// `next` pass through unless the middleware is for them (``ErrorMappingMiddleware``).
///
/// The context is `inout`: what an inner middleware learns (the settings' tile origin, a new
/// session) is seen by the outer ones when `next` returns.
protocol Middleware: Sendable {
    func respond(to context: inout RequestContext, next: Responder) throws -> HTTPResponse
}

/// Middleware in order, outermost first, in front of an endpoint.
struct MiddlewareChain: Sendable {
    let middleware: [any Middleware]
    let endpoint: @Sendable (inout RequestContext) throws -> HTTPResponse

    func respond(to context: inout RequestContext) throws -> HTTPResponse {
        try respond(to: &context, from: 0)
    }

    private func respond(to context: inout RequestContext, from index: Int) throws -> HTTPResponse {
        guard index < middleware.count else { return try endpoint(&context) }
        return try middleware[index].respond(to: &context) { try respond(to: &$0, from: index + 1) }
    }
}
