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
        var segments: [String]
        var handler: Handler
    }

    private var routes: [Route] = []

    package init() {}

    /// Adds a route; earlier routes win when several match.
    package mutating func add(_ method: String, _ pattern: String, _ handler: Handler) {
        routes.append(Route(method: method, segments: Self.segments(pattern), handler: handler))
    }

    /// The patterns and their methods, in order (for documentation and tests).
    package var patterns: [(method: String, pattern: String)] {
        routes.map { ($0.method, "/" + $0.segments.joined(separator: "/")) }
    }

    package func match(method: String, path: String) -> Match {
        let segments = Self.segments(path)
        var allowed: [String] = []
        for route in routes {
            guard let parameters = Self.parameters(route.segments, segments) else { continue }
            if route.method == method || (method == "HEAD" && route.method == "GET") {
                return .found(route.handler, parameters: parameters)
            }
            if !allowed.contains(route.method) { allowed.append(route.method) }
        }
        if allowed.contains("GET") && !allowed.contains("HEAD") { allowed.append("HEAD") }
        return allowed.isEmpty ? .notFound : .methodNotAllowed(allowed: allowed)
    }

    private static func segments(_ path: String) -> [String] {
        path.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
    }

    private static func parameters(_ pattern: [String], _ path: [String]) -> [String: String]? {
        guard pattern.count == path.count else { return nil }
        var parameters: [String: String] = [:]
        for (expected, actual) in zip(pattern, path) {
            if expected.hasPrefix("{") && expected.hasSuffix("}") {
                parameters[String(expected.dropFirst().dropLast())] = actual
            } else if expected != actual {
                return nil
            }
        }
        return parameters
    }
}
