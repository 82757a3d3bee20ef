import Foundation
import RunCore
import RunStore
import RunStoreSQLite
import RunUI
import Testing

/// The runs screen's sections, built from records made in the test (values by hand).
@Suite struct RunListScreenTests {

    let utc = CalendarText(timeZone: TimeZone(identifier: "UTC")!)

    /// Thursday 21 May 2026, noon UTC: the week from Monday 18 May holds the run of the 20th.
    static let thursday = DateTimeText.parse("2026-05-21T12:00:00Z")!.seconds

    @Test func thisWeekThenOneSectionPerMonthNewestFirstWithTotals() {
        let runs = [
            SampleRuns.run(3, "Tempo", start: "2026-05-20T06:00:00Z", km: 8, moving: 2400, gain: 50),
            SampleRuns.run(2, "Easy", start: "2026-05-02T06:00:00Z", km: 10, moving: 3600, gain: 30),
            SampleRuns.run(1, "Long", start: "2026-04-19T06:00:00Z", km: 21.1, moving: 7200),
            SampleRuns.run(4, "Plan", start: nil, km: 5, moving: nil),
        ]
        let sections = RunListScreen.sections(for: RunListContext(runs: runs, calendar: utc, nowSeconds: Self.thursday))
        #expect(sections.map(\.id) == ["this-week", "month-2026-05", "month-2026-04", "routes"])
        #expect(sections.map(\.title) == ["This week", "May 2026", "April 2026", "Routes (planned, not counted as runs)"])
        #expect(sections[0].summary == "1 run, 8.00 km, 40:00 moving, +50 m climb")
        #expect(sections[0].rows.map(\.id) == ["week-run-3"] && sections[0].footer == nil)
        #expect(sections[1].summary == "2 runs, 18.00 km, 1:40:00 moving, +80 m climb")
        #expect(sections[2].summary == "1 run, 21.10 km, 2:00:00 moving")
        #expect(sections[3].summary == "1 route, 5.00 km")
        #expect(sections[1].rows.map(\.id) == ["run-3", "run-2"])
        #expect(sections[1].rows[0].cells == ["3", "2026-05-20 06:00", "Tempo", "8.00 km", "40:00", "5:00 /km", "+50 m"])
        #expect(sections[3].rows[0].cells[4] == "–" && sections[3].rows[0].cells[5] == "–")
        #expect(sections[1].canEditRows && !sections[3].canEditRows)
        #expect(sections[1].editActions(forRowAt: 0).map(\.id) == ["rename", "delete"])
        // A week without runs still shows, saying so.
        let later = RunListScreen.sections(for: RunListContext(runs: runs, calendar: utc, nowSeconds: Self.thursday + 14 * 86400))
        #expect(later[0].id == "this-week" && later[0].rowCount == 0 && later[0].summary == "0 runs, 0.00 km")
        #expect(later[0].footer == "No runs yet this week.")
    }

    /// A planned route whose planner wrote times (an eTrex route with a time on each point) is a
    /// route: in no week's or month's runs or totals, listed with the routes.
    @Test func aRouteWithTimesIsInNoPeriod() {
        var route = SampleRuns.run(5, "Planned loop", start: "2026-05-19T06:00:00Z", km: 30.9, moving: 40_000)
        route.kind = .route
        let runs = [SampleRuns.run(3, "Tempo", start: "2026-05-20T06:00:00Z", km: 8, moving: 2400, gain: 50), route]
        let sections = RunListScreen.sections(for: RunListContext(runs: runs, calendar: utc, nowSeconds: Self.thursday))
        #expect(sections.map(\.id) == ["this-week", "month-2026-05", "routes"])
        #expect(sections[0].summary == "1 run, 8.00 km, 40:00 moving, +50 m climb")
        #expect(sections[1].summary == "1 run, 8.00 km, 40:00 moving, +50 m climb")
        #expect(sections[2].rows.map(\.id) == ["run-5"])
    }

