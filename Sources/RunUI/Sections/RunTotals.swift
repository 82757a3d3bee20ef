import RunCore
import RunStore

/// Totals of a group of runs.
struct RunTotals {
    var count = 0
    var distanceMeters = 0.0
    /// Sum over the runs that have times; nil when none has.
    var movingTimeSeconds: Double?
    /// Sum over the runs that have elevations; nil when none has.
    var elevationGainMeters: Double?

    init(_ runs: [RunRecord]) {
        for run in runs {
            count += 1
            distanceMeters += run.summary.distanceMeters
            if let moving = run.summary.movingTimeSeconds ?? run.summary.elapsedTimeSeconds {
                movingTimeSeconds = (movingTimeSeconds ?? 0) + moving
            }
            if let gain = run.summary.elevationGainMeters { elevationGainMeters = (elevationGainMeters ?? 0) + gain }
        }
    }

    func text(_ formatter: DisplayFormatter, counting noun: PluralForms? = nil) -> String {
        let strings = formatter.strings
        var parts = [formatter.count(count, noun ?? strings.runs), formatter.distance(distanceMeters)]
        if let movingTimeSeconds { parts.append(strings.totalMovingTime(formatter.duration(movingTimeSeconds))) }
        if let elevationGainMeters { parts.append(strings.totalClimb(formatter.elevationChange(elevationGainMeters, sign: "+"))) }
        return parts.joined(separator: ", ")
    }

    var values: [String: JSONValue] {
        ["runCount": .integer(Int64(count)), "distanceMeters": .number(distanceMeters),
         "movingTimeSeconds": .from(movingTimeSeconds), "elevationGainMeters": .from(elevationGainMeters)]
    }
}
