/// A dispatch table from method and path pattern to handler. Patterns are `/`-separated
/// segments; `{name}` matches one non-empty segment and is handed to the handler by name.
/// A path that matches no pattern is 404; a path whose patterns take other methods is 405 with
/// those methods (RFC 9110 §15.5.6).
package struct Router<Handler: Sendable>: Sendable {
    package enum Match {
        case found(Handler, parameters: [String: String])
        case methodNotAllowed(allowed: [String])
        case notFound
    }

    private struct Route: Sendable {
        var method: String
        var pattern: RoutePattern
        var handler: Handler
    }

    private var routes: [Route] = []

    package init() {}

    /// Adds a route; earlier routes win when several match.
    package mutating func add(_ method: String, _ pattern: String, _ handler: Handler) {
        routes.append(Route(method: method, pattern: RoutePattern(pattern), handler: handler))
    }

    /// The patterns and their methods, in order (for documentation and tests).
    package var patterns: [(method: String, pattern: String)] {
        routes.map { ($0.method, $0.pattern.text) }
    }

    /// The route for a request. Runs on every request: the path is split once, patterns are
    /// compared segment by segment without copying (non-generic code, over the patterns alone),
    /// and parameters are gathered only for the route that matches.
    package func match(method: String, path: String) -> Match {
        let segments = path.split(separator: "/", omittingEmptySubsequences: true)
        var allowed: [String] = []
        for index in routes.indices where routes[index].pattern.matches(segments) {
            let routeMethod = routes[index].method
            if routeMethod == method || (method == "HEAD" && routeMethod == "GET") {
                return .found(routes[index].handler, parameters: routes[index].pattern.parameters(segments))
            }
            if !allowed.contains(routeMethod) { allowed.append(routeMethod) }
        }
        if allowed.contains("GET") && !allowed.contains("HEAD") { allowed.append("HEAD") }
        return allowed.isEmpty ? .notFound : .methodNotAllowed(allowed: allowed)
    }
}

/// A route's path pattern: `/`-separated segments, each text to match exactly or `{name}`.
struct RoutePattern: Sendable {
    enum Segment: Sendable {
        case literal(String)
        case parameter(String)
    }

    let segments: [Segment]

    init(_ pattern: String) {
        segments = pattern.split(separator: "/").map { text in
            text.hasPrefix("{") && text.hasSuffix("}") ? .parameter(String(text.dropFirst().dropLast())) : .literal(String(text))
        }
    }

    /// The pattern as written (`/runs/{id}`).
    var text: String {
        "/" + segments.map { segment in
            switch segment {
            case .literal(let text): return text
            case .parameter(let name): return "{\(name)}"
            }
        }.joined(separator: "/")
    }

    func matches(_ path: [Substring]) -> Bool {
        guard segments.count == path.count else { return false }
        for (expected, actual) in zip(segments, path) {
            // Bytes compared as they are (a path segment is matched exactly, not by Unicode equivalence).
            if case .literal(let text) = expected, !text.utf8.elementsEqual(actual.utf8) { return false }
        }
        return true
    }

    func parameters(_ path: [Substring]) -> [String: String] {
        var parameters: [String: String] = [:]
        for (expected, actual) in zip(segments, path) {
            if case .parameter(let name) = expected { parameters[name] = String(actual) }
        }
        return parameters
    }
}
