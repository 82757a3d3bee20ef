import RunHTTP

/// Adds ``SecurityHeaders`` to every response (with the tile server's origin when the settings
/// turn the map's tiles on) and `Cache-Control: no-store` where the response set no caching of
/// its own: pages carry the session's token and change with the library.
struct SecurityHeadersMiddleware: Middleware {
    func respond(to context: inout RequestContext, next: Responder) throws -> HTTPResponse {
        var response = try next(&context)
        for header in SecurityHeaders.headers(tileOrigin: context.tileOrigin) { response.add(header.name, header.value) }
        if response.header("cache-control") == nil { response.add("Cache-Control", "no-store") }
        return response
    }
}
