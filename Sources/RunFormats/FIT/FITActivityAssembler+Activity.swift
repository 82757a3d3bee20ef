import RunCore

extension FITActivityAssembler {
    /// The activity: one track per session (in file order), or one track without device totals
    /// when the file has no session.
    /// - Complexity: O((records + laps) × log sessions + sessions).
    func makeActivity() -> Activity {
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
        let intervals = FITSessionIntervals(sessions.map { session in
            session.startSeconds.flatMap { start in session.endSeconds.map { (start, $0) } }
        })
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

        var withoutPosition: [[TrackPoint]] = Array(repeating: [], count: tracks.count)
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
            if tracks[track].segments.isEmpty || (breaksSeen[track] < breaks && !(tracks[track].segments.last?.points.isEmpty ?? true)) {
                tracks[track].segments.append(TrackSegment())
            }
            breaksSeen[track] = breaks
            tracks[track].segments[tracks[track].segments.count - 1].points.append(point)
        }
        for index in tracks.indices where !withoutPosition[index].isEmpty {
            tracks[index].recordsWithoutPosition = withoutPosition[index]
        }
        activity.tracks = tracks
        return activity
    }

    /// The session whose [start_time, start_time + total_elapsed_time] holds `time` (a start
    /// belongs to the session it begins rather than to the one it ends), else `fileOrderFallback`.
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
