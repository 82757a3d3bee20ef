import RunCore

extension UIStrings {
    /// English (British spelling), the default. Numbers with a decimal point and no grouping, days as
    /// ISO 8601 dates (`2026-11-30`), 24-hour times.
    package static let english = UIStrings(
        // Numbers
        decimalSeparator: ".",
        groupingSeparator: nil,

        // Dates
        monthNames: ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
                     "November", "December"],
        weekdayNames: ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"],
        numericDate: { year, month, day in "\(year)-\(twoDigits(month))-\(twoDigits(day))" },
        longDate: { year, monthName, day in "\(day) \(monthName) \(year)" },
        monthTitle: { year, monthName in "\(monthName) \(year)" },
        noTime: "no time",
        invalidTime: "invalid time",

        // Counted things
        runs: PluralForms(one: "run", other: "runs"),
        trackPoints: PluralForms(one: "track point", other: "track points"),
        segments: PluralForms(one: "segment", other: "segments"),
        waypoints: PluralForms(one: "waypoint", other: "waypoints"),
        routes: PluralForms(one: "route", other: "routes"),
        routePoints: PluralForms(one: "points", other: "points"),  // "1 points", as runlog has always written it

        // Column titles
        columnRun: "Run",
        columnStart: "Start",
        columnName: "Name",
        columnDistance: "Distance",
        columnMoving: "Moving",
        columnPace: "Pace",
        columnClimb: "Climb",
        columnTime: "Time",
        columnDate: "Date",
        columnFrom: "From",
        columnElevation: "Elev",
        columnHeartRate: "HR",
        columnZone: "Zone",
        columnShare: "Share",

        // Run list
        totalMovingTime: { duration in "\(duration) moving" },
        totalClimb: { elevation in "\(elevation) climb" },
        routesTitle: "Routes (planned, not counted as runs)",
        rename: "Rename",
        delete: "Delete",

        // Records and best efforts
        records: "Records",
        bestEfforts: "Best efforts",
        oneMile: "1 mile",
        halfMarathon: "Half marathon",
        marathon: "Marathon",

        // Splits
        splitsPerKilometer: "Splits per kilometre",
        splitsPerMile: "Splits per mile",

        // Heart-rate zones
        heartRateZones: "Heart-rate zones",
        zonesFromMaximum: { heartRate in "from a maximum of \(heartRate)" },
        zoneMaximum: "max",

        // GPS clean-up (the texts of RunCore's CleanupReport diagnostics)
        cleanup: "GPS clean-up",
        cleanupSummary: "left out of the numbers, kept in the stored original",
        cleanupKind: { kind in PluralForms(one: kind.description(count: 1), other: kind.description(count: 2)) },

        // Run fields
        fieldRun: "Run",
        fieldName: "Name",
        fieldStart: "Start",
        fieldElapsedTime: "Elapsed time",
        fieldMovingTime: "Moving time",
        fieldDistance: "Distance",
        fieldAveragePace: "Average pace",
        fieldBestPace: "Best pace",
        fieldAverageSpeed: "Average speed",
        fieldMaximumSpeed: "Maximum speed",
        bestPaceWindow: { seconds in "(fastest \(seconds) s)" },
        fieldElevationGain: "Elevation gain",
        fieldElevationLoss: "Elevation loss",
        fieldHeartRate: "Heart rate",
        heartRateAverageAndMaximum: { average, maximum in "\(average) average, \(maximum) max" },
        fieldCadence: "Cadence",
        cadenceStepsPerMinute: { steps in "\(steps) steps/min average" },
        cadencePerFoot: { rpm in " (\(rpm) per foot in the file)" },
        average: { value in "\(value) average" },
        fieldPoints: "Points",
        pointsInSegments: { points, segments in "\(points) in \(segments)" },
        routesWithPoints: { routes, points, distance in "\(routes) (\(points), \(distance))" },
        fieldSport: "Sport",
        elevationSource: { source in
            switch source {
            case .barometric: "(barometric altimeter)"
            case .terrainModel: "(terrain model)"
            case .gps: "(GPS elevation)"
            case .unknown: "(too few points to tell the source)"
            }
        },
        sportAutomatic: "as the file says, or inferred",
        sportSource: { source in
            switch source {
            case .user: "(your choice)"
            case .file: "(as the file says)"
            case .name: "(from its name)"
            case .device: "(from its device)"
            case .speed: "(from its speeds)"
            case .assumed: "(assumed: nothing says otherwise)"
            }
        },
        sportName: { sport in sport.rawValue },
        fieldDevice: "Device",
        unknownDevice: "unknown",
        fieldFile: "File",
        partOfFile: { index, count in "part \(index) of \(count)" },
        routeKind: "route (planned, not counted as an activity)",
        fieldWarnings: "Warnings",
        noWarnings: "none",
        fieldNote: "Note",
        analysedByOlderMethod: { command in "analysed by an older method or with other settings: '\(command)' updates it" },
        analysedByOlderMethodOnly: "analysed by an older method or with other settings: its numbers are updated when it is reanalysed",
        timesCoverPart: { timed, total in "times cover \(timed) of the \(total): pace, splits and best efforts are over that part" },