    @Test func theWeekStartsOnTheSettingsDay() {
        // Sunday 24 May 2026, 10:00 UTC; runs on Monday 18, Saturday 23 and Sunday 24 May.
        let sunday = DateTimeText.parse("2026-05-24T10:00:00Z")!.seconds
        let runs = [
            SampleRuns.run(3, "Sunday", start: "2026-05-24T06:00:00Z", km: 5, moving: 1500),
            SampleRuns.run(2, "Saturday", start: "2026-05-23T06:00:00Z", km: 6, moving: 1800),
            SampleRuns.run(1, "Monday", start: "2026-05-18T06:00:00Z", km: 7, moving: 2100),
        ]
        func week(_ setting: String) -> [String] {
            let first = CalendarText.weekdayNumber(settingValue: setting)
            let context = RunListContext(runs: runs, calendar: utc, nowSeconds: sunday, firstWeekday: first)
            return RunListScreen.sections(for: context)[0].rows.map(\.id)
        }
        #expect(week("monday") == ["week-run-3", "week-run-2", "week-run-1"])   // 18–24 May
        #expect(week("sunday") == ["week-run-3"])                               // 24–30 May
        #expect(week("saturday") == ["week-run-3", "week-run-2"])               // 23–29 May
        #expect(CalendarText.weekdayNumber(settingValue: "sunday") == 1 && CalendarText.weekdayNumber(settingValue: "saturday") == 7)
    }

