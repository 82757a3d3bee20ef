/// The headers every response carries: a Content Security Policy without inline script or style
/// (scripts and styles come from this server's static files; images from it, `data:`, and the
/// tile server when the interactive map is on), no framing (`frame-ancestors 'none'`,
/// `X-Frame-Options`), no MIME sniffing, and a referrer policy.
package enum SecurityHeaders {
    /// - Parameter tileOrigin: a CSP host source for map tiles (`https://tile.openstreetmap.org`), or nil.
    package static func headers(tileOrigin: String?) -> [(name: String, value: String)] {
        var images = "'self' data:"
        if let tileOrigin { images += " " + tileOrigin }
        let policy = "default-src 'none'; script-src 'self'; style-src 'self'; img-src \(images); connect-src 'self'; "
            + "font-src 'none'; object-src 'none'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'"
        return [
            ("Content-Security-Policy", policy),
            ("X-Content-Type-Options", "nosniff"),
            ("X-Frame-Options", "DENY"),
            // Tile servers ask for a referrer naming the site (OpenStreetMap's tile usage policy);
            // nothing but the origin leaves this server.
            ("Referrer-Policy", tileOrigin == nil ? "same-origin" : "strict-origin-when-cross-origin"),
            ("Cross-Origin-Opener-Policy", "same-origin"),
            ("Cross-Origin-Resource-Policy", "same-origin"),
        ]
    }

    /// The CSP host source of a tile URL template (`https://{s}.tile.example/{z}/{x}/{y}.png` →
    /// `https://*.tile.example`), or nil when its host is not plain (letters, digits, `.`, `-`, a port).
    package static func tileOrigin(_ template: String) -> String? {
        let schemes = ["https://", "http://"]
        guard let scheme = schemes.first(where: template.hasPrefix) else { return nil }
        let rest = template.dropFirst(scheme.count)
        let host = rest.prefix { $0 != "/" }.replacingOccurrences(of: "{s}", with: "*")
        let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789.-:*")
        guard !host.isEmpty, host.allSatisfy(allowed.contains), !host.hasPrefix(":"), host.filter({ $0 == "*" }).count <= 1 else { return nil }
        return scheme + host
    }
}

extension Substring {
    fileprivate func replacingOccurrences(of target: String, with replacement: String) -> String {
        String(self).split(separator: target, omittingEmptySubsequences: false).joined(separator: replacement)
    }
}
