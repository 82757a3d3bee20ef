import Foundation
import RunCore
import RunStore
import RunUI
import TestSupport
import Testing

/// The storage areas' errors (library, settings, live session, opening a store, stored data, accounts) said
/// by the front ends: every code has an English and a German sentence that differ and carry the
/// error's data, and the hints name the command or flag that helps. Expected texts by hand.
@Suite struct StoreErrorTextTests {
    static let heard = 1_790_000_000.0   // 2026-09-21T14:13:20Z
    static var running: LiveState {
        var state = LiveState(sessionID: "s", recorderPID: 4242, source: "replay park.gpx")
        (state.heartbeatTime, state.pointCount) = (heard, 321)
        return state
    }

    /// One error per code of every area (the table is checked against the codes the sources declare),
    /// with a word of its data each sentence must carry.
    static let samples: [(area: String, error: any CodedError, carries: String)] = {
        var notASport = LibraryError.invalidEdit("sport", .notASport, "'paddling' is not a sport")
        (notASport.value, notASport.sports) = ("paddling", ["running", "cycling"])
        var noPoints = LibraryError(.noTrackPoints, "no track points or records (the file holds 2 routes), so it is not a run")
        noPoints.routes = 2
        var tooMany = LibraryError(.tooManyRuns, "the file holds 100000 activities, more than the 10000 this version imports from one file")
        (tooMany.runs, tooMany.maximumRuns) = (100_000, 10_000)
        var folder = StorageOpenError(.notALibrary, "/srv/runs is a folder, not a library file", store: .library, location: "/srv/runs")
        folder.isFolder = true
        var newer = StorageOpenError(.newerSchema, "/srv/l.sqlite was written by a newer version (schema 9, this one knows 7)",
                                     store: .library, location: "/srv/l.sqlite")
        (newer.schemaVersion, newer.supportedSchemaVersion) = (9, 7)
        var damaged = StorageOpenError(.damagedStore, "the settings store /h/group.sqlite is damaged (file is not a database); a copy is kept at /h/group.sqlite.damaged-1",
                                       store: .shared, location: "/h/group.sqlite", reason: "file is not a database")
        damaged.copy = "/h/group.sqlite.damaged-1"
        var unknownSetting = SettingsError(.unknownSetting, "there is no setting 'hr' (did you mean heartRate.maximum?)")
        (unknownSetting.key, unknownSetting.suggestions) = ("hr", ["heartRate.maximum"])
        var badName = SettingsError(.invalidProfileName, "'a/b' cannot be a profile name")
        badName.profile = "a/b"
        var taken = SettingsError(.profileExists, "there is a profile named 'road' already")
        taken.profile = "road"
        var active = SettingsError(.activeProfile, "'road' is the active profile: make another one active first")
        active.profile = "road"
        var file = SettingsError(.invalidSettingsFile, "s.json: not valid JSON; nothing was changed")
        (file.file, file.problems) = ("s.json", ["not valid JSON"])
        var recompute = SettingsError(.recomputeFailed, "the settings were changed, but recomputing the runs stopped: disk full")
        recompute.reason = "disk full"
        let refusal = SettingError(key: "heartRate.maximum", text: "abc", reason: .notWholeNumber,
                                   message: "heartRate.maximum cannot be abc: it takes a whole number from 100 to 250")
        return [
            ("library", LibraryError.runNotFound(77), "77"),
            ("library", notASport, "paddling"),
            ("library", noPoints, "2"),
            ("library", tooMany, "100000"),
            ("open", StorageOpenError(.noLibrary, "there is no library at /srv/l.sqlite", store: .library, location: "/srv/l.sqlite"), "/srv/l.sqlite"),
            ("open", folder, "/srv/runs"),
            ("open", StorageOpenError(.cannotOpen, "cannot open the library /ro/l.sqlite: permission denied", store: .library,
                                      location: "/ro/l.sqlite", reason: "permission denied"), "/ro/l.sqlite"),
            ("open", newer, "9"),
            ("open", damaged, "/h/group.sqlite.damaged-1"),
            ("data", StoredDataError("the stored summary of run 5 cannot be read: bad JSON", runID: 5), "5"),
            ("settings", SettingsError(.invalidSetting, refusal.message, refusal: .value(refusal)), "abc"),
            ("settings", unknownSetting, "hr"),
            ("settings", SettingsError.unknownProfile("hills", profiles: ["default", "road"]), "hills"),
            ("settings", badName, "a/b"),
            ("settings", taken, "road"),
            ("settings", active, "road"),
            ("settings", file, "s.json"),
            ("settings", recompute, "disk full"),
            ("live", LiveError.recordingRunning(running), "4242"),
            ("live", LiveError.interruptedRecording(running), "321"),
            ("live", LiveError.noRecording, ""),
            ("live", LiveError.recorderNotAnswering(running), LiveHeartbeat.clock(heard)),
            ("accounts", AccountError.unknownUser("anna"), "anna"),
            ("accounts", AccountError.userExists("bert"), "bert"),
            ("accounts", AccountError.invalidName("a/b", reason: "it holds '/'"), "a/b"),
            ("accounts", AccountError.passwordTooShort(minimumCharacters: 8), "8"),
            ("accounts", AccountError.passwordTooLong(limitBytes: 4096), "4096"),
            ("accounts", AccountError.invalidCredentials, ""),
            ("accounts", AccountError.accountDisabled("carla"), "carla"),
            ("accounts", AccountError.unknownToken(7, of: "dora"), "7"),
            ("accounts", AccountError.hashingFailed("Memory allocation error"), "Memory allocation error"),
        ]
    }()