    @Test func pagesShowTheirRowsAndWholeMonthTotals() {
        let runs = (1...5).reversed().map { SampleRuns.run(Int64($0), "Run \($0)", start: "2026-03-0\($0)T06:00:00Z", km: 10, moving: 3000) }
        func page(_ number: Int) -> [any ListSection] {
            RunListScreen.sections(for: RunListContext(runs: runs, calendar: utc, nowSeconds: Self.thursday,
                                                       page: RunListPage(number: number, size: 2)))
        }
        #expect(page(1).map(\.id) == ["this-week", "month-2026-03"] && page(1)[1].rows.map(\.id) == ["run-5", "run-4"])
        #expect(page(2).map(\.id) == ["month-2026-03"] && page(2)[0].rows.map(\.id) == ["run-3", "run-2"])
        #expect(page(3)[0].rows.map(\.id) == ["run-1"])
        for number in 1...3 { #expect(page(number).last?.summary == "5 runs, 50.00 km, 4:10:00 moving") }
        #expect(RunListPage(number: 1, size: 2).pageCount(runCount: 5) == 3 && RunListPage.all.pageCount(runCount: 5) == 1)
        #expect(RunListPage(number: 4, size: 2).range(runCount: 5).isEmpty)
    }

    @Test func monthsFollowTheTimeZone() {
        // 23:30 UTC on 30 April is already May in Berlin.
        let runs = [SampleRuns.run(1, "Late", start: "2026-04-30T23:30:00Z", km: 5, moving: 1500)]
        let berlin = CalendarText(timeZone: TimeZone(identifier: "Europe/Berlin")!)
        func months(_ calendar: CalendarText) -> [String] {
            RunListScreen.sections(for: RunListContext(runs: runs, calendar: calendar)).map(\.id).filter { $0.hasPrefix("month-") }
        }
        #expect(months(utc) == ["month-2026-04"])
        #expect(months(berlin) == ["month-2026-05"])
    }

    @Test func registryBuildsSectionsInRegistrationOrder() {
        #expect(RunListScreen.registry.kinds == ["recordingNow", "thisWeek", "month", "routes"])
        #expect(SearchResultsScreen.registry.kinds == ["month", "routes"])
        #expect(RunListScreen.sections(for: RunListContext(runs: [], calendar: utc)).isEmpty)
    }

    /// "Recording now" is built while a recording is in progress, on the first page only, first.
    @Test func recordingNowOnlyWhileARecordingIsInProgress() {
        var state = LiveState(sessionID: "s1", recorderPID: getpid(), source: "replay a.gpx ×10")
        state.sequence = 3
        state.state = .running
        state.heartbeatTime = 1_000_000
        state.elapsedTimeSeconds = 754
        state.distanceMeters = 2345
        let runs = [SampleRuns.run(1, "Late", start: "2026-04-30T23:30:00Z", km: 5, moving: 1500)]
        func sections(_ live: LivePresentation?, page: RunListPage = .all) -> [any ListSection] {
            RunListScreen.sections(for: RunListContext(runs: runs, calendar: utc, page: page, live: live))
        }
        let running = sections(LivePresentation(state: state, isStale: false))
        #expect(running.map(\.id).first == "recording-now")
        let section = running[0]
        #expect(section.title == "Recording now" && section.summary == "Running — replay a.gpx ×10")
        #expect(section.columns.map(\.title) == ["Time", "Distance", "Pace"])
        #expect(section.rows.first?.cells == ["12:34", "2.35 km", "–"])
        #expect(section.link == ListLink(title: "Follow it live", path: "/live"))
        // Stale: says since when (the heartbeat's time in the calendar's zone).
        let stale = sections(LivePresentation(state: state, isStale: true))
        #expect(stale.first?.summary == "Recorder not responding since 13:46:40")
        #expect(sections(LivePresentation(state: state, isStale: false), page: RunListPage(number: 2, size: 1)).first?.id != "recording-now")
        #expect(sections(nil).first?.id != "recording-now")
        #expect(sections(LivePresentation(state: nil, isStale: false)).first?.id != "recording-now")
        state.state = .finished
        #expect(sections(LivePresentation(state: state, isStale: false)).first?.id != "recording-now")
    }

    /// A recording that splits by the kilometre shows its split in km after the units setting
    /// became imperial (the splits do not change unit under way).
    @Test func theSplitKeepsTheRecordingsUnit() {
        var state = LiveState(sessionID: "s1", recorderPID: getpid(), source: "replay a.gpx ×10")
        state.state = .running
        state.currentSplit = LiveSplit(index: 2, unitMeters: 1000, distanceMeters: 510, elapsedTimeSeconds: 150)
        let imperial = DisplayFormatter(units: .imperial)
        let presentation = LivePresentation(state: state, isStale: false)
        #expect(presentation.lines(formatter: imperial, clock: { _ in "" }).contains("Split 2: 0.51 km 2:30"))
        #expect(presentation.fields(formatter: imperial).first { $0.id == "split" }?.value == "0.51 km 2:30")
    }
}

@Suite struct FormattingTests {
    @Test func metricAndImperial() {
        let metric = DisplayFormatter(units: .metric), imperial = DisplayFormatter(units: .imperial)
        #expect(metric.distance(10_020) == "10.02 km")
        #expect(imperial.distance(1609.344 * 6.2) == "6.20 mi")
        #expect(metric.pace(secondsPerKilometer: 313) == "5:13 /km")
        #expect(imperial.pace(secondsPerKilometer: 300) == "8:03 /mi")  // 300 s/km × 1.609344 = 482.8 s
        #expect(metric.duration(3133) == "52:13" && metric.duration(7384) == "2:03:04" && metric.duration(nil) == "–")
        #expect(metric.elevationChange(124.4, sign: "+") == "+124 m" && metric.elevationChange(0.2, sign: "-") == "0 m")
        #expect(imperial.elevation(100) == "328 ft")
        #expect(metric.fixed(-0.004, decimals: 2) == "0.00" && metric.fixed(2.675, decimals: 1) == "2.7")
    }

    @Test func displayWidth() {
        #expect(DisplayWidth.of("Morning Run") == 11)
        #expect(DisplayWidth.of("🌞⛰️⚡") == 5)   // 2 + 1 (mountain, text presentation) + 0 (variation selector) + 2
        #expect(DisplayWidth.of("Café") == 4 && DisplayWidth.of("東京") == 4)
        #expect(DisplayWidth.truncate("A very long name for a run", to: 10) == "A very lo…")
        #expect(DisplayWidth.of(DisplayWidth.truncate(String(repeating: "東", count: 20), to: 9)) <= 9)
        #expect(DisplayWidth.pad("ab", to: 4) == "ab  " && DisplayWidth.pad("ab", to: 4, right: true) == "  ab")
    }

    @Test func jsonIsDeterministic() {
        let value = JSONValue.object(["b": .number(380.20000000000005), "a": .array([.integer(1), .null, .string("x\"\n")])])
        #expect(value.text(pretty: false) == "{\"a\":[1,null,\"x\\\"\\n\"],\"b\":380.2}")
    }
}
