/// Cuts a file that holds several activities into its parts: a GPS logger's dump of months, a
/// multi-day hike in one track, a planner's export of several days, a device's tracks of separate
/// outings. Each part becomes a run of its own, all of them pointing at the one stored original.
///
/// Rules, on the track points in file order (tracks, segments, points):
/// 1. **Far apart in time**: two consecutive timed points more than ``gapSeconds`` apart (either
///    way: a file whose tracks are in no order in time) belong to different parts. The setting
///    `analysis.splitGap` (2 h by default) is longer than any pause within a run — a café stop, a
///    race's wait at the start — and shorter than the night between two days of a hike. Different
///    days are covered by it: two activities on different days are more than 2 h apart unless one
///    ends just before midnight and the next starts just after.
/// 2. **A new recording elsewhere**: a `<trk>` (a device's new recording) that starts more than
///    ``newRecordingSeconds`` (5 min) after the previous track's last point and more than
///    ``newRecordingMeters`` (1 km) from it: travelled without recording, by other means (a
///    device's ACTIVE LOGs of short walks with drives between them: gpxpy-cerknicko-jezero.gpx).
/// 3. **A wrong clock**: a group of at most ``tinyPartPoints`` (3) timed points cut off by the
///    rules above within a track, and more than a day from the parts on both sides of it, is a fix
///    with a wrong date (a first fix dated 2000): it joins the nearer part in time, whose clean-up
///    leaves its time out (``SegmentCleaner``'s far-off times). Nearer, it is what it looks like —
///    a logger switched on for a moment — and stays a part of its own: joined, it would stretch its
///    neighbour's elapsed time over the gap (gpsbabel-dg100: 12 points made a 6-hour run). A whole
///    `<trk>` always stays.
/// 4. **Tracks without any time** (a plan drawn in a map app and saved as tracks) are one part of
///    their own, a route: kept and exportable, never counted as an activity. A file with no times
///    at all is one route.
/// Points without a time stay with the part they are in. Waypoints with a time go with the part
/// nearest in time, the others and the routes (`<rte>`) with the first part.
package struct ActivitySplitter: Sendable {
    /// Consecutive points further apart than this (seconds) belong to different parts.
    package var gapSeconds: Double
    package static let newRecordingSeconds = 300.0
    package static let newRecordingMeters = 1000.0
    package static let tinyPartPoints = 3

    package init(gapSeconds: Double) {
        self.gapSeconds = gapSeconds
    }

    /// The parts of an activity: one selection per part, in file order (routes last); a single
    /// selection taking everything when the file holds one activity.
    /// - Complexity: O(n).
    package func parts(of activity: Activity) -> [ActivitySelection] {
        let timedTracks = activity.tracks.indices.filter { t in
            activity.tracks[t].segments.contains { $0.points.contains { $0.timeSeconds != nil } }
        }
        let untimedTracks = activity.tracks.indices.filter { t in
            !timedTracks.contains(t) && activity.tracks[t].segments.contains { !$0.points.isEmpty }
        }
        // Groups of timed points: where each starts, as (track, segment, point).
        var groups: [Group] = []
        var lastTime: Double?, lastPoint: TrackPoint?
        for t in timedTracks {
            let track = activity.tracks[t]
            if let lastTime, let lastPoint, let first = track.segments.lazy.flatMap(\.points).first(where: { $0.timeSeconds != nil }),
               let time = first.timeSeconds, time - lastTime > Self.newRecordingSeconds,
               Geodesic.wgs84.distanceMeters(latitude1: lastPoint.latitude, longitude1: lastPoint.longitude,
                                             latitude2: first.latitude, longitude2: first.longitude) > Self.newRecordingMeters {
                groups.append(Group(start: Position(track: t, segment: 0, point: 0), firstTime: time))
            }
            for (s, segment) in track.segments.enumerated() {
                for (p, point) in segment.points.enumerated() {
                    guard let time = point.timeSeconds else { continue }
                    if groups.isEmpty {
                        groups.append(Group(start: Position(track: t, segment: 0, point: 0), firstTime: time))
                    } else if let lastTime, abs(time - lastTime) > gapSeconds, groups[groups.count - 1].timedCount > 0 {
                        groups.append(Group(start: Position(track: t, segment: s, point: p), firstTime: time))
                    }
                    groups[groups.count - 1].timedCount += 1
                    groups[groups.count - 1].lastTime = time
                    lastTime = time
                    lastPoint = point
                }
            }
        }
        groups = joiningTinyGroups(groups)
        let partCount = groups.count + (untimedTracks.isEmpty ? 0 : 1)
        guard partCount > 1 else {
            let all = Self.spans(of: activity, tracks: Array(activity.tracks.indices), from: nil, to: nil)
            return [ActivitySelection(spans: all, waypoints: Array(activity.waypoints.indices), includesRoutes: true,
                                      isRoute: groups.isEmpty)]
        }
        var selections: [ActivitySelection] = []
        for (k, group) in groups.enumerated() {
            let end = k + 1 < groups.count ? groups[k + 1].start : nil
            selections.append(ActivitySelection(spans: Self.spans(of: activity, tracks: timedTracks, from: group.start, to: end),
                                                index: k, count: partCount))
        }
        if !untimedTracks.isEmpty {
            selections.append(ActivitySelection(spans: Self.spans(of: activity, tracks: untimedTracks, from: nil, to: nil),
                                                isRoute: true, index: selections.count, count: partCount))
        }
        // Waypoints: by time to the nearest activity part, else to the first part; routes to the first.
        for (w, waypoint) in activity.waypoints.enumerated() {
            var target = 0
            if let time = waypoint.timeSeconds, !groups.isEmpty {
                target = groups.indices.min { a, b in groups[a].distance(to: time) < groups[b].distance(to: time) } ?? 0
            }
            selections[target].waypoints.append(w)
        }
        selections[0].includesRoutes = true
        return selections
    }

    /// The whole activity as one part (`--no-split`): a route when no point has a time.
    package static func whole(_ activity: Activity) -> ActivitySelection {
        let timed = activity.tracks.contains { track in
            track.segments.contains { $0.points.contains { $0.timeSeconds != nil } }
                || (track.recordsWithoutPosition ?? []).contains { $0.timeSeconds != nil } || track.deviceTotals != nil
        }
        return ActivitySelection(spans: spans(of: activity, tracks: Array(activity.tracks.indices), from: nil, to: nil),
                                 waypoints: Array(activity.waypoints.indices), includesRoutes: true, isRoute: !timed)
    }

    /// The runs of a file whose device recorded sessions (FIT, TCX): one per track, each whole with
    /// its laps, totals and records — a multisport file's swim, transitions, ride and run are runs
    /// of their own, linked as parts of one original. The device's sessions are never cut by gaps
    /// (a run with a gap over the split setting is flagged by the analysis instead).
    package static func sessions(of activity: Activity) -> [ActivitySelection] {
        guard activity.tracks.count > 1 else { return [whole(activity)] }
        let count = activity.tracks.count
        return activity.tracks.indices.map { t in
            let single = Activity(tracks: [activity.tracks[t]])
            var selection = ActivitySelection(spans: spans(of: activity, tracks: [t], from: nil, to: nil),
                                              waypoints: t == 0 ? Array(activity.waypoints.indices) : [], includesRoutes: t == 0,
                                              isRoute: whole(single).isRoute, index: t, count: count)
            selection.wholeTracks = [t]
            return selection
        }
    }

    /// A place in the file: point `point` of segment `segment` of track `track`.
    struct Position: Sendable, Comparable {
        var track: Int, segment: Int, point: Int

        static func < (a: Position, b: Position) -> Bool {
            (a.track, a.segment, a.point) < (b.track, b.segment, b.point)
        }
    }

    /// A run of timed points that belong together.
    struct Group: Sendable {
        var start: Position
        var firstTime: Double
        var lastTime: Double
        var timedCount = 0

        init(start: Position, firstTime: Double) {
            self.start = start
            self.firstTime = firstTime
            lastTime = firstTime
        }

        /// Whether the group starts its track.
        var startsTrack: Bool { start.segment == 0 && start.point == 0 }

        /// Whether the group is a track of its own: it starts a track and the next group (if any)
        /// starts another.
        func isWholeTrack(next: Group?) -> Bool {
            startsTrack && (next.map { $0.start.track != start.track && $0.startsTrack } ?? true)
        }

        /// Seconds from the group's times to `time` (0 inside them).
        func distance(to time: Double) -> Double {
            let low = min(firstTime, lastTime), high = max(firstTime, lastTime)
            return time < low ? low - time : time > high ? time - high : 0
        }
    }

    /// Rule 3: groups of at most ``tinyPartPoints`` timed points more than a day from both
    /// neighbours join the neighbour nearer in time.
    func joiningTinyGroups(_ groups: [Group]) -> [Group] {
        var result = groups
        var k = 0
        while result.count > 1, k < result.count {
            guard result[k].timedCount <= Self.tinyPartPoints, !result[k].isWholeTrack(next: k + 1 < result.count ? result[k + 1] : nil) else {
                k += 1
                continue
            }
            let before = k > 0 ? abs(result[k].firstTime - result[k - 1].lastTime) : .infinity
            let after = k + 1 < result.count ? abs(result[k + 1].firstTime - result[k].lastTime) : .infinity
            guard min(before, after) > SegmentCleaner.farOffGapSeconds else {
                k += 1
                continue
            }
            // Its times are no times (the clean-up leaves them out): the groups keep their own.
            if k > 0, k + 1 < result.count, !result[k + 1].startsTrack,
               abs(result[k + 1].firstTime - result[k - 1].lastTime) <= gapSeconds {
                // Inside one recording: without the wrong date, the two sides are one part.
                result[k - 1].timedCount += result[k].timedCount + result[k + 1].timedCount
                result[k - 1].lastTime = result[k + 1].lastTime
                result.removeSubrange(k...(k + 1))
            } else if before <= after {
                result[k - 1].timedCount += result[k].timedCount
                result.remove(at: k)
            } else {
                result[k + 1].start = result[k].start
                result[k + 1].timedCount += result[k].timedCount
                result.remove(at: k)
            }
            k = 0   // a joined group may still be tiny: look again from the start
        }
        return result
    }

    /// The spans of `tracks` (in order) from position `from` (inclusive) to `to` (exclusive); nil
    /// for the start or the end of everything.
    static func spans(of activity: Activity, tracks: [Int], from: Position?, to: Position?) -> [ActivitySelection.Span] {
        var spans: [ActivitySelection.Span] = []
        for t in tracks {
            for (s, segment) in activity.tracks[t].segments.enumerated() where !segment.points.isEmpty {
                var low = 0, high = segment.points.count
                if let from {
                    if Position(track: t, segment: s, point: high) <= from { continue }
                    if from.track == t && from.segment == s { low = from.point }
                }
                if let to {
                    if Position(track: t, segment: s, point: 0) >= to { continue }
                    if to.track == t && to.segment == s { high = to.point }
                }
                if low < high { spans.append(ActivitySelection.Span(track: t, segment: s, from: low, to: high)) }
            }
        }
        return spans
    }
}
