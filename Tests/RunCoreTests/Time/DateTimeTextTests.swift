import RunCore
import Testing

/// xsd:dateTime parsing; expected instants computed by hand / Python `calendar.timegm` in the cases.
@Suite struct DateTimeTextTests {
    @Test(arguments: [
        ("2024-03-19T15:49:10-07:00", 1_710_888_550.0, 0, false),
        ("2024-03-19T22:50:10Z", 1_710_888_610.0, 0, false),
        ("2024-03-20T00:51:10+02:00", 1_710_888_670.0, 0, false),
        ("2024-03-19T17:22:10-05:30", 1_710_888_730.0, 0, false),
        ("2024-03-19T17:22:10-0530", 1_710_888_730.0, 0, false),   // basic-format offset (GPSBabel misreads it)
        ("2024-03-19T15:22:10-07", 1_710_886_930.0, 0, false),
        ("2023-04-25T07:58:07.250Z", 1_682_409_487.25, 3, false),
        ("2023-04-25T07:58:09.5Z", 1_682_409_489.5, 1, false),
        ("2023-04-25T09:58:11.000+02:00", 1_682_409_491.0, 3, false),
        ("2021-10-10T09:55:20.952", 1_633_859_720.952, 3, true),
        (" 2021-10-10T09:55:22 ", 1_633_859_722.0, 0, true),
        ("2021-10-10 09:55:22Z", 1_633_859_722.0, 0, false),
        ("1970-01-01T00:00:00Z", 0.0, 0, false),
        ("2000-02-29T12:00:00Z", 951_825_600.0, 0, false),
        ("1969-12-31T23:59:59Z", -1.0, 0, false),
    ])
    func parses(text: String, seconds: Double, fractionDigits: Int, zoneAssumed: Bool) throws {
        let parsed = try #require(DateTimeText.parse(text))
        #expect(abs(parsed.seconds - seconds) < 1e-6)
        #expect(parsed.fractionDigits == fractionDigits)
        #expect(parsed.isZoneAssumed == zoneAssumed)
    }

    @Test func nineFractionDigits() throws {
        let parsed = try #require(DateTimeText.parse("2023-04-25T07:58:10.609273374Z"))
        #expect(abs(parsed.seconds - 1_682_409_490.609_273_374) < 1e-6)
        #expect(parsed.fractionDigits == 9)
    }

    @Test(arguments: ["", "yesterday", "2024-03-19", "2024-13-01T00:00:00Z", "2023-02-29T00:00:00Z", "2024-03-19T25:00:00Z",
                      "2024-03-19T10:61:00Z", "2024-03-19T10:00:00X", "2024-03-19T10:00:00.Z", "2024-03-19T10:00:00+2",
                      "2024-3-19T10:00:00Z", "2024-03-19T10:00:00Z trailing", "2019-10-06T02:51:30 PM"])
    func refuses(text: String) {
        #expect(DateTimeText.parse(text) == nil)
    }

    @Test func formatsUTC() {
        #expect(UTCDateTime.format(seconds: 1_710_888_550) == "2024-03-19T22:49:10Z")
        #expect(UTCDateTime.format(seconds: 1_570_373_490.25, fractionDigits: 3) == "2019-10-06T14:51:30.250Z")
        #expect(UTCDateTime.format(seconds: 1_570_373_490.125, fractionDigits: 3) == "2019-10-06T14:51:30.125Z")
        #expect(UTCDateTime.format(seconds: 1_570_373_490.9996, fractionDigits: 3) == "2019-10-06T14:51:31.000Z")
        #expect(UTCDateTime.format(seconds: -1) == "1969-12-31T23:59:59Z")
        #expect(UTCDateTime.format(seconds: 951_825_600) == "2000-02-29T12:00:00Z")
    }

    /// Every day from 1900 to 2100 survives civil → days → civil.
    @Test func civilDaysRoundTrip() {
        var days = UTCDateTime.daysFromCivil(year: 1900, month: 1, day: 1)
        #expect(days == -25_567)
        let end = UTCDateTime.daysFromCivil(year: 2100, month: 12, day: 31)
        while days <= end {
            let c = UTCDateTime.civilFromDays(days)
            #expect(UTCDateTime.daysFromCivil(year: c.year, month: c.month, day: c.day) == days)
            days += 1
        }
    }
}
