import RunCore
import RunFormats
import Foundation

/// Replays a GPX file's track points at `speed` × real time, with the file's own times (so the
/// finished recording has the numbers of the file imported). Points without a time come one
/// second apart. A new `<trkseg>` in the file is a segment break.
package struct ReplaySource: FixSource {
    package let path: String
    package let speed: Double
    /// The file's first track name and `<type>` (the sport).
    package let trackName: String?
    package let trackType: String?
    private let segments: [[TrackPoint]]
    /// Fixes up to this time (seconds since 1970 UTC) were recorded before an interruption: they
    /// are passed over at once (`runlog record --recover --replay`).
    private var skipsThrough: Double?

    /// Reads the file.
    /// - Throws: ``ReadError`` when it does not read; ``FixSourceError`` when it has no track points.
    package init(path: String, speed: Double) throws {
        let activity = try ActivityReadSession.read(fileAt: path).activity
        segments = activity.tracks.flatMap { $0.segments.map(\.points) }.filter { !$0.isEmpty }
        guard !segments.isEmpty else { throw FixSourceError(.noTrackPoints, file: path) }
        self.path = path
        self.speed = speed
        trackName = activity.tracks.lazy.compactMap(\.name).first ?? activity.metadata.name
        trackType = activity.tracks.lazy.compactMap(\.type).first
    }

    package var description: String {
        "replay \((path as NSString).lastPathComponent) ×\(DecimalText.format(speed))"
    }

    package var pointCount: Int { segments.reduce(0) { $0 + $1.count } }

    package func continuing(after timeSeconds: Double) -> any FixSource {
        var copy = self
        copy.skipsThrough = timeSeconds
        return copy
    }

    package func run(emit: @escaping @Sendable (FixEvent) -> Void, stop: StopFlag) throws {
        var previousTime: Double?
        var emitted = false
        for (index, segment) in segments.enumerated() {
            if index > 0 && emitted { emit(.segmentBreak) }
            for point in segment {
                if let skipsThrough, !emitted, let t = point.timeSeconds, t <= skipsThrough { continue }
                emitted = true
                let wait = point.timeSeconds.flatMap { t in previousTime.map { t - $0 } } ?? (previousTime == nil ? 0 : 1)
                if wait > 0, !stop.sleep(seconds: wait / speed) { return }
                if stop.isSet { return }
                if let t = point.timeSeconds { previousTime = t } else if previousTime != nil { previousTime! += 1 }
                emit(.fix(point))
            }
        }
    }
}
