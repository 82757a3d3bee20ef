import Foundation

/// GPX files made for tests, with numbers known before any code runs: points on the equator
/// 0.001° of longitude apart, so each step is exactly 6378137 m × 0.001 × π/180 = 111.3195 m of
/// geodesic (the WGS84 equator is a circle of the semi-major axis).
package struct SyntheticGPX: Sendable {
    /// One step's length on the equator, metres.
    package static let stepMeters = 6_378_137.0 * 0.001 * Double.pi / 180

    package var name: String
    /// The first point's time (ISO 8601 UTC), or nil for a file without times.
    package var start: String?
    package var pointCount: Int
    package var secondsPerStep: Double = 30
    package var heartRate: Int?
    /// GPX `<type>` of the track.
    package var type: String?
    /// Metadata `<desc>` and `<keywords>`.
    package var description: String?
    package var keywords: String?
    /// Waypoint names.
    package var waypoints: [String] = []
    /// The first point's longitude.
    package var startLongitude = 10.0
    package var latitude = 0.0

    package init(name: String, start: String?, pointCount: Int, secondsPerStep: Double = 30, heartRate: Int? = nil, type: String? = nil,
                description: String? = nil, keywords: String? = nil, waypoints: [String] = []) {
        self.name = name
        self.start = start
        self.pointCount = pointCount
        self.secondsPerStep = secondsPerStep
        self.heartRate = heartRate
        self.type = type
        self.description = description
        self.keywords = keywords
        self.waypoints = waypoints
    }

    /// The track's length: (points − 1) steps.
    package var distanceMeters: Double { Double(pointCount - 1) * Self.stepMeters }
    /// The track's duration: (points − 1) steps of `secondsPerStep`.
    package var durationSeconds: Double { Double(pointCount - 1) * secondsPerStep }

    /// The point's longitude.
    package func longitude(_ index: Int) -> Double { startLongitude + 0.001 * Double(index) }

    package var text: String {
        func escape(_ s: String) -> String {
            s.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;")
        }
        let startSeconds = start.flatMap { ISO8601DateFormatter().date(from: $0)?.timeIntervalSince1970 }
        var lines = ["<?xml version=\"1.0\" encoding=\"UTF-8\"?>",
                     "<gpx version=\"1.1\" creator=\"runlog tests\" xmlns=\"http://www.topografix.com/GPX/1/1\" "
                        + "xmlns:gpxtpx=\"http://www.garmin.com/xmlschemas/TrackPointExtension/v1\">"]
        if description != nil || keywords != nil {
            lines.append("<metadata>" + (description.map { "<desc>\(escape($0))</desc>" } ?? "")
                         + (keywords.map { "<keywords>\(escape($0))</keywords>" } ?? "") + "</metadata>")
        }
        for (i, waypoint) in waypoints.enumerated() {
            lines.append("<wpt lat=\"\(latitude + 0.0005)\" lon=\"\(longitude(i))\"><name>\(escape(waypoint))</name></wpt>")
        }
        lines.append("<trk><name>\(escape(name))</name>" + (type.map { "<type>\($0)</type>" } ?? "") + "<trkseg>")
        for i in 0..<pointCount {
            var point = "<trkpt lat=\"\(latitude)\" lon=\"\(String(format: "%.3f", longitude(i)))\"><ele>\(100 + i % 3)</ele>"
            if let startSeconds {
                let t = Date(timeIntervalSince1970: startSeconds + Double(i) * secondsPerStep)
                point += "<time>\(ISO8601DateFormatter().string(from: t))</time>"
            }
            if let heartRate {
                point += "<extensions><gpxtpx:TrackPointExtension><gpxtpx:hr>\(heartRate)</gpxtpx:hr></gpxtpx:TrackPointExtension></extensions>"
            }
            lines.append(point + "</trkpt>")
        }
        lines += ["</trkseg></trk>", "</gpx>", ""]
        return lines.joined(separator: "\n")
    }
}
