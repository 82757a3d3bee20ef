import RunCore

extension FITActivityAssembler {
    /// The activity: one track per session (in file order), or one track without device totals
    /// when the file has no session.
    /// - Complexity: O(records × sessions).
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
        for entry in laps {
            let index = sessions.isEmpty ? 0 : trackIndex(time: entry.lap.startTimeSeconds,
                                                          fileOrderFallback: min(entry.sessionsBefore, sessions.count - 1))
            tracks[index].laps = (tracks[index].laps ?? []) + [entry.lap]
        }

        var withoutPosition: [[TrackPoint]] = Array(repeating: [], count: tracks.count)
        var breakPending = Array(repeating: false, count: tracks.count)
        var nextBreak = 0
        var fallback = 0  // the first session whose message follows the record
        for (index, point) in records.enumerated() {
            if nextBreak < segmentBreaks.count, segmentBreaks[nextBreak] == index {
                nextBreak += 1
                for track in breakPending.indices { breakPending[track] = true }
            }
            var track = 0
            if sessions.count > 1 {
                while fallback < sessions.count - 1, sessions[fallback].recordsBefore <= index { fallback += 1 }
                track = trackIndex(time: point.timeSeconds, fileOrderFallback: fallback)
            }
            if point.latitude.isNaN {
                withoutPosition[track].append(point)
                continue
            }
            if tracks[track].segments.isEmpty || (breakPending[track] && !(tracks[track].segments.last?.points.isEmpty ?? true)) {
                tracks[track].segments.append(TrackSegment())
            }
            breakPending[track] = false
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
    func trackIndex(time: Double?, fileOrderFallback: Int) -> Int {
        guard let time else { return fileOrderFallback }
        var atEnd: Int?
        for (index, session) in sessions.enumerated() {
            guard let start = session.startSeconds, let end = session.endSeconds, start <= time, time <= end else { continue }
            if time < end { return index }
            if atEnd == nil { atEnd = index }
        }
        return atEnd ?? fileOrderFallback
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
