package import Foundation
package import RunCore
package import RunStore

/// Each run's training load and the fitness, fatigue and form they add up to (issue 15).
///
/// A run with an average heart rate and a time has Banister's TRIMP (``RunCore/BanisterTRIMP``) of
/// its moving time (elapsed time without one) at that average. A run without heart rate is
/// *estimated* from its pace and duration: its heart-rate reserve fraction read off a straight line
/// fitted (least squares) through the runner's own runs of the same sport that have both — speed
/// against reserve fraction —, when at least 3 such runs exist and the line rises with speed;
/// otherwise the median fraction of all runs with heart rate; with none at all, 0.5 (a moderate
/// effort, assumed). Routes and runs without a time add nothing.
package struct TrainingLoads: Sendable {
    /// One run's load.
    package struct RunLoad: Sendable {
        package var run: RunRecord
        package var trimp: Double
        /// The heart-rate reserve fraction used (0…1).
        package var reserveFraction: Double
        /// Whether the fraction was estimated (no heart rate in the run).
        package var isEstimated: Bool
    }

    package var runs: [RunLoad]
    /// Every local day from the first run's to today's, oldest first, with the model's values.
    package var days: [(start: Double, model: FitnessFatigue.Day)]
    /// For each of ``days``, the indices in ``runs`` of its runs.
    package var runsByDay: [[Int]]

    package init(runs records: [RunRecord], restingHeartRate: Double, maximumHeartRate: Double, weighting: BanisterTRIMP.Weighting,
                 nowSeconds: Double, timeZone: TimeZone) {
        func seconds(_ run: RunRecord) -> Double? {
            (run.summary.movingTimeSeconds ?? run.summary.elapsedTimeSeconds).flatMap { $0 > 0 ? $0 : nil }
        }
        let dated = records.filter { $0.calendarStartSeconds != nil && seconds($0) != nil }
        func measured(_ run: RunRecord) -> Double? {
            run.summary.averageHeartRateBPM.map { BanisterTRIMP.reserveFraction(heartRate: $0, resting: restingHeartRate, maximum: maximumHeartRate) }
        }
        let estimate = Self.estimator(dated.compactMap { run in measured(run).map { (run, $0) } }, seconds: seconds)
        runs = dated.map { run in
            let duration = seconds(run)!
            let fraction = measured(run) ?? estimate(run)
            return RunLoad(run: run, trimp: BanisterTRIMP.trimp(durationSeconds: duration, reserveFraction: fraction, weighting: weighting),
                           reserveFraction: fraction, isEstimated: measured(run) == nil)
        }
        // The loads by local day, from the first run's day to today.
        let dayNumber = { ProlepticCalendar.components($0, in: timeZone).dayNumber }
        let today = dayNumber(nowSeconds)
        let first = runs.map { dayNumber($0.run.calendarStartSeconds!) }.min().map { min($0, today) } ?? today
        var loads = [Double](repeating: 0, count: today - first + 1)
        var byDay = [[Int]](repeating: [], count: loads.count)
        for (index, load) in runs.enumerated() {
            let day = dayNumber(load.run.calendarStartSeconds!) - first
            if day >= 0, day < loads.count {
                loads[day] += load.trimp
                byDay[day].append(index)
            }
        }
        runsByDay = byDay
        let model = FitnessFatigue.days(loads: loads)
        days = model.indices.map { (ProlepticCalendar.startOfDay(first + $0, in: timeZone), model[$0]) }
    }

    /// The reserve fraction of a run without heart rate, from the runs with it (see the type).
    private static func estimator(_ measured: [(run: RunRecord, fraction: Double)], seconds: @escaping (RunRecord) -> Double?) -> (RunRecord) -> Double {
        let fallback: Double
        if measured.isEmpty {
            fallback = 0.5
        } else {
            let sorted = measured.map(\.fraction).sorted()
            fallback = sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
        }
        func speed(_ run: RunRecord) -> Double? {
            seconds(run).flatMap { run.summary.distanceMeters > 0 ? run.summary.distanceMeters / $0 : nil }
        }
        var lines: [Sport: (intercept: Double, slope: Double)] = [:]
        for sport in Sport.allCases {
            let points = measured.compactMap { entry in entry.run.summary.sport == sport ? speed(entry.run).map { ($0, entry.fraction) } : nil }
            guard points.count >= 3 else { continue }
            let n = Double(points.count)
            let meanX = points.map(\.0).reduce(0, +) / n, meanY = points.map(\.1).reduce(0, +) / n
            let sxx = points.map { ($0.0 - meanX) * ($0.0 - meanX) }.reduce(0, +)
            let sxy = points.map { ($0.0 - meanX) * ($0.1 - meanY) }.reduce(0, +)
            guard sxx > 0, sxy > 0 else { continue }
            let slope = sxy / sxx
            lines[sport] = (meanY - slope * meanX, slope)
        }
        return { run in
            guard let line = lines[run.summary.sport], let speed = speed(run) else { return fallback }
            return min(1, max(0, line.intercept + line.slope * speed))
        }
    }
}
