import Foundation
import RunCore
import RunStore
import RunUI
import Testing

/// Totals by week, month and year: the periods' bounds in a time zone with daylight saving time,
/// which run falls in which, the sums and changes — all worked out by hand from the runs below.
@Suite struct TotalsSectionTests {
    static let berlin = TimeZone(identifier: "Europe/Berlin")!
    static let monday = 2
    static func seconds(_ text: String) -> Double { DateTimeText.parse(text)!.seconds }

    /// Around the end of summer time in Berlin (Sunday 25 October 2026, 03:00 CEST → 02:00 CET).
    static var autumnRuns: [RunRecord] {
        var ride = SampleRuns.run(6, "Ride", start: "2026-11-03T07:00:00Z", km: 20, moving: 3000)
        ride.summary.sport = .cycling
        return [
            SampleRuns.run(1, "Monday just after midnight CEST", start: "2026-10-18T22:30:00Z", km: 4, moving: 1200, gain: 10),  // Mon 19 Oct 00:30 CEST
            SampleRuns.run(2, "Sunday night CET", start: "2026-10-25T22:30:00Z", km: 3, moving: 900),                           // Sun 25 Oct 23:30 CET
            SampleRuns.run(3, "Sunday just before midnight", start: "2026-11-01T22:30:00Z", km: 10, moving: 3000, gain: 50),     // Sun 1 Nov 23:30 CET
            SampleRuns.run(4, "Monday just after midnight", start: "2026-11-01T23:30:00Z", km: 5, moving: 1500),                // Mon 2 Nov 00:30 CET
            SampleRuns.run(5, "Plan", start: nil, km: 7, moving: nil),
            ride,
        ]
    }