        // Search sets
        searchSets: "Search sets",
        columnFilters: "Filters",
        everyRun: "every run",
        defaultSetMarker: "default",

        // Sharing by e-mail
        weekdayShortNames: ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"],
        dayWithWeekday: { weekday, day, monthName, year in "\(weekday) \(day) \(monthName) \(year)" },
        shareSubject: { sport, distance, duration, day in
            let what = switch sport {
            case .running: "Run"
            case .trailRunning: "Trail run"
            case .walking: "Walk"
            case .hiking: "Hike"
            case .cycling: "Ride"
            case .swimming: "Swim"
            case .other: "Activity"
            }
            return "\(what): \(distance)" + (duration.map { " in \($0)" } ?? "") + (day.map { " on \($0)" } ?? "")
        },
        attachedFile: { fileName in "The GPX file is attached: \(fileName)" },
        sentWith: { program in "Sent with \(program)" },

        // This week
        thisWeek: "This week",
        noRunsThisWeek: "No runs yet this week.",

        // Import report
        totalsTitle: { period in
            switch period {
            case .week: "Weekly totals"
            case .month: "Monthly totals"
            case .year: "Yearly totals"
            }
        },
        totalsOfSports: { sports in sports.map { "Sports: \($0)" } ?? "All sports" },
        totalsPeriodColumn: { period in
            switch period {
            case .week: "Week"
            case .month: "Month"
            case .year: "Year"
            }
        },
        weekOf: { "Week of \($0)" },
        lastFourWeeks: "Last 4 weeks",
        thisYear: "This year",
        weeklyDistanceChart: "Distance per week, the last 12 weeks",
        monthlyDistanceChart: "Distance per month, this year",
        navigationCalendar: "Calendar",
        navigationTotals: "Totals",
        previousMonth: "Previous month",
        nextMonth: "Next month",
        trainingLoadTitle: "Training load",
        trainingLoadSummary: { fitness, fatigue, form, estimated, runs in
            "today: fitness \(fitness), fatigue \(fatigue), form \(form) (TRIMP a day)"
                + (estimated > 0 ? "; \(estimated) of \(runs) runs estimated from pace, without heart rate" : "")
        },
        columnLoad: "Load",
        columnFitness: "Fitness",
        columnFatigue: "Fatigue",
        columnForm: "Form",
        columnWeek: "Week",
        calendarDistancesIn: { unit in "Days: each run\u{2019}s distance in \(unit), one decimal (other sports than running named); the week\u{2019}s in the last column." },
        sportShortName: { sport in
            switch sport {
            case .running: "run"
            case .trailRunning: "trail"
            case .walking: "walk"
            case .hiking: "hike"
            case .cycling: "ride"
            case .swimming: "swim"
            case .other: "other"
            }
        },
        columnRuns: "Runs",
        columnChange: "Change",
        importedRun: { id, name, distance, file in "imported  run \(id)  \(name)  \(distance)  (\(file))" },
        importMostPointsLeftOut: { leftOut, total, whereToLook in
            "the GPS clean-up left \(leftOut) of \(total) points out of the numbers; \(whereToLook) says why (the file keeps them)"
        },
        theRunsPage: "the run's page",
        importedRoute: { id, name, distance, file in "imported  route \(id)  \(name)  \(distance)  (\(file)): a route or tracks without times, kept as a route (not counted as a run)" },
        importSplit: { file, runs, routes in
            let stored = "\(runs) run\(runs == 1 ? "" : "s")" + (routes > 0 ? " and \(routes) route" : "")
            return "note: \(file) holds " + (runs > 1 ? "\(runs) activities far apart in time" : "one activity")
                + (routes > 0 ? " and tracks without times" : "") + ": stored as \(stored)"
        },
        importAlreadyThere: { file, id, name in "skipped   \(file): already in the library as run \(id) (\(name))" },
        importProbableDuplicate: { file, id, name in "skipped   \(file): probably run \(id) (\(name)) again: same start, nearly the same distance" },
        importFailed: { file in "failed    \(file)" },
        importFailureReason: { _, message in message },
        importSessions: { file, runs in "note: \(file) holds \(runs) sessions (a multisport activity): stored as \(runs) runs, linked as parts of one file" },
        importCompletedFromExport: { id, name in "note: run \(id) (\(name)) completed from the export: its name, notes, gear and sport where they were not set" },
        importSkippedMembers: { count, reasons in
            "note: \(count) file\(count == 1 ? "" : "s") in the archives skipped: " + reasons.map { "\($0.count) \($0.reason)" }.joined(separator: ", ")
        },
        importFormats: { formats in "by format: " + formats.map { "\($0.count) \($0.format)" }.joined(separator: ", ") },
        importRecomputedAfterSettingsChange: { runs in "The analysis settings changed during the import: \(runs) recomputed with them." },
        importTotals: { imported, routes, skipped, failed in
            "\(imported) run\(imported == 1 ? "" : "s")" + (routes == 0 ? "" : " and \(routes) route\(routes == 1 ? "" : "s")")
                + " imported, \(skipped) duplicate\(skipped == 1 ? "" : "s") skipped, \(failed) failed"
        },
        importUnlisted: { listed, imported, duplicates, failed in
            "note: the first \(listed) entries are listed; not listed: \(imported) imported, \(duplicates) duplicates skipped, \(failed) failed"
        },

