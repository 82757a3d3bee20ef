import Foundation
import RunCore
import RunStore
import RunUI
import Testing

/// A month as a calendar: the grid's weeks and days, which day holds which run, the week and month
/// totals, the cells — worked out by hand from a printed calendar (1 November 2026 is a Sunday).
@Suite struct CalendarMonthSectionTests {
    static func seconds(_ text: String) -> Double { DateTimeText.parse(text)!.seconds }

    @Test func novemberFromMonday() {
        let section = CalendarMonthSection(year: 2026, month: 11, runs: SampleRuns.list, formatter: DisplayFormatter(),
                                           calendar: CalendarText(timeZone: SampleRuns.utc), firstWeekday: 2)
        #expect(section.columns.map(\.title) == ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun", "Week"])
        // Monday 26 October … Sunday 6 December: six weeks.
        #expect(section.rowCount == 6)
        #expect(section.row(at: 0).cells == ["26", "27", "28", "29", "30", "31", "1 21.1", "21.10 km"])
        #expect(section.row(at: 1).cells == ["2", "3", "4", "5", "6", "7", "8", ""])
        #expect(section.row(at: 5).cells == ["30 5.3", "1", "2", "3", "4", "5", "6", "5.25 km"])
        #expect(section.row(at: 0).id == "week-2026-10-26")
        #expect(section.weeks[0].days.map(\.inMonth) == [false, false, false, false, false, false, true])
        #expect(section.weeks[5].days.map(\.inMonth) == [true, false, false, false, false, false, false])
        #expect(section.weeks[0].span == Self.seconds("2026-10-26T00:00:00Z") ..< Self.seconds("2026-11-02T00:00:00Z"))
        #expect(section.totals.count == 2 && section.totals.distanceMeters == 26_347.5)
        #expect(section.summary == "2 runs, 26.35 km, 2:11:15 moving, +1246 m climb")
        #expect(section.values["previousMonth"] == .string("2026-10") && section.values["nextMonth"] == .string("2026-12"))
        #expect(section.id == "calendar-2026-11")
        #expect(section.footer?.contains("distance in km") == true, "the cells' unit is said")
    }

    @Test func fromSundayAndAcrossTheEndOfSummerTime() {
        let berlin = TimeZone(identifier: "Europe/Berlin")!
        var ride = SampleRuns.run(9, "Ride", start: "2026-10-25T22:30:00Z", km: 20, moving: 3600)   // Sunday 25 October 23:30 CET
        ride.summary.sport = .cycling
        let late = SampleRuns.run(8, "Late", start: "2026-10-24T22:30:00Z", km: 8, moving: 2400)   // Sunday 25 October 00:30 CEST
        let section = CalendarMonthSection(year: 2026, month: 10, runs: [ride, late], formatter: DisplayFormatter(),
                                           calendar: CalendarText(timeZone: berlin), firstWeekday: 1)
        // 1 October 2026 is a Thursday: Sunday 27 September … Saturday 31 October, five weeks.
        #expect(section.rowCount == 5)
        #expect(section.columns.first?.title == "Sun")
        let sunday = section.weeks[4].days[0]
        #expect(sunday.date == "2026-10-25")
        #expect(sunday.span.upperBound - sunday.span.lowerBound == 25 * 3_600, "the day summer time ends has 25 hours")
        #expect(section.row(at: 4).cells[0] == "25 8.0 · 20.0 ride", "both runs of the day, in the order they started")
        #expect(section.row(at: 4).cells[7] == "28.00 km")
    }

    @Test func monthsAreParsedStrictly() {
        #expect(CalendarMonthSection.month(parsing: "2026-11")! == (2026, 11))
        for text in ["2026-13", "2026-1", "26-11", "2026/11", "2026-11-01", "", "0000-01", "２０２６-11"] {
            #expect(CalendarMonthSection.month(parsing: text) == nil, "\(text)")
        }
        #expect(CalendarMonthSection.monthKey(812, 3) == "0812-03")
    }
}
