import RunCore

/// One TCX `<Activity>` being read into a ``Track``: positioned trackpoints into segments, the
/// others into ``Track/recordsWithoutPosition``, laps and their totals. Trackpoints stay in file
/// order, even where their times go back (COROS writes an open-water swim's track twice, once per
/// lap); the caller is told so it can say it.
///
/// Segments: Garmin Training Center starts a new `<Track>` inside a lap after a pause, so a second
/// `<Track>` in one lap starts a new segment. Garmin Connect, Polar and others write one `<Track>`
/// per lap whether or not the timer stopped, so a lap's first `<Track>` continues the previous
/// segment — unless its first trackpoint is earlier than the last one read (not one recording).
final class TCXTrackBuilder {
    private(set) var track = Track()
    private var points: [TrackPoint] = []
    private var recordsWithoutPosition: [TrackPoint] = []
    private var laps: [Lap] = []
    private var totals = TCXLapTotals()
    private var startsNewSegment = true
    private var isAtTrackStart = false
    private var lastTimeSeconds: Double?

    /// Trackpoints read so far (with and without position).
    private(set) var recordCount = 0

    /// A `<Track>` starts; `isPause` when it is not the first of its lap.
    func beginTrack(isPause: Bool) {
        if isPause { startsNewSegment = true }
        isAtTrackStart = true
    }

    /// Adds a trackpoint in file order.
    /// - Returns: true when its time is earlier than the time of the trackpoint before it.
    func add(_ point: TrackPoint, hasPosition: Bool) -> Bool {
        recordCount += 1
        var goesBack = false
        if let time = point.timeSeconds {
            if let last = lastTimeSeconds, time < last {
                goesBack = true
                if isAtTrackStart { startsNewSegment = true }
            }
            lastTimeSeconds = time
        }
        isAtTrackStart = false
        if hasPosition {
            if startsNewSegment {
                endSegment()
                startsNewSegment = false
            }
            points.append(point)
        } else {
            recordsWithoutPosition.append(point)
        }
        return goesBack
    }

    func add(_ lap: TCXLapValues) {
        laps.append(lap.lap)
        totals.add(lap)
    }

    private func endSegment() {
        guard !points.isEmpty else { return }
        track.segments.append(TrackSegment(points: points))
        points = []
    }

    /// The finished track: `type` is the `Sport` attribute as written, `description` the `<Notes>`.
    /// The `<Id>` (a time) is not made the name: the importer names such a run after its file.
    func finish(sport: String?, notes: String?) -> Track {
        endSegment()
        track.type = sport
        track.description = notes
        track.recordsWithoutPosition = recordsWithoutPosition.isEmpty ? nil : recordsWithoutPosition
        track.laps = laps.isEmpty ? nil : laps
        track.deviceTotals = totals.deviceTotals(sport: sport)
        return track
    }
}
