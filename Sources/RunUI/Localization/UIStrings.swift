public import RunCore

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
public struct UIStrings: Sendable {
    // MARK: Numbers

    /// Between the whole and the fractional digits: `5.25`, `5,25`.
    public let decimalSeparator: String
    /// Between groups of three digits of whole numbers from 1000 up (`1.234,50`), or nil for none (`1234.50`).
    public let groupingSeparator: String?

    // MARK: Dates

    /// January … December.
    public let monthNames: [String]
    /// Sunday … Saturday, as Foundation numbers weekdays (1 = Sunday … 7 = Saturday).
    public let weekdayNames: [String]
    /// A day in digits: `2026-11-30`, `30.11.2026`.
    public let numericDate: @Sendable (_ year: Int, _ month: Int, _ day: Int) -> String
    /// A day with the month's name: `30 November 2026`, `30. November 2026`.
    public let longDate: @Sendable (_ year: Int, _ monthName: String, _ day: Int) -> String
    /// A month as a heading: `November 2026`.
    public let monthTitle: @Sendable (_ year: Int, _ monthName: String) -> String
    /// In place of the time of something without one (a file without times).
    public let noTime: String
    /// In place of a time out of any calendar's range.
    public let invalidTime: String

    // MARK: Counted things

    public let runs: PluralForms
    public let trackPoints: PluralForms
    /// Segments, counted after "in" in the points field (`in 2 segments`; German takes the dative, `in 2 Segmenten`).
    public let segments: PluralForms
    public let waypoints: PluralForms
    public let routes: PluralForms
    /// The points of routes, in the route details of the points field.
    public let routePoints: PluralForms

    // MARK: Column titles

    /// The run's number.
    public let columnRun: String
    /// The start date and time.
    public let columnStart: String
    public let columnName: String
    public let columnDistance: String
    /// Moving time.
    public let columnMoving: String
    public let columnPace: String
    /// Elevation gain.
    public let columnClimb: String
    /// Elapsed time of a split or an effort.
    public let columnTime: String
    /// The date and time of a record.
    public let columnDate: String
    /// Where in the run a best effort starts (a distance).
    public let columnFrom: String
    /// Elevation change over a split.
    public let columnElevation: String
    /// Average heart rate of a split (short).
    public let columnHeartRate: String
    /// A heart-rate zone (Z1 … Z5).
    public let columnZone: String
    /// The share of the time in a zone (a percentage).
    public let columnShare: String

    // MARK: Run list

    /// Totals of a group of runs, the moving time written: `1:40:00 moving`.
    public let totalMovingTime: @Sendable (_ duration: String) -> String
    /// Totals of a group of runs, the gain written: `+80 m climb`.
    public let totalClimb: @Sendable (_ elevation: String) -> String
    /// The section of runs from files without times.
    /// The section of routes (tracks without times) in lists.
    public let routesTitle: String
    /// Row actions.
    public let rename: String
    public let delete: String

    // MARK: Records and best efforts

    public let records: String
    public let bestEfforts: String
    /// Names of standard distances (others are written as `400 m`, `5 km`).
    public let oneMile: String
    public let halfMarathon: String
    public let marathon: String

    // MARK: Splits

    public let splitsPerKilometer: String
    public let splitsPerMile: String

    // MARK: Heart-rate zones

    public let heartRateZones: String
    /// The zones' summary, the maximum heart rate written: `from a maximum of 190 bpm`.
    public let zonesFromMaximum: @Sendable (_ heartRate: String) -> String
    /// The upper end of the top zone: `171–max`.
    public let zoneMaximum: String

    // MARK: GPS clean-up

    public let cleanup: String
    /// The clean-up section's summary.
    public let cleanupSummary: String
    /// What a clean-up entry counts, after its count: `7 GPS spikes … left out`.
    public let cleanupKind: @Sendable (_ kind: CleanupReport.Kind) -> PluralForms

    // MARK: Run fields

