package import RunCore

/// Every human-readable text RunUI writes, and the conventions for writing numbers and dates, in
/// one language. The tables are ``english`` (`UIStrings+English.swift`) and ``german``
/// (`UIStrings+German.swift`), one file each with the entries in the order declared here.
///
/// A table is built with the memberwise initializer, so a table that leaves out an entry does not
/// compile: every text exists in every language. Texts with numbers in them are functions that get
/// the numbers already written (by ``DisplayFormatter``), so a table only orders words; counted
/// nouns are ``PluralForms``, written with their count by ``DisplayFormatter/count(_:_:)``.
///
/// Unit symbols (km, m, mi, ft, bpm, rpm, s, %) and the pace form `5:30 /km` are the same in every
/// language and are not in the tables. Machine-readable output (JSON) uses none of these texts.
package struct UIStrings: Sendable {
    // MARK: Numbers

    /// Between the whole and the fractional digits: `5.25`, `5,25`.
    package let decimalSeparator: String
    /// Between groups of three digits of whole numbers from 1000 up (`1.234,50`), or nil for none (`1234.50`).
    package let groupingSeparator: String?

    // MARK: Dates

    /// January … December.
    package let monthNames: [String]
    /// Sunday … Saturday, as Foundation numbers weekdays (1 = Sunday … 7 = Saturday).
    package let weekdayNames: [String]
    /// A day in digits: `2026-11-30`, `30.11.2026`.
    package let numericDate: @Sendable (_ year: Int, _ month: Int, _ day: Int) -> String
    /// A day with the month's name: `30 November 2026`, `30. November 2026`.
    package let longDate: @Sendable (_ year: Int, _ monthName: String, _ day: Int) -> String
    /// A month as a heading: `November 2026`.
    package let monthTitle: @Sendable (_ year: Int, _ monthName: String) -> String
    /// In place of the time of something without one (a file without times).
    package let noTime: String
    /// In place of a time out of any calendar's range.
    package let invalidTime: String

    // MARK: Counted things

    package let runs: PluralForms
    package let trackPoints: PluralForms
    /// Segments, counted after "in" in the points field (`in 2 segments`; German takes the dative, `in 2 Segmenten`).
    package let segments: PluralForms
    package let waypoints: PluralForms
    package let routes: PluralForms
    /// The points of routes, in the route details of the points field.
    package let routePoints: PluralForms

    // MARK: Column titles

    /// The run's number.
    package let columnRun: String
    /// The start date and time.
    package let columnStart: String
    package let columnName: String
    package let columnDistance: String
    /// Moving time.
    package let columnMoving: String
    package let columnPace: String
    /// Elevation gain.
    package let columnClimb: String
    /// Elapsed time of a split or an effort.
    package let columnTime: String
    /// The date and time of a record.
    package let columnDate: String
    /// Where in the run a best effort starts (a distance).
    package let columnFrom: String
    /// Elevation change over a split.
    package let columnElevation: String
    /// Average heart rate of a split (short).
    package let columnHeartRate: String
    /// A heart-rate zone (Z1 … Z5).
    package let columnZone: String
    /// The share of the time in a zone (a percentage).
    package let columnShare: String

    // MARK: Run list

    /// Totals of a group of runs, the moving time written: `1:40:00 moving`.
    package let totalMovingTime: @Sendable (_ duration: String) -> String
    /// Totals of a group of runs, the gain written: `+80 m climb`.
    package let totalClimb: @Sendable (_ elevation: String) -> String
    /// The section of runs from files without times.
    /// The section of routes (tracks without times) in lists.
    package let routesTitle: String
    /// Row actions.
    package let rename: String
    package let delete: String

    // MARK: Records and best efforts

    package let records: String
    package let bestEfforts: String
    /// Names of standard distances (others are written as `400 m`, `5 km`).
    package let oneMile: String
    package let halfMarathon: String
    package let marathon: String

    // MARK: Splits

    package let splitsPerKilometer: String
    package let splitsPerMile: String

    // MARK: Heart-rate zones

    package let heartRateZones: String
    /// The zones' summary, the maximum heart rate written: `from a maximum of 190 bpm`.
    package let zonesFromMaximum: @Sendable (_ heartRate: String) -> String
    /// The upper end of the top zone: `171–max`.
    package let zoneMaximum: String

    // MARK: GPS clean-up

    package let cleanup: String
    /// The clean-up section's summary.
    package let cleanupSummary: String
    /// What a clean-up entry counts, after its count: `7 GPS spikes … left out`.
    package let cleanupKind: @Sendable (_ kind: CleanupReport.Kind) -> PluralForms

    // MARK: Run fields

    package let fieldRun: String
    package let fieldName: String
    package let fieldStart: String
    package let fieldElapsedTime: String
    package let fieldMovingTime: String
    package let fieldDistance: String
    package let fieldAveragePace: String
    package let fieldBestPace: String
    /// For rides, speed instead of pace.
    package let fieldAverageSpeed: String
    package let fieldMaximumSpeed: String
    /// After the best pace, the speed window's length written: `(fastest 30 s)`.
    package let bestPaceWindow: @Sendable (_ seconds: String) -> String
    package let fieldElevationGain: String
    package let fieldElevationLoss: String
    package let fieldHeartRate: String
    /// Average and maximum heart rate, both written: `152 bpm average, 178 bpm max`.
    package let heartRateAverageAndMaximum: @Sendable (_ average: String, _ maximum: String) -> String
    package let fieldCadence: String
    /// Average cadence in steps per minute, the number written: `172 steps/min average`.
    package let cadenceStepsPerMinute: @Sendable (_ steps: String) -> String
    /// After the steps per minute when the file counts each foot: ` (86 per foot in the file)`.
    package let cadencePerFoot: @Sendable (_ rpm: String) -> String
    /// An average with its unit written: `86 rpm average`.
    package let average: @Sendable (_ value: String) -> String
    package let fieldPoints: String
    /// Track points in segments, both counted: `1575 track points in 2 segments`.
    package let pointsInSegments: @Sendable (_ points: String, _ segments: String) -> String
    /// Routes with their points and length, all written: `2 routes (12 points, 1.50 km)`.
    package let routesWithPoints: @Sendable (_ routes: String, _ points: String, _ distance: String) -> String
    package let fieldSport: String
    /// Where elevations come from, after the climb: `(GPS elevation)`.
    package let elevationSource: @Sendable (_ source: ElevationSource) -> String
    /// The sport the file states or runlog infers, as a choice next to the sports (the run page's form).
    package let sportAutomatic: String
    /// Where the sport comes from, after it: `(from its speeds)`.
    package let sportSource: @Sendable (_ source: SportInference.Basis) -> String
    /// The name of a sport.
    package let sportName: @Sendable (_ sport: Sport) -> String
    package let fieldDevice: String
    /// The device of a file that does not name it.
    package let unknownDevice: String
    package let fieldFile: String
    /// After the file's name, for a run cut from a file that held several: `part 2 of 6`.
    package let partOfFile: @Sendable (_ index: Int, _ count: Int) -> String
    /// The kind of a route (tracks without times), in place of the sport.
    package let routeKind: String
    package let fieldWarnings: String
    /// No warnings.
    package let noWarnings: String
    package let fieldNote: String
    /// The note on a run analysed by an older method or other settings, with the command that updates it.
    package let analysedByOlderMethod: @Sendable (_ command: String) -> String
    /// The same, where no command is typed (the web): what updates it, in words.
    package let analysedByOlderMethodOnly: String
    /// When some points have no times: the distance the times cover and the whole distance, written.
    package let timesCoverPart: @Sendable (_ timed: String, _ total: String) -> String

    // MARK: Search sets

    /// The title of the list of saved searches.
    package let searchSets: String
    /// The column of a set's filters.
    package let columnFilters: String
    /// In place of the filters of a set that has none.
    package let everyRun: String
    /// Marks the set a search uses when none is named (the `search.defaultSet` setting).
    package let defaultSetMarker: String

    // MARK: Sharing by e-mail

    /// Sun … Sat (1 = Sunday … 7 = Saturday), as the subject writes a day.
    package let weekdayShortNames: [String]
    /// A day with its weekday: `Sat 2 May 2026`, `Sa., 2. Mai 2026`.
    package let dayWithWeekday: @Sendable (_ weekday: String, _ day: Int, _ monthName: String, _ year: Int) -> String
    /// The subject of a shared run, the parts written: `Run: 10.02 km in 52:13 on Sat 2 May 2026`
    /// (the duration and the day left out when the run has none).
    package let shareSubject: @Sendable (_ sport: Sport, _ distance: String, _ duration: String?, _ day: String?) -> String
    /// The body's line about the attachment: `The GPX file is attached: 2026-05-02 Morning Run.gpx`.
    package let attachedFile: @Sendable (_ fileName: String) -> String
    /// The body's last line: `Sent with runlog 0.1.0`.
    package let sentWith: @Sendable (_ program: String) -> String

    // MARK: This week

    /// The section of the current week's runs.
    package let thisWeek: String
    /// Its footer when the week has no runs yet.
    package let noRunsThisWeek: String

    // MARK: Totals

    /// The title of the totals by a period: `Weekly totals`.
    package let totalsTitle: @Sendable (_ period: TotalsPeriod) -> String
    /// The line under it, with the sports counted (nil: all): `All sports`, `Sports: running, hiking`.
    package let totalsOfSports: @Sendable (_ sports: String?) -> String
    /// The first column's title: `Week`, `Month`, `Year`.
    package let totalsPeriodColumn: @Sendable (_ period: TotalsPeriod) -> String
    /// A week's row: `Week of 2026-11-30`.
    package let weekOf: @Sendable (_ firstDay: String) -> String
    // MARK: Training overview (the home page)

    /// `Last 4 weeks`.
    package let lastFourWeeks: String
    /// `This year`.
    package let thisYear: String
    /// The chart of the last 12 weeks' distances.
    package let weeklyDistanceChart: String
    /// The chart of this year's months' distances.
    package let monthlyDistanceChart: String
    /// The navigation's link to the calendar, and its page's title.
    package let navigationCalendar: String
    /// The navigation's link to the totals, and its page's title.
    package let navigationTotals: String
    /// The calendar's links to the months around it.
    package let previousMonth: String
    package let nextMonth: String

    // MARK: Training load

    /// `Training load`.
    package let trainingLoadTitle: String
    /// Its line: today's fitness, fatigue and form, and how many runs' loads were estimated.
    package let trainingLoadSummary: @Sendable (_ fitness: String, _ fatigue: String, _ form: String, _ estimated: Int, _ runs: Int) -> String
    package let columnLoad: String
    package let columnFitness: String
    package let columnFatigue: String
    package let columnForm: String

    // MARK: Calendar

    /// The calendar's last column, the week's totals: `Week`.
    package let columnWeek: String
    /// Under the calendar: `Distances in km, one decimal; other sports than running are named.`
    package let calendarDistancesIn: @Sendable (_ unit: String) -> String
    /// A sport in a calendar day's cell: `ride`, `hike`.
    package let sportShortName: @Sendable (_ sport: Sport) -> String

    /// The column of run counts.
    package let columnRuns: String
    /// The column of the change from the period before.
    package let columnChange: String

    // MARK: Import report

    /// A file stored as a run, everything written: `imported  run 3  Morning Run  10.02 km  (run.gpx)`.
    package let importedRun: @Sendable (_ id: String, _ name: String, _ distance: String, _ file: String) -> String
    /// After an imported run whose clean-up left out most of its points: how many of how many, and the run's number.
    /// `whereToLook` says where the clean-up report is (`'runlog show 3'`, or the run's page).
    package let importMostPointsLeftOut: @Sendable (_ leftOut: String, _ total: String, _ whereToLook: String) -> String
    /// The run's page, as the place to look (the web).
    package let theRunsPage: String
    /// Tracks without times stored as a route (a plan: not counted as an activity).
    package let importedRoute: @Sendable (_ id: String, _ name: String, _ distance: String, _ file: String) -> String
    /// A file that held several activities far apart in time (or tracks without times besides),
    /// stored as `runs` runs and `routes` routes.
    package let importSplit: @Sendable (_ file: String, _ runs: Int, _ routes: Int) -> String
    /// A file whose bytes are already in the library.
    package let importAlreadyThere: @Sendable (_ file: String, _ id: String, _ name: String) -> String
    /// A probable duplicate (same start, nearly the same distance); the front end adds how to import it anyway.
    package let importProbableDuplicate: @Sendable (_ file: String, _ id: String, _ name: String) -> String
    /// A file that could not be imported (the reason follows on its own line).
    package let importFailed: @Sendable (_ file: String) -> String
    /// Why a file was not imported, from the failure's code and English message, for failures that are no reader's error
    /// (those are `ReadErrorText`'s).
    package let importFailureReason: @Sendable (_ code: String, _ message: String) -> String
    /// TCX and FIT files found in a folder and skipped.
    /// A FIT or TCX file of several sessions: `note: tri.fit holds 5 sessions (multisport): stored as 5 runs, linked`.
    package let importSessions: @Sendable (_ file: String, _ runs: Int) -> String
    /// A run already stored that an export's details completed: `note: run 2 (Night 10K race) completed from the export …`.
    package let importCompletedFromExport: @Sendable (_ id: String, _ name: String) -> String
    /// Members of archives and exports left out, counted by reason: `note: 12 files in the archives skipped: 10 not activity files, 2 hidden`.
    package let importSkippedMembers: @Sendable (_ count: Int, _ byReason: [(reason: String, count: Int)]) -> String
    /// The runs stored by format: `by format: 10 FIT, 2 TCX, 1 GPX, 1 summary only`.
    package let importFormats: @Sendable (_ byFormat: [(format: String, count: Int)]) -> String
    /// The analysis settings changed while an import ran (another process): `The analysis settings changed during the import: 2 runs recomputed with them.`
    package let importRecomputedAfterSettingsChange: @Sendable (_ runs: String) -> String
    /// The last line: `4 runs imported, 0 duplicates skipped, 0 failed`.
    /// `2 runs imported` (`and 1 route` when there are routes), duplicates skipped, failures.
    package let importTotals: @Sendable (_ imported: Int, _ routes: Int, _ skipped: Int, _ failed: Int) -> String
    /// After the entries listed when a report lists only the first ones (the web's), the numbers
    /// written: `note: the first 500 entries are listed; not listed: 12 imported, 0 duplicates skipped, 19,488 failed`.
    package let importUnlisted: @Sendable (_ listed: String, _ imported: String, _ duplicates: String, _ failed: String) -> String

    // MARK: Web pages

    package let navigationRuns: String
    package let navigationImport: String
    package let navigationSettings: String
    /// The runs page with no runs.
    package let noRunsYet: String
    /// `Page 2 of 5`, both numbers written.
    package let pageOf: @Sendable (_ page: String, _ count: String) -> String
    /// Links to the pages of newer and older runs.
    package let newerRuns: String
    package let olderRuns: String
    package let map: String
    /// Map legend: where the run starts and ends, each kilometre or mile (the unit symbol given),
    /// pauses, waypoints.
    package let markerStart: String
    package let markerFinish: String
    package let markerEachDistance: @Sendable (_ unit: String) -> String
    package let markerPause: String
    package let markerWaypoint: String
    /// A run without points to draw.
    package let noTrack: String
    package let interactiveMap: String
    /// Charts against distance.
    package let chartPace: String
    package let chartElevation: String
    package let chartHeartRate: String
    package let fieldNotes: String
    package let save: String
    package let cancel: String
    package let downloadGPX: String
    package let share: String
    /// The question before deleting a run, its name given.
    package let deleteQuestion: @Sendable (_ name: String) -> String
    package let deleteExplanation: String
    // Settings page
    package let settingSectionTitle: @Sendable (_ section: SettingSection) -> String
    /// A setting's title and help in the language (English: as declared).
    package let settingTitle: @Sendable (_ definition: SettingDefinition) -> String
    package let settingHelp: @Sendable (_ definition: SettingDefinition) -> String
    /// The title of one of a choice setting's values.
    package let settingChoiceTitle: @Sendable (_ key: String, _ choice: SettingChoice) -> String
    /// A setting's unit as the form shows it (`bpm`, `% of maximum`).
    package let settingUnit: @Sendable (_ unit: String) -> String
    /// A refused value of a setting: what is wrong and what it takes (English: the message as the store words it).
    package let settingRefusal: @Sendable (_ error: SettingError, _ definition: SettingDefinition) -> String
    /// A broken rule between settings, given the titles of its settings in the language.
    package let settingsRuleBroken: @Sendable (_ violation: SettingsRuleViolation, _ titles: [String]) -> String
    /// A value naming something that does not exist (a search set), given the store's English message.
    package let settingReferenceRefused: @Sendable (_ key: String, _ value: String, _ message: String) -> String
    package let profile: String
    package let useProfile: String
    /// A new profile starts as a copy of the active one.
    package let newProfileCopy: String
    package let create: String
    package let settingsSaved: String
    package let settingsNotSaved: String
    /// After saving analysis settings: `3 runs recomputed with the new settings.`, the count written with its noun.
    package let runsRecomputed: @Sendable (_ runs: String) -> String
    /// The analysis settings were changed again (elsewhere) while the runs were recomputed: they follow the newest.
    package let runsRecomputedWithNewerSettings: @Sendable (_ runs: String) -> String
    /// After saving analysis settings in the server: the runs are recomputed in the background.
    package let runsRecomputing: String
    /// Runs whose recompute failed after a settings change (`runs` is a list of run numbers): they keep the earlier numbers.
    package let runsNotRecomputed: @Sendable (_ runs: String) -> String
    /// Marks a value that is the declared default.
    package let isDefault: String
    // Import page
    package let importTitle: String
    package let importHelp: String
    /// The upload limit, the size written: `At most 64 MB at once.`
    package let importLimit: @Sendable (_ size: String) -> String
    package let allowDuplicates: String
    /// After a probable duplicate on the web: how to import it anyway.
    package let allowDuplicatesHint: String
    package let importButton: String
    package let importAgain: String
    /// The caps on one upload, written: `At most 1,000 files, with at most 20,000 files and archive members in all, unpacking to at most 2 GiB.`
    package let importCaps: @Sendable (_ files: String, _ entries: String, _ unpacked: String) -> String
    /// An upload waiting for its turn, with how many are imported before it: `Waiting: 2 uploads ahead of this one.`
    package let importQueued: @Sendable (_ ahead: Int) -> String
    /// An upload being imported, the numbers written: `Importing file 2 of 5: 1,234 runs stored so far, 3 failed.`
    package let importRunning: @Sendable (_ file: String, _ fileCount: String, _ runs: String, _ failed: String) -> String
    /// Before the reason an upload's import stopped: `The import stopped:`.
    package let importStopped: String
    /// The server's queue of uploads is full (the limit written): try again later.
    package let importQueueFull: @Sendable (_ limit: String) -> String
    /// This session's uploads waiting or being imported are at their limit (written).
    package let importSessionQueueFull: @Sendable (_ limit: String) -> String
    /// Uploads arriving at once fill what the server takes at once (from everyone, or from this address): try again shortly.
    package let uploadsBusy: String
    /// The disk holding the uploads has no room for this one (the free room written, in MB).
    package let uploadNoRoom: @Sendable (_ freeMegabytes: String) -> String
    /// The server is stopping: it imports what it took and takes no more uploads.
    package let serverStopping: String
    /// An import page or report asked for that is not (or no longer) kept for this browser, the hours written.
    package let importNotFound: @Sendable (_ hours: String) -> String
    /// Downloads from this address being written are at their limit (written): ask again when one is done.
    package let tooManyDownloads: @Sendable (_ limit: String) -> String
    /// The server writes as many downloads at once as it may (the limit written): try again in a moment.
    package let downloadsBusy: @Sendable (_ limit: String) -> String
    /// Tracks computed from their points for this address are at their limit (written): ask again when one is done.
    package let tooManyTrackRequests: @Sendable (_ limit: String) -> String
    /// The server computes as many tracks from their points at once as it may (the limit written).
    package let trackWorkBusy: @Sendable (_ limit: String) -> String
    // Error pages
    package let notFoundTitle: String
    package let notFoundText: String
    /// A run's page or download whose run is not (or no longer) in the library.
    package let runNotFoundText: String
    package let methodNotAllowedTitle: String
    package let methodNotAllowedText: String
    package let tooLargeTitle: String
    /// The limit written: `Uploads take at most 64 MB at once …`.
    package let tooLargeText: @Sendable (_ size: String) -> String
    package let forbiddenTitle: String
    package let forbiddenText: String
    /// A form or command of a page whose session ended unused, the idle time in minutes (whole
    /// hours said as hours): `This page's session ended: it was not used for 12 hours. …`.
    package let sessionExpiredText: @Sendable (_ idleMinutes: Int) -> String
    package let errorTitle: String
    package let backToRuns: String
    // Search page
    package let navigationSearch: String
    /// The field of words to find.
    package let searchWords: String
    /// The choice of the saved search to search in.
    package let searchSet: String
    package let searchButton: String
    /// What was found, the count written with its noun: `3 runs in “long” with “park”` (words nil: none typed).
    package let searchFound: @Sendable (_ runs: String, _ set: String, _ words: String?) -> String
    /// A search set asked for that does not exist, with the names of those that do.
    package let unknownSearchSet: @Sendable (_ name: String, _ sets: [String]) -> String
    /// The `search.defaultSet` setting names a set that does not exist, with the names of those that do.
    package let defaultSearchSetMissing: @Sendable (_ name: String, _ sets: [String]) -> String
    // The device's own numbers (FIT, TCX)
    /// The label of the gear a run was done with (from an export).
    package let fieldGear: String
    /// Records of a FIT or TCX file without a position: `12 records without position`.
    package let recordsWithoutPosition: PluralForms
    /// After a distance the device measured (a run without positions, or indoors or in a virtual world): ` (measured by the device, not from positions)`.
    package let distanceFromDevice: String
    /// The run page's section of the device's totals, and what it shows.
    package let deviceTotalsTitle: String
    package let deviceTotalsSummary: String
    /// The section's column titles: quantity, the device's value, runlog's, the difference, why.
    package let deviceTotalsColumns: [String]
    /// A compared quantity's name: `Distance`, `Timer time / moving time` …
    package let deviceQuantity: @Sendable (_ quantity: DeviceComparison.Quantity) -> String
    /// Why runlog's value and the device's differ.
    package let deviceDifferenceWhy: @Sendable (_ quantity: DeviceComparison.Quantity, _ distanceSource: DistanceSource?) -> String
}

/// `05`: a month, day, hour or minute in two digits.
func twoDigits(_ n: Int) -> String { n < 10 ? "0\(n)" : String(n) }
