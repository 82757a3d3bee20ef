import RunHTTP

/// Finds the request's route and its path parameters (``RequestContext/parameters``): 404 when
/// no pattern matches, 405 with `Allow` when the patterns that match take other methods.
struct RoutingMiddleware: Middleware {
    let router: Router<WebRoute>

    func respond(to context: inout RequestContext, next: Responder) throws -> HTTPResponse {
        switch router.match(method: context.request.method, path: context.request.path) {
        case .notFound:
            throw WebError.notFound()
        case .methodNotAllowed(let allowed):
            throw WebError(405, "methodNotAllowed", "\(context.request.method) is not allowed here; this address takes "
                           + allowed.joined(separator: ", "), headers: [("Allow", allowed.joined(separator: ", "))])
        case .found(let route, let parameters):
            context.route = route
            context.parameters = parameters
            return try next(&context)
        }
    }
}