    public let fieldRun: String
    public let fieldName: String
    public let fieldStart: String
    public let fieldElapsedTime: String
    public let fieldMovingTime: String
    public let fieldDistance: String
    public let fieldAveragePace: String
    public let fieldBestPace: String
    /// For rides, speed instead of pace.
    public let fieldAverageSpeed: String
    public let fieldMaximumSpeed: String
    /// After the best pace, the speed window's length written: `(fastest 30 s)`.
    public let bestPaceWindow: @Sendable (_ seconds: String) -> String
    public let fieldElevationGain: String
    public let fieldElevationLoss: String
    public let fieldHeartRate: String
    /// Average and maximum heart rate, both written: `152 bpm average, 178 bpm max`.
    public let heartRateAverageAndMaximum: @Sendable (_ average: String, _ maximum: String) -> String
    public let fieldCadence: String
    /// Average cadence in steps per minute, the number written: `172 steps/min average`.
    public let cadenceStepsPerMinute: @Sendable (_ steps: String) -> String
    /// After the steps per minute when the file counts each foot: ` (86 per foot in the file)`.
    public let cadencePerFoot: @Sendable (_ rpm: String) -> String
    /// An average with its unit written: `86 rpm average`.
    public let average: @Sendable (_ value: String) -> String
    public let fieldPoints: String
    /// Track points in segments, both counted: `1575 track points in 2 segments`.
    public let pointsInSegments: @Sendable (_ points: String, _ segments: String) -> String
    /// Routes with their points and length, all written: `2 routes (12 points, 1.50 km)`.
    public let routesWithPoints: @Sendable (_ routes: String, _ points: String, _ distance: String) -> String
    public let fieldSport: String
    /// Where elevations come from, after the climb: `(GPS elevation)`.
    public let elevationSource: @Sendable (_ source: ElevationSource) -> String
    /// The sport the file states or runlog infers, as a choice next to the sports (the run page's form).
    public let sportAutomatic: String
    /// Where the sport comes from, after it: `(from its speeds)`.
    public let sportSource: @Sendable (_ source: SportInference.Basis) -> String
    /// The name of a sport.
    public let sportName: @Sendable (_ sport: Sport) -> String
    public let fieldDevice: String
    /// The device of a file that does not name it.
    public let unknownDevice: String
    public let fieldFile: String
    /// After the file's name, for a run cut from a file that held several: `part 2 of 6`.
    public let partOfFile: @Sendable (_ index: Int, _ count: Int) -> String
    /// The kind of a route (tracks without times), in place of the sport.
    public let routeKind: String
    public let fieldWarnings: String
    /// No warnings.
    public let noWarnings: String
    public let fieldNote: String
    /// The note on a run analysed by an older method or other settings, with the command that updates it.
    public let analysedByOlderMethod: @Sendable (_ command: String) -> String
    /// When some points have no times: the distance the times cover and the whole distance, written.
    public let timesCoverPart: @Sendable (_ timed: String, _ total: String) -> String

    // MARK: Search sets

    /// The title of the list of saved searches.
    public let searchSets: String
    /// The column of a set's filters.
    public let columnFilters: String
    /// In place of the filters of a set that has none.
    public let everyRun: String
    /// Marks the set a search uses when none is named (the `search.defaultSet` setting).
    public let defaultSetMarker: String

    // MARK: Sharing by e-mail

    /// Sun … Sat (1 = Sunday … 7 = Saturday), as the subject writes a day.
    public let weekdayShortNames: [String]
    /// A day with its weekday: `Sat 2 May 2026`, `Sa., 2. Mai 2026`.
    public let dayWithWeekday: @Sendable (_ weekday: String, _ day: Int, _ monthName: String, _ year: Int) -> String
    /// The subject of a shared run, the parts written: `Run: 10.02 km in 52:13 on Sat 2 May 2026`
    /// (the duration and the day left out when the run has none).
    public let shareSubject: @Sendable (_ sport: Sport, _ distance: String, _ duration: String?, _ day: String?) -> String
    /// The body's line about the attachment: `The GPX file is attached: 2026-05-02 Morning Run.gpx`.
    public let attachedFile: @Sendable (_ fileName: String) -> String
    /// The body's last line: `Sent with runlog 0.1.0`.
    public let sentWith: @Sendable (_ program: String) -> String

    // MARK: This week

    /// The section of the current week's runs.
    public let thisWeek: String
    /// Its footer when the week has no runs yet.
    public let noRunsThisWeek: String

    // MARK: Import report