    @Test func everyCodeIsSaidInEnglishAndGermanWithItsData() throws {
        for sample in Self.samples {
            let english = try #require(ErrorText(sample.error, language: .english), "\(sample.error)")
            let german = try #require(ErrorText(sample.error, language: .german), "\(sample.error)")
            #expect(english.code == sample.error.codeName && german.code == english.code)
            #expect(!english.sentence.isEmpty && !german.sentence.isEmpty)
            #expect(english.sentence != german.sentence, "\(english.code): German says the English words: \(german.sentence)")
            #expect(sample.carries.isEmpty || english.sentence.contains(sample.carries) && german.sentence.contains(sample.carries),
                    "\(english.code): \(english.sentence) / \(german.sentence) — without \(sample.carries)")
            for text in [english.sentence, german.sentence] {
                #expect(!text.contains("runlog ") && text.firstRange(of: /--[A-Za-z]/) == nil, "a sentence names a command: \(text)")
            }
            #expect(english.data == sample.error.data)
        }
    }

    /// The table above holds every code the storage areas declare (a new code without a sentence fails here).
    @Test func theSamplesCoverEveryDeclaredCode() throws {
        let folder = SharedData.repository("Sources/RunStore/Errors")
        var declared: Set<String> = []
        for file in try FileManager.default.contentsOfDirectory(atPath: folder) where file.hasSuffix(".swift") {
            let source = try String(contentsOfFile: folder + "/" + file, encoding: .utf8)
            declared.formUnion(source.matches(of: /static let \w+ = Code\("(\w+)"\)/).map { String($0.1) })
        }
        #expect(declared.count >= 20, "the codes were found: \(declared.sorted())")
        #expect(Set(Self.samples.map(\.error.codeName)) == declared)
    }

    @Test func theHintsNameWhatHelps() {
        func hint(_ error: any Error) -> String? { ErrorText(error, language: .english)?.commandLineHint }
        #expect(hint(LibraryError.runNotFound(3)) == "see 'runlog list'")
        var chosen = StorageOpenError(.noLibrary, "there is no library at /x/l.sqlite", store: .library, location: "/x/l.sqlite")
        chosen.isLocationChosen = true
        #expect(hint(chosen) == "check --library")
        chosen.isLocationChosen = false
        #expect(hint(chosen) == "import runs first with 'runlog import FILE...'")
        #expect(ErrorText(chosen, language: .english)?.sentence == "there is no library yet at /x/l.sqlite")
        var folder = StorageOpenError(.notALibrary, "/srv/runs is a folder", store: .library, location: "/srv/runs")
        folder.isFolder = true
        #expect(hint(folder) == "--library takes the file, e.g. /srv/runs/library.sqlite")
        #expect(hint(LiveError.interruptedRecording(Self.running))?.hasPrefix("'runlog record --recover' stores it") == true)
        #expect(hint(LiveError.noRecording) == "'runlog record' starts one")
        #expect(hint(LiveError.nothingToRecover) == nil)
        #expect(hint(SettingsError(.recomputeFailed, "x")) == "'runlog reanalyze --stale' recomputes the rest")
        #expect(hint(SettingsError.unknownProfile("x", profiles: [])) == "'runlog settings profiles' lists them")
    }

    @Test func theDataUseStableKeysAndISOTimes() {
        #expect(LibraryError.runNotFound(77).data == ["runID": .integer(77)])
        let interrupted = LiveError.interruptedRecording(Self.running).data
        #expect(interrupted["lastHeardAt"] == .string("2026-09-21T14:13:20Z"))
        #expect(interrupted["points"] == .integer(321) && interrupted["source"] == .string("replay park.gpx"))
        let refusal = SettingError(key: "units", text: "furlongs", reason: .notAChoice, message: "units cannot be furlongs")
        #expect(SettingsError(.invalidSetting, "x", refusal: .value(refusal)).data
                == ["key": .string("units"), "value": .string("furlongs"), "problem": .string("notAChoice")])
    }
}

/// A file refused for holding too many activities is one failed file of the import's report; the
/// import goes on with the next (other library errors stop it, as storage errors do).
@Suite struct ImportReportRefusalTests {
    @Test func aFileOfTooManyRunsIsAFailedEntry() throws {
        var report = ImportReport()
        var error = LibraryError(.tooManyRuns, "the file holds 20000 activities, more than the 10000 this version imports from one file")
        (error.runs, error.maximumRuns) = (20_000, 10_000)
        try report.add(file: "many.tcx") { throw error }
        guard case .failed(let failure)? = report.entries.first else {
            Issue.record("no failed entry: \(report.entries)")
            return
        }
        #expect(failure.file == "many.tcx" && failure.code == "tooManyRuns" && failure.libraryError == error)
    }
}
