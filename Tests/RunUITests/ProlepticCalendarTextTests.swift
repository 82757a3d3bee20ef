import Foundation
import RunCore
import RunUI
import Testing

/// Dates before 1582 in text as in JSON: the proleptic Gregorian calendar (ISO 8601), not the Julian
/// one Foundation's Gregorian calendar switches to before 1582-10-15. Expected values from Python's
/// `datetime` (proleptic Gregorian) and `zoneinfo` (Berlin's local mean time before 1893, +00:53:28).
@Suite struct ProlepticCalendarTextTests {
    /// 1500-03-01T10:00:00Z: `int(datetime(1500,3,1,10,tzinfo=timezone.utc).timestamp())`.
    static let instant: Double = -14_826_636_000
    static let utc = TimeZone(identifier: "UTC")!

    @Test func textDatesAreProlepticGregorian() {
        let english = CalendarText(timeZone: Self.utc)
        #expect(english.dateTime(Self.instant) == "1500-03-01 10:00")
        #expect(english.date(Self.instant) == "1500-03-01")
        #expect(english.longDate(Self.instant) == "1 March 1500")
        // `date(1500,3,1).strftime('%a')` is Thu.
        #expect(english.dayWithWeekday(Self.instant) == "Thu 1 March 1500")
        #expect(english.weekday(Self.instant) == 5)
        #expect(english.yearMonth(Self.instant) == (1500, 3))
        #expect(CalendarText(timeZone: Self.utc, language: .german).dateTime(Self.instant) == "01.03.1500 10:00")
        // The same as the JSON's ISO 8601 time says.
        #expect(CalendarText.iso8601(Self.instant) == "1500-03-01T10:00:00Z")
    }

    @Test func localMeanTimeOfTheZone() throws {
        let berlin = CalendarText(timeZone: try #require(TimeZone(identifier: "Europe/Berlin")))
        #expect(berlin.clockTime(Self.instant) == "10:53:28")
    }

    @Test func monthsAndWeeksBefore1582() {
        let text = CalendarText(timeZone: Self.utc)
        // 1500-03-01 and 1500-04-01 at 00:00Z.
        #expect(text.month(containing: Self.instant) == -14_826_672_000 ..< -14_823_993_600)
        // Monday 1500-02-26 to Monday 1500-03-05 at 00:00Z.
        #expect(text.week(containing: Self.instant, firstWeekday: 2) == -14_826_931_200 ..< -14_826_326_400)
    }

    @Test func afterTheCutoverNothingChanges() throws {
        // 2026-05-02T05:31:10Z, a Saturday, in Berlin (CEST, +2 h).
        let berlin = CalendarText(timeZone: try #require(TimeZone(identifier: "Europe/Berlin")))
        #expect(berlin.dateTime(1_777_699_870) == "2026-05-02 07:31")
        #expect(berlin.dayWithWeekday(1_777_699_870) == "Sat 2 May 2026")
    }
}
