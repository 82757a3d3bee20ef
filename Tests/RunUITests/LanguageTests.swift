import Foundation
import RunCore
import RunStore
import RunStoreSQLite
import RunUI
import Testing

/// The interface in English and in German. Expected texts are written by hand from each language
/// (German month names, decimal comma, full stop between thousands), never copied from the output.
@Suite struct LanguageTests {
    let english = DisplayFormatter(units: .metric, language: .english)
    let german = DisplayFormatter(units: .metric, language: .german)
    let englishCalendar = CalendarText(timeZone: SampleRuns.utc, language: .english)
    let germanCalendar = CalendarText(timeZone: SampleRuns.utc, language: .german)

    // MARK: Run list

    /// Tuesday 1 December 2026: the week from Monday 30 November holds the run of that evening.
    static let now = DateTimeText.parse("2026-12-01T12:00:00Z")!.seconds

    @Test func germanRunList() {
        let sections = Array(RunListScreen.sections(for: RunListContext(runs: SampleRuns.list, formatter: german, calendar: germanCalendar,
                                                                        nowSeconds: Self.now)).dropFirst())
        let week = RunListScreen.sections(for: RunListContext(runs: SampleRuns.list, formatter: german, calendar: germanCalendar,
                                                              nowSeconds: Self.now))[0]
        #expect(week.title == "Diese Woche" && week.summary == "1 Lauf, 5,25 km, 26:15 in Bewegung, +12 m Anstieg")
        #expect(sections.map(\.title) == ["November 2026", "Oktober 2026", "Juni 2025", "Routen (geplant, nicht als Läufe gezählt)"])
        #expect(sections.map(\.summary) == [
            "2 Läufe, 26,35 km, 2:11:15 in Bewegung, +1.246 m Anstieg",
            "1 Lauf, 10,00 km, 1:00:00 in Bewegung",
            "1 Lauf, 1.234,50 km, 111:06:40 in Bewegung, +15.000 m Anstieg",
            "1 Route, 5,00 km",
        ])
        #expect(sections[0].columns.map(\.title) == ["Lauf", "Start", "Name", "Distanz", "Bewegungszeit", "Tempo", "Anstieg"])
        #expect(sections[0].rows.map(\.cells) == [
            ["5", "30.11.2026 17:45", "Intervalle", "5,25 km", "26:15", "5:00 /km", "+12 m"],
            ["4", "01.11.2026 07:05", "Long run", "21,10 km", "1:45:00", "4:59 /km", "+1.234 m"],
        ])
        #expect(sections[2].rows[0].cells == ["2", "01.06.2025 05:00", "Tour", "1.234,50 km", "111:06:40", "5:24 /km", "+15.000 m"])
        #expect(sections[3].rows[0].cells == ["1", "ohne Zeit", "Plan", "5,00 km", "–", "–", "–"])
        #expect(sections[0].editActions(forRowAt: 0).map(\.title) == ["Umbenennen", "Löschen"])
    }

    @Test func englishRunListIsUnchanged() {
        let all = RunListScreen.sections(for: RunListContext(runs: SampleRuns.list, formatter: english, calendar: englishCalendar,
                                                             nowSeconds: Self.now))
        #expect(all[0].title == "This week" && all[0].summary == "1 run, 5.25 km, 26:15 moving, +12 m climb")
        let sections = Array(all.dropFirst())
        #expect(sections.map(\.title) == ["November 2026", "October 2026", "June 2025", "Routes (planned, not counted as runs)"])
        #expect(sections.map(\.summary) == [
            "2 runs, 26.35 km, 2:11:15 moving, +1246 m climb",
            "1 run, 10.00 km, 1:00:00 moving",
            "1 run, 1234.50 km, 111:06:40 moving, +15000 m climb",
            "1 route, 5.00 km",
        ])
        #expect(sections[0].columns.map(\.title) == ["Run", "Start", "Name", "Distance", "Moving", "Pace", "Climb"])
        #expect(sections[0].rows[0].cells == ["5", "2026-11-30 17:45", "Intervalle", "5.25 km", "26:15", "5:00 /km", "+12 m"])
        #expect(sections[2].rows[0].cells == ["2", "2025-06-01 05:00", "Tour", "1234.50 km", "111:06:40", "5:24 /km", "+15000 m"])
        #expect(sections[3].rows[0].cells[1] == "no time")
        #expect(sections[0].editActions(forRowAt: 0).map(\.title) == ["Rename", "Delete"])
    }

    @Test func defaultsAreEnglishAndMetric() {
        #expect(DisplayFormatter().language == .english && DisplayFormatter().units == .metric)
        #expect(CalendarText().language == .english)
    }

    // MARK: Run detail

    @Test func germanRunDetail() {
        let presentation = RunPresentation(run: SampleRuns.detailRecord, analysis: SampleRuns.detailAnalysis)
        let fields = presentation.fields(formatter: german, calendar: germanCalendar)
        #expect(fields.map { "\($0.label): \($0.value)" } == [
            "Lauf: 5",
            "Name: Intervalle",
            "Start: 30.11.2026 17:45",
            "Gesamtzeit: 27:05",
            "Bewegungszeit: 26:15",
            "Distanz: 5,25 km",
            "Durchschnittstempo: 5:00 /km",
            "Bestes Tempo: 4:10 /km (schnellste 30 s)",
            "Anstieg: +12 m",
            "Abstieg: -12 m",
            "Herzfrequenz: 152 bpm im Schnitt, 178 bpm max.",
            "Kadenz: 172 Schritte/min im Schnitt (86 pro Fuß in der Datei)",
            "Punkte: 1.575 Trackpunkte in 2 Segmenten, 1 Wegpunkt",
            "Sportart: Laufen (laut Datei)",
            "Gerät: Garmin Forerunner",
            "Datei: intervalle.gpx",
            "Warnungen: 1",
        ])
        let ride = SampleRuns.olderRide.fields(formatter: german, calendar: germanCalendar).map { "\($0.label): \($0.value)" }
        #expect(ride.contains("Start: ohne Zeit"))
        #expect(ride.contains("Kadenz: 80 rpm im Schnitt"))
        #expect(ride.contains("Punkte: 1 Trackpunkt in 1 Segment, 2 Routen (1 Punkt, 1,50 km)"))
        #expect(ride.contains("Sportart: Radfahren (aus den Geschwindigkeiten)") && ride.contains("Gerät: unbekannt") && ride.contains("Warnungen: keine"))
        #expect(!ride.contains { $0.hasPrefix("Hinweis:") })
        var stale = presentation
        stale.isStale = true
        #expect(stale.fields(formatter: german, calendar: germanCalendar, updateCommand: { "runlog reanalyze \($0)" }).last.map { "\($0.label): \($0.value)" }
                == "Hinweis: mit einer älteren Methode oder anderen Einstellungen ausgewertet: 'runlog reanalyze 5' aktualisiert die Zahlen")
        #expect(stale.fields(formatter: german, calendar: germanCalendar).last?.value
                == "mit einer älteren Methode oder anderen Einstellungen ausgewertet: neu ausgewertet werden die Zahlen aktualisiert")
    }

    @Test func germanRunDetailSections() {
        let sections = RunDetailScreen.sections(for: RunDetailContext(analysis: SampleRuns.detailAnalysis, formatter: german,
                                                                      calendar: germanCalendar))
        #expect(sections.map(\.title) == ["Zwischenzeiten pro Kilometer", "Bestleistungen", "Herzfrequenzzonen", "GPS-Bereinigung"])
        #expect(sections[0].columns.map(\.title) == ["km", "Zeit", "Bewegungszeit", "Tempo", "Höhe", "HF"])
        #expect(sections[0].rows.map(\.cells) == [
            ["1", "5:00", "5:00", "5:00 /km", "+4 m", "140"],
            ["2", "5:50", "5:30", "5:30 /km", "-8 m", "150"],
            ["2,25", "1:15", "1:15", "5:00 /km", "–", "–"],
        ])
        #expect(sections[1].columns.map(\.title) == ["Distanz", "Zeit", "Tempo", "Ab"])
        #expect(sections[1].rows.map(\.cells) == [
            ["400 m", "1:20", "3:20 /km", "1,20 km"],
            ["1 Meile", "8:00", "4:58 /km", "0,00 km"],
            ["Halbmarathon", "1:45:00", "4:59 /km", "0,00 km"],
        ])
        #expect(sections[2].summary == "ausgehend von maximal 190 bpm")
        #expect(sections[2].columns.map(\.title) == ["Zone", "bpm", "Zeit", "Anteil"])
        #expect(sections[2].rows.last?.cells == ["Z5", "171–max.", "8:20", "25 %"])
        #expect(sections[3].summary == "nicht in den Zahlen, im gespeicherten Original erhalten")
        #expect(sections[3].rows.map(\.cells) == [
            ["1 doppelter Punkt ausgelassen: track 1, segment 1, point 6"],
            ["7 GPS-Ausreißer (unplausibel schnell hin und zurück) ausgelassen: track 1, segment 2, point 10 (2026-11-30T17:50:00Z); …"],
        ])
        let imperial = DisplayFormatter(units: .imperial, language: .german)
        let miles = RunDetailScreen.sections(for: RunDetailContext(analysis: SampleRuns.detailAnalysis, formatter: imperial))
        #expect(miles.first?.title == "Zwischenzeiten pro Meile" && miles.first?.columns.first?.title == "mi")
        #expect(miles.first?.rows.first?.cells == ["1", "8:20", "8:10", "8:10 /mi", "–", "–"])
    }

    @Test func englishRunDetailIsUnchanged() {
        let presentation = RunPresentation(run: SampleRuns.detailRecord, analysis: SampleRuns.detailAnalysis)
        #expect(presentation.fields(formatter: english, calendar: englishCalendar).map { "\($0.label): \($0.value)" } == [
            "Run: 5",
            "Name: Intervalle",
            "Start: 2026-11-30 17:45",
            "Elapsed time: 27:05",
            "Moving time: 26:15",
            "Distance: 5.25 km",
            "Average pace: 5:00 /km",
            "Best pace: 4:10 /km (fastest 30 s)",
            "Elevation gain: +12 m",
            "Elevation loss: -12 m",
            "Heart rate: 152 bpm average, 178 bpm max",
            "Cadence: 172 steps/min average (86 per foot in the file)",
            "Points: 1575 track points in 2 segments, 1 waypoint",
            "Sport: running (as the file says)",
            "Device: Garmin Forerunner",
            "File: intervalle.gpx",
            "Warnings: 1",
        ])
        let ride = SampleRuns.olderRide.fields(formatter: english, calendar: englishCalendar).map { "\($0.label): \($0.value)" }
        #expect(ride.contains("Points: 1 track point in 1 segment, 2 routes (1 points, 1.50 km)"))
        #expect(ride.contains("Cadence: 80 rpm average") && ride.contains("Sport: cycling (from its speeds)") && ride.contains("Device: unknown"))
        // A file is analysed as it is read: never stale, whatever its summary says.
        #expect(!ride.contains { $0.hasPrefix("Note:") })

        let sections = RunDetailScreen.sections(for: RunDetailContext(analysis: SampleRuns.detailAnalysis, formatter: english,
                                                                      calendar: englishCalendar))
        #expect(sections.map(\.title) == ["Splits per kilometre", "Best efforts", "Heart-rate zones", "GPS clean-up"])
        #expect(sections[0].columns.map(\.title) == ["km", "Time", "Moving", "Pace", "Elev", "HR"])
        #expect(sections[0].rows[2].cells == ["2.25", "1:15", "1:15", "5:00 /km", "–", "–"])
        #expect(sections[1].rows.map { $0.cells[0] } == ["400 m", "1 mile", "Half marathon"])
        #expect(sections[2].summary == "from a maximum of 190 bpm" && sections[2].rows.last?.cells[1] == "171–max")
        #expect(sections[3].rows[0].cells == ["1 duplicate point left out: track 1, segment 1, point 6"])
    }

    /// English clean-up lines are RunCore's own diagnostic messages, for every kind.
    @Test func englishCleanupLinesAreRunCoreMessages() {
        let entries = CleanupReport.Kind.allCases.enumerated().map { i, kind in
            "{\"kind\":\"\(kind.rawValue)\",\"count\":\(i + 1),\"places\":[\"track 1, segment 1, point \(i)\"]}"
        }
        let report = SampleRuns.decode(CleanupReport.self, "{\"entries\":[\(entries.joined(separator: ","))]}")
        var analysis = SampleRuns.detailAnalysis
        analysis.cleanup = report
        let section = RunDetailScreen.sections(for: RunDetailContext(analysis: analysis, formatter: english)).last!
        #expect(section.rows.map { $0.cells[0] } == report.diagnostics.map(\.message))
    }

    @Test func germanRecords() {
        let section = RecordsSection(records: SampleRuns.records, formatter: german, calendar: germanCalendar)
        #expect(section.title == "Rekorde")
        #expect(section.columns.map(\.title) == ["Distanz", "Zeit", "Tempo", "Lauf", "Datum", "Name"])
        #expect(section.rows[0].cells == ["5 km", "25:00", "5:00 /km", "5", "30.11.2026 17:46", "Intervalle"])
        #expect(BestEffortsSection.distanceName(42_195, formatter: german) == "Marathon")
        #expect(BestEffortsSection.distanceName(1500, formatter: german) == "1,5 km")
        #expect(BestEffortsSection.distanceName(1500) == "1.5 km")
    }

    // MARK: Numbers and dates

    @Test func germanNumbers() {
        #expect(german.distance(5250) == "5,25 km")
        #expect(german.fixed(1234.5, decimals: 2) == "1.234,50" && english.fixed(1234.5, decimals: 2) == "1234.50")
        #expect(german.fixed(-1_234_567.891, decimals: 1) == "-1.234.567,9")
        #expect(german.fixed(999.996, decimals: 2) == "1.000,00" && german.fixed(-0.004, decimals: 2) == "0,00")
        #expect(german.fixed(12345, decimals: 0) == "12.345")
        #expect(german.whole(999) == "999" && german.whole(1000) == "1.000" && english.whole(1000) == "1000")
        #expect(german.integer(-12345) == "-12.345" && german.integer(123_456) == "123.456" && german.integer(0) == "0")
        #expect(german.count(1, german.strings.runs) == "1 Lauf" && german.count(0, german.strings.runs) == "0 Läufe")
        #expect(german.count(2500, german.strings.trackPoints) == "2.500 Trackpunkte")
        #expect(english.count(2500, english.strings.trackPoints) == "2500 track points")
        // Units and pace are written the same in both languages.
        let imperial = DisplayFormatter(units: .imperial, language: .german)
        #expect(imperial.distance(1609.344 * 6.2) == "6,20 mi" && imperial.elevation(1000) == "3.281 ft")
        #expect(german.pace(secondsPerKilometer: 330) == "5:30 /km" && german.duration(7384) == "2:03:04")
        #expect(german.heartRate(152) == "152 bpm" && german.cadence(86) == "86 rpm")
        #expect(german.elevationDifference(-8.2) == "-8 m" && german.elevationChange(1500, sign: "+") == "+1.500 m")
    }

    @Test func germanDates() {
        let instant = DateTimeText.parse("2026-11-30T17:45:00Z")!.seconds
        #expect(germanCalendar.date(instant) == "30.11.2026" && englishCalendar.date(instant) == "2026-11-30")
        #expect(germanCalendar.longDate(instant) == "30. November 2026" && englishCalendar.longDate(instant) == "30 November 2026")
        #expect(germanCalendar.dateTime(instant) == "30.11.2026 17:45" && englishCalendar.dateTime(instant) == "2026-11-30 17:45")
        let march = DateTimeText.parse("2026-03-01T08:05:00Z")!.seconds
        #expect(germanCalendar.dateTime(march) == "01.03.2026 08:05")
        #expect(germanCalendar.longDate(march) == "1. März 2026")
        // 24-hour times in the time zone: 23:30 UTC is 00:30 the next day in Berlin (winter time).
        let berlin = CalendarText(timeZone: TimeZone(identifier: "Europe/Berlin")!, language: .german)
        #expect(berlin.dateTime(DateTimeText.parse("2026-11-30T23:30:00Z")!.seconds) == "01.12.2026 00:30")
        #expect(germanCalendar.monthTitle(year: 2026, month: 5) == "Mai 2026" && englishCalendar.monthTitle(year: 2026, month: 5) == "May 2026")
        #expect((1...12).map(germanCalendar.monthName) == ["Januar", "Februar", "März", "April", "Mai", "Juni", "Juli", "August",
                                                            "September", "Oktober", "November", "Dezember"])
        // 30 November 2026 is a Monday.
        #expect(germanCalendar.weekday(instant) == 2)
        #expect(germanCalendar.weekdayName(germanCalendar.weekday(instant)) == "Montag")
        #expect((1...7).map(germanCalendar.weekdayName) == ["Sonntag", "Montag", "Dienstag", "Mittwoch", "Donnerstag", "Freitag", "Samstag"])
        #expect(englishCalendar.weekdayName(1) == "Sunday" && englishCalendar.weekdayName(7) == "Saturday")
        #expect(germanCalendar.dateTime(nil) == "ohne Zeit" && germanCalendar.dateTime(1e13) == "ungültige Zeit")
    }

    // MARK: Tables

    /// The compiler already refuses a table without an entry; this checks the entries are filled in
    /// and that German texts equal to the English ones are only words both languages share.
    @Test func everyTextExistsInBothLanguages() {
        let sharedWords: Set<String> = ["columnStart", "columnName", "columnZone", "fieldName", "fieldStart", "marathon",
                                        "markerStart", "markerPause", "columnFitness", "columnForm"]
        let englishEntries = Mirror(reflecting: UIStrings.english).children
        let germanEntries = Mirror(reflecting: UIStrings.german).children
        #expect(englishEntries.count == germanEntries.count)
        var checked = 0
        for (e, g) in zip(englishEntries, germanEntries) {
            #expect(e.label == g.label)
            let key = e.label ?? "?"
            if let e = e.value as? String, let g = g.value as? String, !key.hasSuffix("Separator") {
                #expect(!e.isEmpty && !g.isEmpty, "\(key)")
                #expect(e != g || sharedWords.contains(key), "\(key) is not translated: \(g)")
                checked += 1
            }
            if let e = e.value as? PluralForms, let g = g.value as? PluralForms {
                #expect(!e.one.isEmpty && !e.other.isEmpty && !g.one.isEmpty && !g.other.isEmpty, "\(key)")
                #expect(e != g, "\(key) is not translated")
                checked += 1
            }
        }
        #expect(checked > 50)
        for strings in [UIStrings.english, UIStrings.german] {
            #expect(strings.monthNames.count == 12 && strings.weekdayNames.count == 7)
            #expect(Set(strings.monthNames).count == 12 && Set(strings.weekdayNames).count == 7)
            for kind in CleanupReport.Kind.allCases { #expect(!strings.cleanupKind(kind).other.isEmpty) }
            for sport in Sport.allCases { #expect(!strings.sportName(sport).isEmpty) }
        }
        #expect(Set(Sport.allCases.map(UIStrings.german.sportName)).count == Sport.allCases.count)
        #expect(UIStrings.german.decimalSeparator == "," && UIStrings.german.groupingSeparator == ".")
        #expect(UIStrings.english.decimalSeparator == "." && UIStrings.english.groupingSeparator == nil)
    }

    @Test func languageFromTheSetting() {
        #expect(Language(settingValue: "en") == .english && Language(settingValue: "de") == .german)
        #expect(Language(settingValue: "fr") == nil && Language(settingValue: "DE") == nil)
        guard case .choice(let choices) = Settings.language.definition.kind else {
            Issue.record("the language setting is not a choice")
            return
        }
        #expect(choices.compactMap { Language(settingValue: $0.value) } == Language.allCases)
        #expect(Language(settingValue: Settings.language.definition.defaultValue.text) == .english)
    }

    // MARK: Machines

    /// JSON and every machine-readable value are the same whatever the language.
    @Test(arguments: [UnitSystem.metric, .imperial])
    func machineValuesDoNotDependOnTheLanguage(units: UnitSystem) {
        let inEnglish = DisplayFormatter(units: units, language: .english)
        let inGerman = DisplayFormatter(units: units, language: .german)
        // A run's JSON takes no formatter at all: SI numbers with a decimal point, English keys and values, ISO 8601 UTC.
        let json = RunPresentation(run: SampleRuns.detailRecord, analysis: SampleRuns.detailAnalysis).json.text()
        for member in ["\"distanceMeters\": 5250", "\"averageHeartRateBeatsPerMinute\": 151.6", "\"sport\": \"running\"",
                       "\"startTime\": \"2026-11-30T17:45:00Z\"", "\"kind\": \"duplicatePoints\""] {
            #expect(json.contains(member), "\(member)")
        }
        func machineView(_ sections: [any ListSection]) -> String {
            JSONValue.array(sections.map { section in
                .object(["id": .string(section.id), "values": .object(section.values),
                         "rows": .array(section.rows.map { .object(["id": .string($0.id), "values": .object($0.values)]) })])
            }).text()
        }
        let list = { (f: DisplayFormatter, language: Language) in
            RunListScreen.sections(for: RunListContext(runs: SampleRuns.list, formatter: f,
                                                       calendar: CalendarText(timeZone: SampleRuns.utc, language: language)))
        }
        #expect(machineView(list(inEnglish, .english)) == machineView(list(inGerman, .german)))
        let detail = { (f: DisplayFormatter) in RunDetailScreen.sections(for: RunDetailContext(analysis: SampleRuns.detailAnalysis, formatter: f)) }
        #expect(machineView(detail(inEnglish)) == machineView(detail(inGerman)))
        let records = { (f: DisplayFormatter) in [RecordsSection(records: SampleRuns.records, formatter: f, calendar: CalendarText(timeZone: SampleRuns.utc))] as [any ListSection] }
        #expect(machineView(records(inEnglish)) == machineView(records(inGerman)))
        #expect(machineView(list(inGerman, .german)).contains("\"distanceMeters\": 1234500"))
        #expect(machineView(list(inGerman, .german)).contains("\"startTime\": \"2026-11-30T17:45:00Z\""))
    }
}