    @Test func weeksInATimeZoneWithSummerTime() {
        let calendar = CalendarText(timeZone: Self.berlin)
        let periods = TrainingPeriods.totals(of: Self.autumnRuns, by: .week, count: 3, sports: nil,
                                             nowSeconds: Self.seconds("2026-11-04T12:00:00Z"), calendar: calendar, firstWeekday: Self.monday)
        #expect(periods.map(\.span.lowerBound) == [Self.seconds("2026-11-01T23:00:00Z"),   // Mon 2 Nov 00:00 CET
                                                   Self.seconds("2026-10-25T23:00:00Z"),   // Mon 26 Oct 00:00 CET
                                                   Self.seconds("2026-10-18T22:00:00Z")])  // Mon 19 Oct 00:00 CEST
        #expect(periods[2].span.upperBound - periods[2].span.lowerBound == 7 * 86_400 + 3_600, "the week summer time ended has 169 hours")
        #expect(periods.map(\.totals.count) == [2, 1, 2])
        #expect(periods.map(\.totals.distanceMeters) == [25_000, 10_000, 7_000])
        #expect(periods.map(\.totals.movingTimeSeconds) == [4_500, 3_000, 2_100])
        #expect(periods.map(\.totals.elevationGainMeters) == [nil, 50, 10])
        #expect(periods.map(\.previous.distanceMeters) == [10_000, 7_000, 0])
        #expect(periods[0].bySport[.cycling]?.distanceMeters == 20_000 && periods[0].bySport[.running]?.distanceMeters == 5_000)

        let running = TrainingPeriods.totals(of: Self.autumnRuns, by: .week, count: 3, sports: [.running],
                                             nowSeconds: Self.seconds("2026-11-04T12:00:00Z"), calendar: calendar, firstWeekday: Self.monday)
        #expect(running.map(\.totals.distanceMeters) == [5_000, 10_000, 7_000])
        #expect(running[0].bySport.keys.sorted { $0.rawValue < $1.rawValue } == [.running])
    }

    @Test func weeksStartOnTheChosenDay() {
        // Weeks from Sunday: Sunday 1 November 23:30 CET opens the current week with Monday's run.
        let periods = TrainingPeriods.totals(of: Self.autumnRuns, by: .week, count: 1, sports: [.running],
                                             nowSeconds: Self.seconds("2026-11-04T12:00:00Z"),
                                             calendar: CalendarText(timeZone: Self.berlin), firstWeekday: 1)
        #expect(periods.count == 1 && periods[0].span.lowerBound == Self.seconds("2026-10-31T23:00:00Z"))
        #expect(periods[0].totals.distanceMeters == 15_000 && periods[0].previous.distanceMeters == 3_000)
    }

    @Test func yearsBackToTheFirstRunWithTheirChange() {
        let calendar = CalendarText(timeZone: SampleRuns.utc)
        let periods = TrainingPeriods.totals(of: SampleRuns.list, by: .year, count: nil, sports: nil,
                                             nowSeconds: Self.seconds("2026-12-02T08:00:00Z"), calendar: calendar, firstWeekday: Self.monday)
        #expect(periods.map(\.span.lowerBound) == [Self.seconds("2026-01-01T00:00:00Z"), Self.seconds("2025-01-01T00:00:00Z")])
        let section = TotalsSection(period: .year, periods: periods, sports: nil, formatter: DisplayFormatter(), calendar: calendar)
        // 2026: 5.25 + 21.0975 + 10 km, 1575 + 6300 + 3600 s, +12 + 1234 m; 2025: 1234.5 km, 400,000 s, +15,000 m.
        #expect(section.row(at: 0).cells == ["2026", "3", "36.35 km", "3:11:15", "+1246 m", "-1198.15 km (-97 %)"])
        #expect(section.row(at: 1).cells == ["2025", "1", "1234.50 km", "111:06:40", "+15000 m", "+1234.50 km"])
        #expect(section.row(at: 0).id == "year-2026-01-01")
        let distance: Double = 36_347.5 - 1_234_500
        let expected: [String: JSONValue] = [
            "runCount": .integer(2), "distanceMeters": .number(distance), "movingTimeSeconds": .number(11_475 - 400_000),
            "elevationGainMeters": .number(1_246 - 15_000), "distanceRatio": .number(distance / 1_234_500),
        ]
        #expect(section.row(at: 0).values["change"] == .object(expected))
        #expect(section.row(at: 1).values["periodStart"] == .string("2025-01-01T00:00:00Z"))
        #expect(section.row(at: 1).values["periodEnd"] == .string("2026-01-01T00:00:00Z"))
    }

    @Test func emptyMonthsAreRowsOfZeros() {
        let calendar = CalendarText(timeZone: SampleRuns.utc)
        let periods = TrainingPeriods.totals(of: SampleRuns.list, by: .month, count: 4, sports: nil,
                                             nowSeconds: Self.seconds("2027-01-10T00:00:00Z"), calendar: calendar, firstWeekday: Self.monday)
        #expect(periods.map { calendar.yearMonth($0.span.lowerBound).month } == [1, 12, 11, 10])
        #expect(periods.map(\.totals.count) == [0, 0, 2, 1])
        let section = TotalsSection(period: .month, periods: periods, sports: nil, formatter: DisplayFormatter(), calendar: calendar)
        #expect(section.row(at: 0).cells == ["January 2027", "0", "0.00 km", "–", "–", "–"])
        #expect(section.row(at: 1).cells[5] == "-26.35 km (-100 %)")
        #expect(section.row(at: 3).cells[5] == "+10.00 km", "September had nothing: no percentage")
    }

    @Test func theCountIsBounded() {
        let periods = TrainingPeriods.totals(of: [], by: .week, count: 1_000_000, sports: nil, nowSeconds: 0,
                                             calendar: CalendarText(timeZone: SampleRuns.utc), firstWeekday: Self.monday)
        #expect(periods.count == TrainingPeriods.maximumCount)
        let none = TrainingPeriods.totals(of: [], by: .year, count: nil, sports: nil, nowSeconds: 0,
                                          calendar: CalendarText(timeZone: SampleRuns.utc), firstWeekday: Self.monday)
        #expect(none.count == 1, "without runs: the current period")
    }
}
