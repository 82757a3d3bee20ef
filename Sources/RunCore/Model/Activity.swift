/// Everything an activity file holds, in one model for every format: tracks (a FIT or TCX session
/// is a track; a pause starts a new segment), waypoints, routes, metadata, and what the device
/// itself recorded (laps, session totals, device). The GPX-only details (version, extension
/// elements) are kept for the round trip of GPX files; other formats leave them empty. A run in
/// the library is one `Activity`.
package struct Activity: Sendable, Equatable, Codable {
    /// The format the activity was read from; nil means GPX (activities stored before FIT and TCX).
    package var sourceFormat: ActivityFileFormat?
    /// The recording device or app, as the file names it (FIT, TCX; GPX's is ``creator``).
    package var device: DeviceInfo?
    /// FIT developer data fields defined in the file (values are on the records).
    package var developerFields: [DeveloperFieldDescription]?
    /// The GPX version the source declared or used (`1.0`, `1.1`); 1.1 for other formats.
    package var gpxVersion: GPXVersion
    /// The program or device that wrote the file (GPX `creator` attribute; for FIT and TCX the
    /// ``device``'s description).
    package var creator: String?
    package var metadata: Metadata
    package var waypoints: [Waypoint]
    package var routes: [Route]
    package var tracks: [Track]
    /// Root-level extension elements kept verbatim.
    package var extensions: [XMLFragment]

    package init(gpxVersion: GPXVersion = .v1_1, creator: String? = nil, metadata: Metadata = Metadata(),
                waypoints: [Waypoint] = [], routes: [Route] = [], tracks: [Track] = [],
                extensions: [XMLFragment] = []) {
        self.gpxVersion = gpxVersion
        self.creator = creator
        self.metadata = metadata
        self.waypoints = waypoints
        self.routes = routes
        self.tracks = tracks
        self.extensions = extensions
    }

    /// The format, GPX when not stated.
    package var format: ActivityFileFormat { sourceFormat ?? .gpx }

    /// Number of records in all tracks: positioned track points plus records without position.
    package var recordCount: Int { tracks.reduce(0) { $0 + $1.recordCount } }

    /// Number of track points in all tracks and segments.
    package var trackPointCount: Int {
        tracks.reduce(0) { $0 + $1.segments.reduce(0) { $0 + $1.points.count } }
    }

    /// Number of route points in all routes.
    package var routePointCount: Int { routes.reduce(0) { $0 + $1.points.count } }

    /// The routes as tracks of one segment each (name, type and points kept): what the numbers of
    /// a file of routes only are measured on (../shared/cases/10).
    package var routesAsTracks: Activity {
        var copy = self
        copy.tracks = routes.map { route in
            var track = Track(name: route.name, segments: [TrackSegment(points: route.points)])
            track.type = route.type
            return track
        }
        return copy
    }

    /// The run's name: the first track's name, else the metadata name, else the first route's name.
    package var displayName: String? {
        tracks.lazy.compactMap(\.name).first(where: { !$0.isEmpty })
            ?? metadata.name.flatMap { $0.isEmpty ? nil : $0 }
            ?? routes.lazy.compactMap(\.name).first(where: { !$0.isEmpty })
    }

    /// The activity with `name` where ``displayName`` reads it — the first named track's name,
    /// else the metadata name — so a file written from it is read back under that name (a run
    /// renamed in the library, or named after its file, keeps its name through an export).
    /// Unchanged when `isCurrent` says the name it has already stands for `name`.
    package func named(_ name: String, isCurrent: (String) -> Bool) -> Activity {
        if let current = displayName, isCurrent(current) { return self }
        var copy = self
        if let track = tracks.firstIndex(where: { !($0.name ?? "").isEmpty }) {
            copy.tracks[track].name = name
        } else {
            copy.metadata.name = name
        }
        return copy
    }
}

/// A GPX schema version.
package enum GPXVersion: String, Sendable, Codable, CaseIterable {
    case v1_0 = "1.0"
    case v1_1 = "1.1"
}
