import RunCore

extension FITActivityAssembler {
    /// The activity: one track per session (in file order), or one track without device totals
    /// when the file has no session.
    /// - Complexity: O((records + laps) × log sessions + sessions).
    /// The activity, the records moved into it (the assembler keeps none afterwards).
    mutating func makeActivity() -> Activity {
        var activity = Activity()
        activity.sourceFormat = .fit
        activity.device = deviceInfo
        activity.creator = activity.device?.description
        if !developerDescriptions.isEmpty { activity.developerFields = developerDescriptions.map(\.description) }

        var tracks: [Track]
        if sessions.isEmpty {
            tracks = [Track()]
        } else {
            tracks = sessions.map { session in
                var track = Track()
                track.type = session.totals.sport
                track.deviceTotals = session.totals
                return track
            }
        }
        let intervals = FITSessionIntervals(sessions.map(\.startSeconds))
        // Collected per track, then set once: appending to `tracks[i].laps` through its optional
        // copied the array at every lap (a file of 120,000 empty laps did not finish in minutes).
        var lapsByTrack: [[Lap]] = Array(repeating: [], count: tracks.count)
        for entry in laps {
            let index = sessions.isEmpty ? 0 : trackIndex(time: entry.lap.startTimeSeconds, in: intervals,
                                                          fileOrderFallback: min(entry.sessionsBefore, sessions.count - 1))
            lapsByTrack[index].append(entry.lap)
        }
        for index in tracks.indices where !lapsByTrack[index].isEmpty {
            tracks[index].laps = lapsByTrack[index]
        }

        // The common case — one session or none, every record positioned: the segments are the
        // runs of records between timer breaks, taken whole (moved, or one copy each) rather than
        // appended point by point (a third of the decoding time of a 100,000-record file).
        if sessions.count <= 1, !records.contains(where: { $0.latitude.isNaN }) {
            let all = records
            records = []
            var bounds = [0]
            for index in segmentBreaks where index > bounds[bounds.count - 1] && index < all.count { bounds.append(index) }
            bounds.append(all.count)
            tracks[0].segments = bounds.count == 2
                ? (all.isEmpty ? [] : [TrackSegment(points: all)])
                : zip(bounds, bounds.dropFirst()).map { TrackSegment(points: Array(all[$0..<$1])) }
            activity.tracks = tracks
            return activity
        }

        var withoutPosition: [[TrackPoint]] = Array(repeating: [], count: tracks.count)
        // Each track's segments as runs of record indices, copied in bulk at the end (appending
        // point by point through the tracks' nested arrays was a third of the decoding time).
        var segmentRuns: [[[Range<Int>]]] = Array(repeating: [], count: tracks.count)
        // A break is pending for a track until it takes a point: breaks seen in all against
        // breaks seen by each track (setting a flag on every track at every break cost breaks × sessions).
        var breaks = 0
        var breaksSeen = Array(repeating: 0, count: tracks.count)
        var nextBreak = 0
        var fallback = 0  // the first session whose message follows the record
        for (index, point) in records.enumerated() {
            if nextBreak < segmentBreaks.count, segmentBreaks[nextBreak] == index {
                nextBreak += 1
                breaks += 1
            }
            var track = 0
            if sessions.count > 1 {
                while fallback < sessions.count - 1, sessions[fallback].recordsBefore <= index { fallback += 1 }
                track = trackIndex(time: point.timeSeconds, in: intervals, fileOrderFallback: fallback)
            }
            if point.latitude.isNaN {
                withoutPosition[track].append(point)
                continue
            }
            // A segment holds a point as soon as it exists: a new one at the track's first point
            // or its first point after a break.
            if segmentRuns[track].isEmpty || breaksSeen[track] < breaks {
                segmentRuns[track].append([index..<(index + 1)])
            } else {
                let segment = segmentRuns[track].count - 1, run = segmentRuns[track][segment].count - 1
                let last = segmentRuns[track][segment][run]
                if last.upperBound == index {
                    segmentRuns[track][segment][run] = last.lowerBound..<(index + 1)
                } else {
                    segmentRuns[track][segment].append(index..<(index + 1))
                }
            }
            breaksSeen[track] = breaks
        }
        for t in tracks.indices {
            tracks[t].segments = segmentRuns[t].map { runs in
                var points: [TrackPoint] = []
                points.reserveCapacity(runs.reduce(0) { $0 + $1.count })
                for run in runs { points.append(contentsOf: records[run]) }
                return TrackSegment(points: points)
            }
        }
        for index in tracks.indices where !withoutPosition[index].isEmpty {
            tracks[index].recordsWithoutPosition = withoutPosition[index]
        }
        activity.tracks = tracks
        return activity
    }

    /// The session that began last at or before `time` (``FITSessionIntervals``), else `fileOrderFallback`.
    /// - Complexity: O(log sessions).
    func trackIndex(time: Double?, in intervals: FITSessionIntervals, fileOrderFallback: Int) -> Int {
        guard let time else { return fileOrderFallback }
        return intervals.session(holding: time) ?? fileOrderFallback
    }

    /// The device of file_id (manufacturer and product names from the FIT profile, product_name
    /// first) and the software version of the creator's device_info; nil when the file names none.
    var deviceInfo: DeviceInfo? {
        var device = DeviceInfo()
        let maker = manufacturer ?? creatorManufacturer
        if let maker { device.manufacturer = FITNames.name(maker, in: FITNames.manufacturer) ?? String(maker) }
        if let productName, !productName.isEmpty {
            device.product = productName
        } else if let product {
            device.product = (maker == 1 ? FITNames.name(product, in: FITNames.garminProduct) : nil) ?? String(product)
        } else if let creatorProductName, !creatorProductName.isEmpty {
            device.product = creatorProductName
        } else if let creatorProduct {
            device.product = (creatorManufacturer == 1 ? FITNames.name(creatorProduct, in: FITNames.garminProduct) : nil)
                ?? String(creatorProduct)
        }
        if let version = creatorSoftwareVersion, version.isFinite, abs(version) < 1e9 {
            let hundredths = Int((version * 100).rounded())
            let fraction = abs(hundredths) % 100
            device.softwareVersion = "\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction)"
        }
        device.application = applicationName
        return device == DeviceInfo() ? nil : device
    }
}