        // Web pages
        navigationRuns: "Runs",
        navigationImport: "Import",
        navigationSettings: "Settings",
        noRunsYet: "No runs yet. Import GPX files to start.",
        pageOf: { page, count in "Page \(page) of \(count)" },
        newerRuns: "Newer runs",
        olderRuns: "Older runs",
        map: "Map",
        markerStart: "Start",
        markerFinish: "Finish",
        markerEachDistance: { unit in "Each \(unit)" },
        markerPause: "Pause",
        markerWaypoint: "Waypoint",
        noTrack: "This run has no track points to draw.",
        interactiveMap: "Interactive map",
        chartPace: "Pace",
        chartElevation: "Elevation",
        chartHeartRate: "Heart rate",
        fieldNotes: "Notes",
        save: "Save",
        cancel: "Cancel",
        downloadGPX: "Download GPX",
        share: "Share",
        deleteQuestion: { name in "Delete “\(name)”?" },
        deleteExplanation: "The run, its original file and its numbers leave the library. This cannot be undone.",
        settingSectionTitle: { section in section.title },
        settingTitle: { definition in definition.title },
        settingHelp: { definition in definition.help },
        settingChoiceTitle: { _, choice in choice.title },
        settingUnit: { unit in unit },
        settingRefusal: { error, _ in error.message },
        settingsRuleBroken: { violation, _ in violation.message },
        settingReferenceRefused: { _, _, message in message },
        profile: "Profile",
        useProfile: "Use",
        newProfileCopy: "New profile, a copy of this one",
        create: "Create",
        settingsSaved: "Saved.",
        settingsNotSaved: "Nothing was saved: see the values marked below.",
        runsRecomputed: { runs in "\(runs) recomputed with the new settings." },
        runsRecomputedWithNewerSettings: { runs in
            "The analysis settings were changed again meanwhile: \(runs) recomputed with the newest settings." },
        runsRecomputing: "The runs are being recomputed with the new settings in the background; their numbers follow them when it is done.",
        runsNotRecomputed: { runs in "Runs \(runs) could not be read again and keep the numbers of the earlier settings." },
        isDefault: "default",
        importTitle: "Import runs",
        importHelp: "Choose activity files from your watch, phone or app (GPX, FIT, TCX, also gzipped), or a whole export archive (Strava or Garmin Connect zip).",
        importLimit: { size in "At most \(size) at once." },
        allowDuplicates: "Import probable duplicates too",
        allowDuplicatesHint: "tick “Import probable duplicates too” to import it",
        importButton: "Import",
        importAgain: "Import more",
        importCaps: { files, entries, unpacked in
            "At most \(files) files, with at most \(entries) files and archive members in all, unpacking to at most \(unpacked)."
        },
        importQueued: { ahead in
            ahead == 0 ? "Starting …" : "Waiting: \(ahead) upload\(ahead == 1 ? "" : "s") ahead of this one."
        },
        importRunning: { file, count, runs, failed in "Importing file \(file) of \(count): \(runs) stored so far, \(failed) failed." },
        importStopped: "The import stopped:",
        importQueueFull: { limit in "The server has \(limit) uploads waiting to be imported already; try again in a minute." },
        importSessionQueueFull: { limit in
            "\(limit) of your uploads are waiting to be imported already; send this one when one of them is done."
        },
        uploadsBusy: "The server is taking as many uploads at once as it can; try again in a few seconds.",
        uploadNoRoom: { free in "The server's disk has no room for this upload now (\(free) MB free for uploads); try again later, or import it with runlog import." },
        serverStopping: "The server is stopping: it imports the uploads it has and takes no more; send this one when it runs again.",
        importNotFound: { hours in
            "There is no such import here: an import's report is kept for \(hours) hour\(hours == "1" ? "" : "s") after it ends, "
                + "and only for the browser that sent the upload."
        },
        tooManyDownloads: { limit in "\(limit) downloads for your address are being written already; ask again when one of them is done." },
        downloadsBusy: { limit in "The server is writing \(limit) downloads already; try again in a moment." },
        tooManyTrackRequests: { limit in "\(limit) tracks for your address are being computed already; ask again when one of them is done." },
        trackWorkBusy: { limit in "The server is computing \(limit) tracks already; try again in a moment." },
        notFoundTitle: "Not found",
        notFoundText: "There is nothing at this address.",
        runNotFoundText: "There is no such run in the library: it may have been deleted.",
        methodNotAllowedTitle: "Not allowed",
        methodNotAllowedText: "This address does not take this kind of request.",
        tooLargeTitle: "Too large",
        tooLargeText: { size in "An upload takes at most \(size). Import fewer or smaller files at a time." },
        forbiddenTitle: "Refused",
        forbiddenText: "The form was out of date or came from another site. Reload the page and try again.",
        sessionExpiredText: { minutes in
            let idle = minutes % 60 == 0 ? "\(minutes / 60) \(minutes == 60 ? "hour" : "hours")" : "\(minutes) \(minutes == 1 ? "minute" : "minutes")"
            return "This page’s session ended: it was not used for \(idle). Reload the page and try again; nothing was changed."
        },
        errorTitle: "Something went wrong",
        backToRuns: "Back to the runs",
        navigationSearch: "Search",
        searchWords: "Words",
        searchSet: "Search set",
        searchButton: "Search",
        searchFound: { runs, set, words in "\(runs) in “\(set)”" + (words.map { " with “\($0)”" } ?? "") },
        unknownSearchSet: { name, sets in
            "There is no search set “\(name)”. The sets are: " + sets.map { "“\($0)”" }.joined(separator: ", ") + "."
        },
        defaultSearchSetMissing: { name, sets in
            "The setting search.defaultSet names “\(name)”, which is not a search set. The sets are: "
                + sets.map { "“\($0)”" }.joined(separator: ", ") + ". Choose one here, or another default in the settings."
                },
        fieldGear: "Gear",
        recordsWithoutPosition: PluralForms(one: "record without position", other: "records without position"),
        distanceFromDevice: " (measured by the device, not from positions)",
        deviceTotalsTitle: "The device's numbers",
        deviceTotalsSummary: "What the watch or app computed itself, beside runlog's numbers, and why they differ",
        deviceTotalsColumns: ["", "Device", "runlog", "Difference", "Why"],
        deviceQuantity: { q in
            switch q {
            case .distanceMeters: "Distance"
            case .timerTimeSeconds: "Timer time / moving time"
            case .elapsedTimeSeconds: "Elapsed time"
            case .elevationGainMeters: "Elevation gain"
            case .elevationLossMeters: "Elevation loss"
            case .averageHeartRateBeatsPerMinute: "Average heart rate"
            case .maximumHeartRateBeatsPerMinute: "Maximum heart rate"
            case .averageCadenceRevolutionsPerMinute: "Average cadence"
            case .averagePowerWatts: "Average power"
            }
        },
        deviceDifferenceWhy: { q, source in
            switch q {
            case .distanceMeters where source == .device: "no positions to measure (none, or a virtual world's or an indoor app's): runlog takes the device's distance (foot pod, trainer, wheel sensor or pool lengths)"
            case .distanceMeters: "runlog measures WGS84 geodesics between the positions after its GPS clean-up; the device uses its own filtered GPS or a sensor"
            case .timerTimeSeconds: "the device's timer stops when paused (by hand or auto-pause); runlog's moving time counts the time spent moving"
            case .elapsedTimeSeconds: "runlog counts from the first record to the last; the device from its start button to its stop"
            case .elevationGainMeters, .elevationLossMeters: "runlog smooths the elevations as their source needs and counts climbs past a dead band; devices use their own thresholds"
            case .averageHeartRateBeatsPerMinute, .averageCadenceRevolutionsPerMinute: "runlog weights each interval by its duration and leaves out holes in the recording and zeros"
            case .maximumHeartRateBeatsPerMinute: "the device may count values it did not record"
            case .averagePowerWatts: "runlog does not compute power yet"
            }
        }
    )
}