    /// A file stored as a run, everything written: `imported  run 3  Morning Run  10.02 km  (run.gpx)`.
    public let importedRun: @Sendable (_ id: String, _ name: String, _ distance: String, _ file: String) -> String
    /// After an imported run whose clean-up left out most of its points: how many of how many, and the run's number.
    /// `whereToLook` says where the clean-up report is (`'runlog show 3'`, or the run's page).
    public let importMostPointsLeftOut: @Sendable (_ leftOut: String, _ total: String, _ whereToLook: String) -> String
    /// The run's page, as the place to look (the web).
    public let theRunsPage: String
    /// Tracks without times stored as a route (a plan: not counted as an activity).
    public let importedRoute: @Sendable (_ id: String, _ name: String, _ distance: String, _ file: String) -> String
    /// A file that held several activities far apart in time (or tracks without times besides),
    /// stored as `runs` runs and `routes` routes.
    public let importSplit: @Sendable (_ file: String, _ runs: Int, _ routes: Int) -> String
    /// A file whose bytes are already in the library.
    public let importAlreadyThere: @Sendable (_ file: String, _ id: String, _ name: String) -> String
    /// A probable duplicate (same start, nearly the same distance); the front end adds how to import it anyway.
    public let importProbableDuplicate: @Sendable (_ file: String, _ id: String, _ name: String) -> String
    /// A file that could not be imported (the reason follows on its own line).
    public let importFailed: @Sendable (_ file: String) -> String
    /// Why a file was not imported, from the failure's code and English message, for failures that are no reader's error
    /// (those are `ReadErrorText`'s).
    public let importFailureReason: @Sendable (_ code: String, _ message: String) -> String
    /// TCX and FIT files found in a folder and skipped.
    /// A FIT or TCX file of several sessions: `note: tri.fit holds 5 sessions (multisport): stored as 5 runs, linked`.
    public let importSessions: @Sendable (_ file: String, _ runs: Int) -> String
    /// A run already stored that an export's details completed: `note: run 2 (Night 10K race) completed from the export …`.
    public let importCompletedFromExport: @Sendable (_ id: String, _ name: String) -> String
    /// Members of archives and exports left out, counted by reason: `note: 12 files in the archives skipped: 10 not activity files, 2 hidden`.
    public let importSkippedMembers: @Sendable (_ count: Int, _ byReason: [(reason: String, count: Int)]) -> String
    /// The runs stored by format: `by format: 10 FIT, 2 TCX, 1 GPX, 1 summary only`.
    public let importFormats: @Sendable (_ byFormat: [(format: String, count: Int)]) -> String
    /// The analysis settings changed while an import ran (another process): `The analysis settings changed during the import: 2 runs recomputed with them.`
    public let importRecomputedAfterSettingsChange: @Sendable (_ runs: String) -> String
    /// The last line: `4 runs imported, 0 duplicates skipped, 0 failed`.
    /// `2 runs imported` (`and 1 route` when there are routes), duplicates skipped, failures.
    public let importTotals: @Sendable (_ imported: Int, _ routes: Int, _ skipped: Int, _ failed: Int) -> String

    // MARK: Web pages

