extension RecordingSession {
    /// The recording as an activity: one track whose segments are the stretches between pauses,
    /// and one waypoint per lap ("Lap 1", …, symbol "Flag").
    /// - Parameters:
    ///   - name: the track's name.
    ///   - type: the track's GPX `<type>` (the sport), e.g. `running`.
    ///   - creator: the GPX `creator`.
    package func activity(name: String?, type: String?, creator: String) -> Activity {
        var track = Track(name: name, segments: segments.filter { !$0.isEmpty }.map { TrackSegment(points: $0) })
        track.type = type
        let waypoints: [Waypoint] = laps.enumerated().compactMap { index, lap in
            guard let latitude = lap.latitude, let longitude = lap.longitude else { return nil }
            var point = TrackPoint(coordinate: Coordinate(latitude: latitude, longitude: longitude), timeSeconds: lap.timeSeconds)
            point.updateDetails { details in
                details.name = "Lap \(index + 1)"
                details.symbol = "Flag"
            }
            return point
        }
        return Activity(creator: creator, waypoints: waypoints, tracks: [track])
    }
}
