package import RunCore
package import RunStore

/// Training load by day — the day's load (TRIMP), fitness (42 days), fatigue (7 days) and form —
/// for the last days up to today, newest first (``TrainingLoads``): `runlog load`, `GET /api/v1/load`.
///
/// JSON: the section's `values` are `weighting` (`men`, `women`), `restingHeartRateBPM`,
/// `maximumHeartRateBPM`, `estimatedRunCount` (runs of every day whose load was estimated) and
/// `today` (the last day's `fitness`, `fatigue`, `form`); each day's row holds `date`
/// (`YYYY-MM-DD`, local), `dayStart` (ISO 8601 UTC), `load`, `fitness`, `fatigue`, `form` (TRIMP, and
/// TRIMP a day for the averages) and `runs` (`id`, `trimp`, `heartRateReserveFraction`, `estimated`).
package struct LoadSection: ListSection {
    package let loads: TrainingLoads
    /// How many days, up to today.
    package let dayCount: Int
    let weighting: BanisterTRIMP.Weighting
    let restingHeartRate: Double, maximumHeartRate: Double
    let formatter: DisplayFormatter
    let calendar: CalendarText

    package init(loads: TrainingLoads, dayCount: Int, weighting: BanisterTRIMP.Weighting, restingHeartRate: Double,
                 maximumHeartRate: Double, formatter: DisplayFormatter, calendar: CalendarText) {
        self.loads = loads
        self.dayCount = max(1, dayCount)
        self.weighting = weighting
        self.restingHeartRate = restingHeartRate
        self.maximumHeartRate = maximumHeartRate
        self.formatter = formatter
        self.calendar = calendar
    }

    /// The load of `runs` with the settings' resting and maximum heart rate and TRIMP weighting,
    /// the last `dayCount` days up to the day of `nowSeconds` shown.
    package static func make(runs: [RunRecord], settings: SettingsSnapshot, dayCount: Int, nowSeconds: Double,
                             formatter: DisplayFormatter, calendar: CalendarText) -> LoadSection {
        let resting = Double(settings[Settings.restingHeartRate]), maximum = Double(settings[Settings.maximumHeartRate])
        let weighting = BanisterTRIMP.Weighting(rawValue: settings[Settings.trimpWeighting]) ?? .men
        let loads = TrainingLoads(runs: runs, restingHeartRate: resting, maximumHeartRate: maximum, weighting: weighting,
                                  nowSeconds: nowSeconds, timeZone: calendar.timeZone)
        return LoadSection(loads: loads, dayCount: dayCount, weighting: weighting, restingHeartRate: resting, maximumHeartRate: maximum,
                           formatter: formatter, calendar: calendar)
    }

    /// The most days one answer shows.
    package static let maximumDayCount = 3_660


    package var id: String { "load" }
    package var title: String { formatter.strings.trainingLoadTitle }
    package var summary: String? {
        let today = loads.days.last?.model
        return formatter.strings.trainingLoadSummary(formatter.whole(today?.fitness ?? 0), formatter.whole(today?.fatigue ?? 0),
                                                     formatter.whole(today?.form ?? 0),
                                                     loads.runs.filter(\.isEstimated).count, loads.runs.count)
    }
    package var columns: [ListColumn] {
        let strings = formatter.strings
        return [ListColumn(strings.columnDate), ListColumn(strings.columnLoad, isNumeric: true), ListColumn(strings.columnFitness, isNumeric: true),
                ListColumn(strings.columnFatigue, isNumeric: true), ListColumn(strings.columnForm, isNumeric: true)]
    }
    package var rowCount: Int { min(dayCount, loads.days.count) }

    package func row(at index: Int) -> ListRow {
        let dayIndex = loads.days.count - 1 - index
        let day = loads.days[dayIndex]
        let date = calendar.isoDate(day.start)
        // The day's runs, found once by TrainingLoads (not by looking through every run per day).
        let runs = loads.runsByDay[dayIndex].map { loads.runs[$0] }
        let cells = [calendar.date(day.start), day.model.load > 0 ? formatter.whole(day.model.load) : "", formatter.whole(day.model.fitness),
                     formatter.whole(day.model.fatigue), formatter.whole(day.model.form)]
        return ListRow(id: "day-\(date)", cells: cells, values: [
            "date": .string(date), "dayStart": .from(CalendarText.iso8601(day.start)), "load": .number(day.model.load),
            "fitness": .number(day.model.fitness), "fatigue": .number(day.model.fatigue), "form": .number(day.model.form),
            "runs": .array(runs.map { load in
                .object(["id": .integer(load.run.id), "trimp": .number(load.trimp), "heartRateReserveFraction": .number(load.reserveFraction),
                         "estimated": .bool(load.isEstimated)])
            }),
        ])
    }

    package var values: [String: JSONValue] {
        let today = loads.days.last?.model
        return ["weighting": .string(weighting.rawValue), "restingHeartRateBPM": .number(restingHeartRate),
                "maximumHeartRateBPM": .number(maximumHeartRate), "estimatedRunCount": .integer(Int64(loads.runs.filter(\.isEstimated).count)),
                "today": .object(["fitness": .number(today?.fitness ?? 0), "fatigue": .number(today?.fatigue ?? 0), "form": .number(today?.form ?? 0)])]
    }
}
