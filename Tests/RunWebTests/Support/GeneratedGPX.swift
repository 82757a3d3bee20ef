import Foundation
import RunHTTP

/// GPX files made in tests, with values known by construction.
enum GeneratedGPX {
    /// A run along the equator eastward from longitude 0: `points` points 0.001° apart (111.319 m
    /// each on WGS84's equator: 6 378 137 m × 2π / 360 000), one every 30 s from `start`, with
    /// waypoints (name, symbol, longitude) on the line.
    static func equatorRun(name: String, start: Date, points: Int = 100, waypoints: [(String, String, Double)] = []) -> [UInt8] {
        var gpx = """
        <?xml version="1.0" encoding="UTF-8"?>
        <gpx version="1.1" creator="runlog tests" xmlns="http://www.topografix.com/GPX/1/1">
        <metadata><name>\(escape(name))</name></metadata>

        """
        for (waypointName, symbol, longitude) in waypoints {
            gpx += "<wpt lat=\"0\" lon=\"\(longitude)\"><name>\(escape(waypointName))</name><sym>\(escape(symbol))</sym></wpt>\n"
        }
        gpx += "<trk><name>\(escape(name))</name><trkseg>\n"
        let formatter = ISO8601DateFormatter()
        for i in 0..<points {
            let time = formatter.string(from: start.addingTimeInterval(Double(i) * 30))
            gpx += "<trkpt lat=\"0\" lon=\"\(String(format: "%.3f", Double(i) * 0.001))\"><ele>10</ele><time>\(time)</time></trkpt>\n"
        }
        gpx += "</trkseg></trk></gpx>\n"
        return Array(gpx.utf8)
    }

    static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;")
    }
}
