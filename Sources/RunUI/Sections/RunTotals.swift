import RunCore
package import RunStore

/// Totals of a group of runs: how many, their distance, moving time (elapsed time for a run
/// without one) and elevation gain.
package struct RunTotals: Sendable, Equatable {
    package var count = 0
    package var distanceMeters = 0.0
    /// Sum over the runs that have times; nil when none has.
    package var movingTimeSeconds: Double?
    /// Sum over the runs that have elevations; nil when none has.
    package var elevationGainMeters: Double?

    package init() {}

    init(_ runs: [RunRecord]) {
        for run in runs { add(run) }
    }

    /// Adds another group's totals.
    package mutating func add(_ other: RunTotals) {
        count += other.count
        distanceMeters += other.distanceMeters
        if let moving = other.movingTimeSeconds { movingTimeSeconds = (movingTimeSeconds ?? 0) + moving }
        if let gain = other.elevationGainMeters { elevationGainMeters = (elevationGainMeters ?? 0) + gain }
    }

    /// Counts one more run.
    package mutating func add(_ run: RunRecord) {
        count += 1
        distanceMeters += run.summary.distanceMeters
        if let moving = run.summary.movingTimeSeconds ?? run.summary.elapsedTimeSeconds {
            movingTimeSeconds = (movingTimeSeconds ?? 0) + moving
        }
        if let gain = run.summary.elevationGainMeters { elevationGainMeters = (elevationGainMeters ?? 0) + gain }
    }

    package func text(_ formatter: DisplayFormatter, counting noun: PluralForms? = nil) -> String {
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
