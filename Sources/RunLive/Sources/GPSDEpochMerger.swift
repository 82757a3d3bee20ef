package import RunCore

/// Turns gpsd's TPV reports into one fix per epoch of the receiver.
///
/// gpsd may report an epoch more than once: until it has learnt which NMEA sentence ends a
/// receiver's cycle, it reports after each sentence — a 2D fix after `$GPRMC` (no altitude),
/// then the same time again as a 3D fix after `$GPGGA`. Recording every report would store two
/// points at one time, the first without elevation. So:
///
/// - a 3D fix is recorded at once;
/// - a 2D fix waits up to ``holdSeconds`` for a 3D report of the same time, which replaces it;
///   a report of a later time (with or without a fix), the hold running out, or the connection
///   ending records it as it is;
/// - a fix at the time of the fix recorded last is a repeat and is dropped;
/// - a fix without a time cannot be matched and is recorded at once.
///
/// A value without I/O or clock: the caller passes the monotonic time.
package struct GPSDEpochMerger: Sendable {
    /// How long a 2D fix waits for its epoch's 3D report. A receiver sends an epoch's sentences
    /// back to back (at 4800 baud a full NMEA epoch takes about 0.3 s), and the next epoch's report
    /// ends the wait earlier.
    package static let holdSeconds = 0.5

    private var held: (point: TrackPoint, since: Double)?
    private var lastRecordedTime: Double?

    package init() {}

    /// Takes a report received at `now` (monotonic seconds).
    /// - Returns: the fixes to record now, oldest first.
    package mutating func take(_ report: GPSDReport, now: Double) -> [TrackPoint] {
        var ready: [TrackPoint] = []
        if let (waiting, _) = held, report.timeSeconds != waiting.timeSeconds {
            ready += record(waiting)
            held = nil
        }
        guard var point = report.point else { return ready }
        guard let time = point.timeSeconds else { return ready + record(point) }
        if time == lastRecordedTime { return ready }
        if let (waiting, _) = held, point.elevationMeters == nil {
            point.elevationMeters = waiting.elevationMeters
        }
        if report.mode >= 3 {
            held = nil
            return ready + record(point)
        }
        held = (point, held?.since ?? now)
        return ready
    }

    /// Records a 2D fix whose hold has run out at `now`.
    package mutating func expire(now: Double) -> [TrackPoint] {
        guard let (waiting, since) = held, now - since >= Self.holdSeconds else { return [] }
        held = nil
        return record(waiting)
    }

    /// Records the fix still waiting (the connection ended).
    package mutating func flush() -> [TrackPoint] {
        guard let (waiting, _) = held else { return [] }
        held = nil
        return record(waiting)
    }

    /// Whether a 2D fix is waiting (the caller checks ``expire(now:)`` while it is).
    package var isHolding: Bool { held != nil }

    private mutating func record(_ point: TrackPoint) -> [TrackPoint] {
        if let time = point.timeSeconds {
            if time == lastRecordedTime { return [] }
            lastRecordedTime = time
        }
        return [point]
    }
}
