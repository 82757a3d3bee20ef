import Foundation

/// The files the pages load: runlog's style sheet and scripts (compiled into the binary) and
/// Leaflet from Debian's libjs-leaflet, read once at start from a fixed list of files — no
/// request path ever reaches the file system.
package struct StaticAssets: Sendable {
    package struct Asset: Sendable {
        package var contentType: String
        package var bytes: [UInt8]
        /// A strong validator of the bytes (RFC 9110 §8.8.3).
        package var etag: String
    }

    private let assets: [String: Asset]

    /// - Parameter leafletDirectory: where libjs-leaflet's files are; missing files leave the interactive map off.
    package init(leafletDirectory: String) {
        var assets: [String: Asset] = [
            "/static/app.css": Self.asset(Array(AppStyle.css.utf8), "text/css; charset=utf-8"),
            "/static/app.js": Self.asset(Array(AppScript.js.utf8), "text/javascript; charset=utf-8"),
            "/static/live.js": Self.asset(Array(LiveScript.js.utf8), "text/javascript; charset=utf-8"),
            "/static/import.js": Self.asset(Array(ImportScript.js.utf8), "text/javascript; charset=utf-8"),
            "/favicon.ico": Self.asset(Array(Self.icon.utf8), "image/svg+xml"),
            "/static/icon.svg": Self.asset(Array(Self.icon.utf8), "image/svg+xml"),
        ]
        let leafletFiles: [(String, String)] = [
            ("leaflet.js", "text/javascript; charset=utf-8"), ("leaflet.css", "text/css; charset=utf-8"),
            ("images/layers.png", "image/png"), ("images/layers-2x.png", "image/png"), ("images/marker-icon.png", "image/png"),
            ("images/marker-icon-2x.png", "image/png"), ("images/marker-shadow.png", "image/png"),
        ]
        for (file, type) in leafletFiles {
            if let data = FileManager.default.contents(atPath: leafletDirectory + "/" + file) {
                assets["/static/leaflet/" + file] = Self.asset(Array(data), type)
            }
        }
        self.assets = assets
    }

    /// The site's icon: a track line on a round badge.
    static let icon = """
        <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><circle cx="16" cy="16" r="15" fill="#1f6feb"/>\
        <path d="M7 22 C11 10 15 24 19 13 S24 9 25 10" fill="none" stroke="#fff" stroke-width="3" stroke-linecap="round"/></svg>
        """

    /// The asset served at a path, if any.
    package func asset(at path: String) -> Asset? { assets[path] }

    /// Whether Leaflet's script and style sheet were found.
    package var hasLeaflet: Bool { assets["/static/leaflet/leaflet.js"] != nil && assets["/static/leaflet/leaflet.css"] != nil }

    private static func asset(_ bytes: [UInt8], _ type: String) -> Asset {
        // FNV-1a 64 of the bytes: enough to tell versions apart.
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return Asset(contentType: type, bytes: bytes, etag: "\"" + String(hash, radix: 16) + "\"")
    }
}
