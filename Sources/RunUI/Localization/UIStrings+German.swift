import RunCore

extension UIStrings {
    /// German (Deutsch). A decimal comma and a full stop between groups of thousands from 1000 up
    /// (`1.234,50 km`), as CLDR's German locale writes numbers (Duden allows a full stop or a space;
    /// a full stop needs no special character in terminals); days as `30.11.2026` and
    /// `30. November 2026`, 24-hour times.
    package static let german = UIStrings(
        // Numbers
        decimalSeparator: ",",
        groupingSeparator: ".",

        // Dates
        monthNames: ["Januar", "Februar", "März", "April", "Mai", "Juni", "Juli", "August", "September", "Oktober",
                     "November", "Dezember"],
        weekdayNames: ["Sonntag", "Montag", "Dienstag", "Mittwoch", "Donnerstag", "Freitag", "Samstag"],
        numericDate: { year, month, day in "\(twoDigits(day)).\(twoDigits(month)).\(year)" },
        longDate: { year, monthName, day in "\(day). \(monthName) \(year)" },
        monthTitle: { year, monthName in "\(monthName) \(year)" },
        noTime: "ohne Zeit",
        invalidTime: "ungültige Zeit",

        // Counted things
        runs: PluralForms(one: "Lauf", other: "Läufe"),
        trackPoints: PluralForms(one: "Trackpunkt", other: "Trackpunkte"),
        segments: PluralForms(one: "Segment", other: "Segmenten"),  // dative: "in 2 Segmenten"
        waypoints: PluralForms(one: "Wegpunkt", other: "Wegpunkte"),
        routes: PluralForms(one: "Route", other: "Routen"),
        routePoints: PluralForms(one: "Punkt", other: "Punkte"),

        // Column titles
        columnRun: "Lauf",
        columnStart: "Start",
        columnName: "Name",
        columnDistance: "Distanz",
        columnMoving: "Bewegungszeit",
        columnPace: "Tempo",
        columnClimb: "Anstieg",
        columnTime: "Zeit",
        columnDate: "Datum",
        columnFrom: "Ab",
        columnElevation: "Höhe",
        columnHeartRate: "HF",
        columnZone: "Zone",
        columnShare: "Anteil",

        // Run list
        totalMovingTime: { duration in "\(duration) in Bewegung" },
        totalClimb: { elevation in "\(elevation) Anstieg" },
        routesTitle: "Routen (geplant, nicht als Läufe gezählt)",
        rename: "Umbenennen",
        delete: "Löschen",

        // Records and best efforts
        records: "Rekorde",
        bestEfforts: "Bestleistungen",
        oneMile: "1 Meile",
        halfMarathon: "Halbmarathon",
        marathon: "Marathon",

        // Splits
        splitsPerKilometer: "Zwischenzeiten pro Kilometer",
        splitsPerMile: "Zwischenzeiten pro Meile",

        // Heart-rate zones
        heartRateZones: "Herzfrequenzzonen",
        zonesFromMaximum: { heartRate in "ausgehend von maximal \(heartRate)" },
        zoneMaximum: "max.",

        // GPS clean-up
        cleanup: "GPS-Bereinigung",
        cleanupSummary: "nicht in den Zahlen, im gespeicherten Original erhalten",
        cleanupKind: { kind in
            switch kind {
            case .standingTimestamps:
                return PluralForms(one: "Punkt mit stehender Uhr (Zeit nicht verwendet)",
                                   other: "Punkte mit stehender Uhr (Zeiten nicht verwendet)")
            case .duplicatePoints:
                return PluralForms(one: "doppelter Punkt ausgelassen", other: "doppelte Punkte ausgelassen")
            case .reversedOrder:
                return PluralForms(one: "Segment mit den neuesten Punkten zuerst, in zeitlicher Reihenfolge gelesen",
                                   other: "Segmente mit den neuesten Punkten zuerst, in zeitlicher Reihenfolge gelesen")
            case .timeBackwards:
                return PluralForms(one: "Zeit außer der Reihe aus den Zeiten daneben ergänzt (die Position zählt)",
                                   other: "Zeiten außer der Reihe aus den Zeiten daneben ergänzt (die Positionen zählen)")
            case .timeFarOff:
                return PluralForms(one: "Zeit über einen Tag vom Rest entfernt aus den Zeiten daneben ergänzt (die Position zählt)",
                                   other: "Zeiten über einen Tag vom Rest entfernt aus den Zeiten daneben ergänzt (die Positionen zählen)")
            case .spikes:
                return PluralForms(one: "GPS-Ausreißer (unplausibel schnell hin und zurück) ausgelassen",
                                   other: "GPS-Ausreißer (unplausibel schnell hin und zurück) ausgelassen")
            case .jumps:
                return PluralForms(one: "unplausibler Sprung nicht als Distanz gezählt",
                                   other: "unplausible Sprünge nicht als Distanz gezählt")
            case .fastStretches:
                return PluralForms(one: "Abschnitt schneller als für die Sportart plausibel (anders zurückgelegt?): zählt zur Strecke, nicht zu Bestleistungen, Höchstgeschwindigkeit und bester Pace",
                                   other: "Abschnitte schneller als für die Sportart plausibel (anders zurückgelegt?): zählen zur Strecke, nicht zu Bestleistungen, Höchstgeschwindigkeit und bester Pace")
            case .elevationOutOfRange:
                return PluralForms(one: "Höhe außerhalb von −500…9.000 m ausgelassen (−9999 eines Sensors, oder Fuß?)",
                                   other: "Höhen außerhalb von −500…9.000 m ausgelassen (−9999 eines Sensors, oder Fuß?)")
            }
        },

        // Run fields
        fieldRun: "Lauf",
        fieldName: "Name",
        fieldStart: "Start",
        fieldElapsedTime: "Gesamtzeit",
        fieldMovingTime: "Bewegungszeit",
        fieldDistance: "Distanz",
        fieldAveragePace: "Durchschnittstempo",
        fieldBestPace: "Bestes Tempo",
        fieldAverageSpeed: "Durchschnittsgeschwindigkeit",
        fieldMaximumSpeed: "Höchstgeschwindigkeit",
        bestPaceWindow: { seconds in "(schnellste \(seconds) s)" },
        fieldElevationGain: "Anstieg",
        fieldElevationLoss: "Abstieg",
        fieldHeartRate: "Herzfrequenz",
        heartRateAverageAndMaximum: { average, maximum in "\(average) im Schnitt, \(maximum) max." },
        fieldCadence: "Kadenz",
        cadenceStepsPerMinute: { steps in "\(steps) Schritte/min im Schnitt" },
        cadencePerFoot: { rpm in " (\(rpm) pro Fuß in der Datei)" },
        average: { value in "\(value) im Schnitt" },
        fieldPoints: "Punkte",
        pointsInSegments: { points, segments in "\(points) in \(segments)" },
        routesWithPoints: { routes, points, distance in "\(routes) (\(points), \(distance))" },
        fieldSport: "Sportart",
        elevationSource: { source in
            switch source {
            case .barometric: "(Barometer)"
            case .terrainModel: "(Geländemodell)"
            case .gps: "(GPS-Höhe)"
            case .unknown: "(zu wenige Punkte für die Quelle)"
            }
        },
        sportAutomatic: "wie in der Datei, oder erkannt",
        sportSource: { source in
            switch source {
            case .user: "(Ihre Wahl)"
            case .file: "(laut Datei)"
            case .name: "(aus dem Namen)"
            case .device: "(aus dem Gerät)"
            case .speed: "(aus den Geschwindigkeiten)"
            case .assumed: "(angenommen: nichts spricht dagegen)"
            }
        },
        sportName: { sport in
            switch sport {
            case .running: return "Laufen"
            case .trailRunning: return "Traillauf"
            case .walking: return "Gehen"
            case .hiking: return "Wandern"
            case .cycling: return "Radfahren"
            case .swimming: return "Schwimmen"
            case .other: return "Sonstiges"
            }
        },
        fieldDevice: "Gerät",
        unknownDevice: "unbekannt",
        fieldFile: "Datei",
        partOfFile: { index, count in "Teil \(index) von \(count)" },
        routeKind: "Route (geplant, zählt nicht als Aktivität)",
        fieldWarnings: "Warnungen",
        noWarnings: "keine",
        fieldNote: "Hinweis",
        analysedByOlderMethod: { command in "mit einer älteren Methode oder anderen Einstellungen ausgewertet: '\(command)' aktualisiert die Zahlen" },
        analysedByOlderMethodOnly: "mit einer älteren Methode oder anderen Einstellungen ausgewertet: neu ausgewertet werden die Zahlen aktualisiert",
        timesCoverPart: { timed, total in "Zeiten gibt es für \(timed) der \(total): Pace, Splits und Bestleistungen beziehen sich auf diesen Teil" },

        // Search sets
        searchSets: "Gespeicherte Suchen",
        columnFilters: "Filter",
        everyRun: "alle Läufe",
        defaultSetMarker: "Standard",

        // Sharing by e-mail (Duden: "Sa., 2. Mai 2026")
        weekdayShortNames: ["So.", "Mo.", "Di.", "Mi.", "Do.", "Fr.", "Sa."],
        dayWithWeekday: { weekday, day, monthName, year in "\(weekday), \(day). \(monthName) \(year)" },
        shareSubject: { sport, distance, duration, day in
            let what = switch sport {
            case .running: "Lauf"
            case .trailRunning: "Traillauf"
            case .walking: "Spaziergang"
            case .hiking: "Wanderung"
            case .cycling: "Radfahrt"
            case .swimming: "Schwimmen"
            case .other: "Aktivität"
            }
            return "\(what): \(distance)" + (duration.map { " in \($0)" } ?? "") + (day.map { " am \($0)" } ?? "")
        },
        attachedFile: { fileName in "Die GPX-Datei ist angehängt: \(fileName)" },
        sentWith: { program in "Gesendet mit \(program)" },

        // This week
        thisWeek: "Diese Woche",
        noRunsThisWeek: "Diese Woche noch keine Läufe.",

        // Import report
        totalsTitle: { period in
            switch period {
            case .week: "Wochensummen"
            case .month: "Monatssummen"
            case .year: "Jahressummen"
            }
        },
        totalsOfSports: { sports in sports.map { "Sportarten: \($0)" } ?? "Alle Sportarten" },
        totalsPeriodColumn: { period in
            switch period {
            case .week: "Woche"
            case .month: "Monat"
            case .year: "Jahr"
            }
        },
        weekOf: { "Woche ab \($0)" },
        lastFourWeeks: "Letzte 4 Wochen",
        thisYear: "Dieses Jahr",
        weeklyDistanceChart: "Distanz pro Woche, die letzten 12 Wochen",
        monthlyDistanceChart: "Distanz pro Monat, dieses Jahr",
        navigationCalendar: "Kalender",
        navigationTotals: "Summen",
        previousMonth: "Voriger Monat",
        nextMonth: "Nächster Monat",
        trainingLoadTitle: "Trainingslast",
        trainingLoadSummary: { fitness, fatigue, form, estimated, runs in
            "heute: Fitness \(fitness), Ermüdung \(fatigue), Form \(form) (TRIMP pro Tag)"
                + (estimated > 0 ? "; \(estimated) von \(runs) Läufen aus dem Tempo geschätzt, ohne Herzfrequenz" : "")
        },
        columnLoad: "Last",
        columnFitness: "Fitness",
        columnFatigue: "Ermüdung",
        columnForm: "Form",
        columnWeek: "Woche",
        calendarDistancesIn: { unit in "Tage: die Distanz jedes Laufs in \(unit), eine Dezimale (andere Sportarten als Laufen benannt); die der Woche in der letzten Spalte." },
        sportShortName: { sport in
            switch sport {
            case .running: "Lauf"
            case .trailRunning: "Trail"
            case .walking: "Gehen"
            case .hiking: "Wandern"
            case .cycling: "Rad"
            case .swimming: "Schwimmen"
            case .other: "Sonst."
            }
        },
        columnRuns: "Läufe",
        columnChange: "Änderung",
        importedRun: { id, name, distance, file in "importiert  Lauf \(id)  \(name)  \(distance)  (\(file))" },
        importMostPointsLeftOut: { leftOut, total, whereToLook in
            "die GPS-Bereinigung hat \(leftOut) von \(total) Punkten aus den Zahlen gelassen; \(whereToLook) sagt warum (die Datei behält sie)"
        },
        theRunsPage: "die Seite des Laufs",
        importedRoute: { id, name, distance, file in
            "importiert  Route \(id)  \(name)  \(distance)  (\(file)): eine Route oder Tracks ohne Zeiten, als Route behalten (zählt nicht als Lauf)"
        },
        importSplit: { file, runs, routes in
            let stored = "\(runs) \(runs == 1 ? "Lauf" : "Läufe")" + (routes > 0 ? " und \(routes) Route" : "")
            return "Hinweis: \(file) enthält " + (runs > 1 ? "\(runs) zeitlich weit auseinanderliegende Aktivitäten" : "eine Aktivität")
                + (routes > 0 ? " und Tracks ohne Zeiten" : "") + ": als \(stored) gespeichert"
        },
        importAlreadyThere: { file, id, name in "übersprungen  \(file): schon in der Bibliothek als Lauf \(id) (\(name))" },
        importProbableDuplicate: { file, id, name in
            "übersprungen  \(file): wahrscheinlich noch einmal Lauf \(id) (\(name)): gleicher Start, fast gleiche Distanz"
        },
        importFailed: { file in "fehlgeschlagen  \(file)" },
        importFailureReason: { code, message in
            // A reader's errors are said by ReadErrorText; these are the import's own.
            let reasons = ["io": "die Datei ist nicht lesbar",
                           "noFiles": "keine .gpx-Dateien in diesem Ordner"]
            return reasons[code].map { "\($0) (\(message))" } ?? message
        },
        importSessions: { file, runs in "Hinweis: \(file) enthält \(runs) Einheiten (eine Multisport-Aktivität): gespeichert als \(runs) Läufe, verbunden als Teile einer Datei" },
        importCompletedFromExport: { id, name in "Hinweis: Lauf \(id) (\(name)) aus dem Export ergänzt: Name, Notizen, Ausrüstung und Sportart, wo sie fehlten" },
        importSkippedMembers: { count, reasons in
            "Hinweis: \(count) \(count == 1 ? "Datei" : "Dateien") in den Archiven übersprungen: " + reasons.map { "\($0.count) \($0.reason)" }.joined(separator: ", ")
        },
        importFormats: { formats in "nach Format: " + formats.map { "\($0.count) \($0.format)" }.joined(separator: ", ") },
        importRecomputedAfterSettingsChange: { runs in "Die Analyse-Einstellungen wurden während des Imports geändert: \(runs) mit ihnen neu berechnet." },
        importTotals: { imported, routes, skipped, failed in
            "\(imported) \(imported == 1 ? "Lauf" : "Läufe")" + (routes == 0 ? "" : " und \(routes) \(routes == 1 ? "Route" : "Routen")")
                + " importiert, \(skipped) \(skipped == 1 ? "Duplikat" : "Duplikate") übersprungen, \(failed) fehlgeschlagen"
        },
        importUnlisted: { listed, imported, duplicates, failed in
            "Hinweis: die ersten \(listed) Einträge sind aufgeführt; nicht aufgeführt: \(imported) importiert, \(duplicates) Duplikate übersprungen, \(failed) fehlgeschlagen"
        },

        // Web pages
        navigationRuns: "Läufe",
        navigationImport: "Importieren",
        navigationSettings: "Einstellungen",
        noRunsYet: "Noch keine Läufe. Importiere GPX-Dateien, um zu beginnen.",
        pageOf: { page, count in "Seite \(page) von \(count)" },
        newerRuns: "Neuere Läufe",
        olderRuns: "Ältere Läufe",
        map: "Karte",
        markerStart: "Start",
        markerFinish: "Ziel",
        markerEachDistance: { unit in "Jede(r) \(unit)" },
        markerPause: "Pause",
        markerWaypoint: "Wegpunkt",
        noTrack: "Dieser Lauf hat keine Trackpunkte zum Zeichnen.",
        interactiveMap: "Interaktive Karte",
        chartPace: "Tempo",
        chartElevation: "Höhe",
        chartHeartRate: "Herzfrequenz",
        fieldNotes: "Notizen",
        save: "Speichern",
        cancel: "Abbrechen",
        downloadGPX: "GPX herunterladen",
        share: "Teilen",
        deleteQuestion: { name in "„\(name)“ löschen?" },
        deleteExplanation: "Der Lauf, seine Originaldatei und seine Zahlen verlassen die Bibliothek. Das lässt sich nicht rückgängig machen.",
        settingSectionTitle: { section in
            switch section {
            case .display: return "Anzeige"
            case .heartRate: return "Herzfrequenz"
            case .analysis: return "Auswertung"
            case .map: return "Karte"
            case .library: return "Bibliothek"
            }
        },
        settingTitle: { definition in GermanSettingTexts.titles[definition.key] ?? definition.title },
        settingHelp: { definition in GermanSettingTexts.help[definition.key] ?? definition.help },
        settingChoiceTitle: { key, choice in GermanSettingTexts.choices["\(key)=\(choice.value)"] ?? choice.title },
        settingUnit: { unit in GermanSettingRefusals.units[unit] ?? unit },
        settingRefusal: { error, definition in GermanSettingRefusals.refusal(error, definition) },
        settingsRuleBroken: { violation, titles in GermanSettingRefusals.rule(violation, titles: titles) },
        settingReferenceRefused: { key, value, message in
            key == "search.defaultSet" ? "„\(value)“ geht nicht: eine gespeicherte Suche mit diesem Namen gibt es nicht" : message
        },
        profile: "Profil",
        useProfile: "Verwenden",
        newProfileCopy: "Neues Profil, eine Kopie von diesem",
        create: "Anlegen",
        settingsSaved: "Gespeichert.",
        settingsNotSaved: "Nichts gespeichert: siehe die markierten Werte unten.",
        runsRecomputed: { runs in "\(runs) mit den neuen Einstellungen neu berechnet." },
        runsRecomputedWithNewerSettings: { runs in
            "Die Analyse-Einstellungen wurden inzwischen erneut geändert: \(runs) mit den neuesten Einstellungen neu berechnet." },
        runsRecomputing: "Die Läufe werden im Hintergrund mit den neuen Einstellungen neu berechnet; ihre Werte folgen ihnen, sobald das fertig ist.",
        runsNotRecomputed: { runs in "Die Läufe \(runs) konnten nicht neu gelesen werden und behalten die Werte der früheren Einstellungen." },
        isDefault: "Standard",
        importTitle: "Läufe importieren",
        importHelp: "Wähle Aktivitätsdateien von Uhr, Telefon oder App (GPX, FIT, TCX, auch gzip-komprimiert) oder ein ganzes Export-Archiv (Strava- oder Garmin-Connect-Zip).",
        importLimit: { size in "Höchstens \(size) auf einmal." },
        allowDuplicates: "Wahrscheinliche Duplikate auch importieren",
        allowDuplicatesHint: "setze „Wahrscheinliche Duplikate auch importieren“, um sie zu importieren",
        importButton: "Importieren",
        importAgain: "Weitere importieren",
        importCaps: { files, entries, unpacked in
            "Höchstens \(files) Dateien, darin höchstens \(entries) Dateien und Archiveinträge, entpackt höchstens \(unpacked)."
        },
        importQueued: { ahead in
            ahead == 0 ? "Startet gleich …" : "Wartet: \(ahead) \(ahead == 1 ? "Upload" : "Uploads") vor diesem."
        },
        importRunning: { file, count, runs, failed in "Importiere Datei \(file) von \(count): bisher \(runs) gespeichert, \(failed) fehlgeschlagen." },
        importStopped: "Der Import wurde abgebrochen:",
        importQueueFull: { limit in "Beim Server warten schon \(limit) Uploads auf ihren Import; versuche es in einer Minute wieder." },
        importSessionQueueFull: { limit in
            "\(limit) deiner Uploads warten schon auf ihren Import; schicke diesen, wenn einer davon fertig ist."
        },
        uploadsBusy: "Der Server nimmt gerade so viele Uploads auf einmal an, wie er kann; versuche es in ein paar Sekunden wieder.",
        uploadNoRoom: { free in "Auf dem Datenträger des Servers ist gerade kein Platz für diesen Upload (\(free) MB frei für Uploads); versuche es später wieder, oder importiere ihn mit runlog import." },
        serverStopping: "Der Server wird beendet: er importiert die Uploads, die er hat, und nimmt keine weiteren an; schicke diesen, wenn er wieder läuft.",
        importNotFound: { hours in
            "Diesen Import gibt es hier nicht: der Bericht eines Imports bleibt \(hours) \(hours == "1" ? "Stunde" : "Stunden") nach seinem Ende, "
                + "und nur für den Browser, der hochgeladen hat."
        },
        tooManyDownloads: { limit in "Für deine Adresse werden schon \(limit) Downloads geschrieben; frage wieder, wenn einer davon fertig ist." },
        downloadsBusy: { limit in "Der Server schreibt schon \(limit) Downloads; versuche es gleich wieder." },
        tooManyTrackRequests: { limit in "Für deine Adresse werden schon \(limit) Strecken berechnet; frage wieder, wenn eine davon fertig ist." },
        trackWorkBusy: { limit in "Der Server berechnet schon \(limit) Strecken; versuche es gleich wieder." },
        notFoundTitle: "Nicht gefunden",
        notFoundText: "Unter dieser Adresse gibt es nichts.",
        runNotFoundText: "Diesen Lauf gibt es in der Bibliothek nicht: vielleicht wurde er gelöscht.",
        methodNotAllowedTitle: "Nicht erlaubt",
        methodNotAllowedText: "Diese Adresse nimmt diese Art von Anfrage nicht an.",
        tooLargeTitle: "Zu groß",
        tooLargeText: { size in "Ein Upload darf höchstens \(size) groß sein. Importiere weniger oder kleinere Dateien auf einmal." },
        forbiddenTitle: "Abgelehnt",
        forbiddenText: "Das Formular war veraltet oder kam von einer anderen Seite. Lade die Seite neu und versuche es noch einmal.",
        sessionExpiredText: { minutes in
            let idle = minutes % 60 == 0 ? "\(minutes / 60) \(minutes == 60 ? "Stunde" : "Stunden")" : "\(minutes) \(minutes == 1 ? "Minute" : "Minuten")"
            return "Die Sitzung dieser Seite ist abgelaufen: Sie wurde \(idle) lang nicht benutzt. Lade die Seite neu und versuche es noch einmal; es wurde nichts geändert."
        },
        errorTitle: "Etwas ist schiefgegangen",
        backToRuns: "Zurück zu den Läufen",
        navigationSearch: "Suche",
        searchWords: "Wörter",
        searchSet: "Gespeicherte Suche",
        searchButton: "Suchen",
        searchFound: { runs, set, words in "\(runs) in „\(set)“" + (words.map { " mit „\($0)“" } ?? "") },
        unknownSearchSet: { name, sets in
            "Es gibt keine gespeicherte Suche „\(name)“. Vorhanden sind: " + sets.map { "„\($0)“" }.joined(separator: ", ") + "."
        },
        defaultSearchSetMissing: { name, sets in
            "Die Einstellung search.defaultSet nennt „\(name)“, aber diese gespeicherte Suche gibt es nicht. Vorhanden sind: "
                + sets.map { "„\($0)“" }.joined(separator: ", ") + ". Wähle hier eine, oder in den Einstellungen eine andere Vorgabe."
                },
        fieldGear: "Ausrüstung",
        recordsWithoutPosition: PluralForms(one: "Datensatz ohne Position", other: "Datensätze ohne Position"),
        distanceFromDevice: " (vom Gerät gemessen, nicht aus Positionen)",
        deviceTotalsTitle: "Die Werte des Geräts",
        deviceTotalsSummary: "Was Uhr oder App selbst berechnet haben, neben den Werten von runlog, und warum sie abweichen",
        deviceTotalsColumns: ["", "Gerät", "runlog", "Abweichung", "Warum"],
        deviceQuantity: { q in
            switch q {
            case .distanceMeters: "Distanz"
            case .timerTimeSeconds: "Timerzeit / Bewegungszeit"
            case .elapsedTimeSeconds: "Gesamtzeit"
            case .elevationGainMeters: "Anstieg"
            case .elevationLossMeters: "Abstieg"
            case .averageHeartRateBeatsPerMinute: "Mittlere Herzfrequenz"
            case .maximumHeartRateBeatsPerMinute: "Maximale Herzfrequenz"
            case .averageCadenceRevolutionsPerMinute: "Mittlere Kadenz"
            case .averagePowerWatts: "Mittlere Leistung"
            }
        },
        deviceDifferenceWhy: { q, source in
            switch q {
            case .distanceMeters where source == .device: "keine Positionen zum Messen (keine, oder die einer virtuellen Welt oder einer Indoor-App): runlog übernimmt die Distanz des Geräts (Fußsensor, Rollentrainer, Radsensor oder Bahnen)"
            case .distanceMeters: "runlog misst WGS84-Geodäten zwischen den Positionen nach seiner GPS-Bereinigung; das Gerät nutzt sein eigenes gefiltertes GPS oder einen Sensor"
            case .timerTimeSeconds: "der Timer des Geräts hält bei Pausen an (von Hand oder Auto-Pause); die Bewegungszeit von runlog zählt die Zeit in Bewegung"
            case .elapsedTimeSeconds: "runlog zählt vom ersten bis zum letzten Datensatz, das Gerät von Start bis Stopp"
            case .elevationGainMeters, .elevationLossMeters: "runlog glättet die Höhen nach ihrer Quelle und zählt Anstiege ab einer Totzone; Geräte nutzen eigene Schwellen"
            case .averageHeartRateBeatsPerMinute, .averageCadenceRevolutionsPerMinute: "runlog gewichtet jedes Intervall mit seiner Dauer und lässt Aufzeichnungslücken und Nullen aus"
            case .maximumHeartRateBeatsPerMinute: "das Gerät zählt womöglich Werte, die es nicht aufgezeichnet hat"
            case .averagePowerWatts: "runlog berechnet noch keine Leistung"
            }
        }
    )
}