    public let navigationRuns: String
    public let navigationImport: String
    public let navigationSettings: String
    /// The runs page with no runs.
    public let noRunsYet: String
    /// `Page 2 of 5`, both numbers written.
    public let pageOf: @Sendable (_ page: String, _ count: String) -> String
    /// Links to the pages of newer and older runs.
    public let newerRuns: String
    public let olderRuns: String
    public let map: String
    /// Map legend: where the run starts and ends, each kilometre or mile (the unit symbol given),
    /// pauses, waypoints.
    public let markerStart: String
    public let markerFinish: String
    public let markerEachDistance: @Sendable (_ unit: String) -> String
    public let markerPause: String
    public let markerWaypoint: String
    /// A run without points to draw.
    public let noTrack: String
    public let interactiveMap: String
    /// Charts against distance.
    public let chartPace: String
    public let chartElevation: String
    public let chartHeartRate: String
    public let fieldNotes: String
    public let save: String
    public let cancel: String
    public let downloadGPX: String
    public let share: String
    /// The question before deleting a run, its name given.
    public let deleteQuestion: @Sendable (_ name: String) -> String
    public let deleteExplanation: String
    // Settings page
    public let settingSectionTitle: @Sendable (_ section: SettingSection) -> String
    /// A setting's title and help in the language (English: as declared).
    public let settingTitle: @Sendable (_ definition: SettingDefinition) -> String
    public let settingHelp: @Sendable (_ definition: SettingDefinition) -> String
    /// The title of one of a choice setting's values.
    public let settingChoiceTitle: @Sendable (_ key: String, _ choice: SettingChoice) -> String
    /// A setting's unit as the form shows it (`bpm`, `% of maximum`).
    public let settingUnit: @Sendable (_ unit: String) -> String
    /// A refused value of a setting: what is wrong and what it takes (English: the message as the store words it).
    public let settingRefusal: @Sendable (_ error: SettingError, _ definition: SettingDefinition) -> String
    /// A broken rule between settings, given the titles of its settings in the language.
    public let settingsRuleBroken: @Sendable (_ violation: SettingsRuleViolation, _ titles: [String]) -> String
    /// A value naming something that does not exist (a search set), given the store's English message.
    public let settingReferenceRefused: @Sendable (_ key: String, _ value: String, _ message: String) -> String
    public let profile: String
    public let useProfile: String
    /// A new profile starts as a copy of the active one.
    public let newProfileCopy: String
    public let create: String
    public let settingsSaved: String
    public let settingsNotSaved: String
    /// After saving analysis settings: `3 runs recomputed with the new settings.`, the count written with its noun.
    public let runsRecomputed: @Sendable (_ runs: String) -> String
    /// Runs whose recompute failed after a settings change (`runs` is a list of run numbers): they keep the earlier numbers.
    public let runsNotRecomputed: @Sendable (_ runs: String) -> String
    /// Marks a value that is the declared default.
    public let isDefault: String
    // Import page
    public let importTitle: String
    public let importHelp: String
    /// The upload limit, the size written: `At most 64 MB at once.`
    public let importLimit: @Sendable (_ size: String) -> String
    public let allowDuplicates: String
    /// After a probable duplicate on the web: how to import it anyway.
    public let allowDuplicatesHint: String
    public let importButton: String
    public let importAgain: String
    // Error pages
    public let notFoundTitle: String
    public let notFoundText: String
    /// A run's page or download whose run is not (or no longer) in the library.
    public let runNotFoundText: String
    public let methodNotAllowedTitle: String
    public let methodNotAllowedText: String
    public let tooLargeTitle: String
    /// The limit written: `Uploads take at most 64 MB at once …`.
    public let tooLargeText: @Sendable (_ size: String) -> String
    public let forbiddenTitle: String
    public let forbiddenText: String
    public let errorTitle: String
    public let backToRuns: String
    // Search page
    public let navigationSearch: String
    /// The field of words to find.
    public let searchWords: String
    /// The choice of the saved search to search in.
    public let searchSet: String
    public let searchButton: String
    /// What was found, the count written with its noun: `3 runs in “long” with “park”` (words nil: none typed).
    public let searchFound: @Sendable (_ runs: String, _ set: String, _ words: String?) -> String
    /// A search set asked for that does not exist, with the names of those that do.
    public let unknownSearchSet: @Sendable (_ name: String, _ sets: [String]) -> String
    /// The `search.defaultSet` setting names a set that does not exist, with the names of those that do.
    public let defaultSearchSetMissing: @Sendable (_ name: String, _ sets: [String]) -> String
    // The device's own numbers (FIT, TCX)
    /// The label of the gear a run was done with (from an export).
    public let fieldGear: String
    /// Records of a FIT or TCX file without a position: `12 records without position`.
    public let recordsWithoutPosition: PluralForms
    /// After a distance the device measured (a run without positions, or indoors or in a virtual world): ` (measured by the device, not from positions)`.
    public let distanceFromDevice: String
    /// The run page's section of the device's totals, and what it shows.
    public let deviceTotalsTitle: String
    public let deviceTotalsSummary: String
    /// The section's column titles: quantity, the device's value, runlog's, the difference, why.
    public let deviceTotalsColumns: [String]
    /// A compared quantity's name: `Distance`, `Timer time / moving time` …
    public let deviceQuantity: @Sendable (_ quantity: DeviceComparison.Quantity) -> String
    /// Why runlog's value and the device's differ.
    public let deviceDifferenceWhy: @Sendable (_ quantity: DeviceComparison.Quantity, _ distanceSource: DistanceSource?) -> String
}

/// `05`: a month, day, hour or minute in two digits.
func twoDigits(_ n: Int) -> String { n < 10 ? "0\(n)" : String(n) }
