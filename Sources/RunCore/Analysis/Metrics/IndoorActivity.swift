/// A run the device recorded indoors or in a virtual world while writing positions — a Zwift or
/// MyWhoosh ride on a trainer, an indoor-cycling app's made-up route, a treadmill with a watch's
/// GPS on — told by the FIT sub-sport (`virtual_activity`, `indoor_cycling`, `treadmill`,
/// `indoor_running`, `indoor_rowing`, `spin`, `indoor_walking`). Its positions are not where the
/// athlete moved (the README of ../shared/corpus-fit-tcx: a virtual track of 68.2 km for a 14.9 km
/// ride), so its distance is the device's (trainer, foot pod), its moving time the device's timer
/// time, and no splits or best efforts are taken from the positions; the track stays for the map.
enum IndoorActivity {
    /// FIT profile `sub_sport` names of sessions without real movement over ground.
    static let subSports: Set<String> = ["virtual_activity", "indoor_cycling", "treadmill", "indoor_running",
                                          "indoor_rowing", "spin", "indoor_walking", "indoor_skiing", "indoor_climbing"]

    static func apply(_ analysis: inout RunAnalysis, activity: Activity) {
        guard analysis.summary.trackPointCount > 0,
              let subSport = activity.tracks.lazy.compactMap({ $0.deviceTotals?.subSport }).first(where: subSports.contains),
              let totals = analysis.summary.deviceTotals, let distance = totals.distanceMeters else { return }
        var s = analysis.summary
        let measured = s.distanceMeters
        s.distanceMeters = distance
        s.timedDistanceMeters = distance
        s.distance3DMeters = distance
        s.distanceSource = .device
        if let timer = totals.timerSeconds { s.movingTimeSeconds = min(timer, s.elapsedTimeSeconds ?? timer) }
        s.averageSpeedMetersPerSecond = s.movingTimeSeconds.flatMap { $0 > 0 ? distance / $0 : nil }
        s.maximumSpeedMetersPerSecond = nil
        analysis.summary = s
        analysis.splitsPerKilometer = []
        analysis.splitsPerMile = []
        analysis.bestEfforts = []
        analysis.notes.removeAll { $0.code == "sport.implausible" }
        analysis.notes.append(Diagnostic(code: "indoorActivity", severity: .note, message:
            "recorded indoors or in a virtual world (FIT sub-sport \(subSport)): the positions are not where you moved "
            + "(they measure \(Int(measured.rounded())) m), so the distance and moving time are the device's, "
            + "and no splits or best efforts are taken from them"))
    }
}
