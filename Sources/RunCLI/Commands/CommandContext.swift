import RunApp
import RunCore
import RunStore
import RunUI
import Foundation

/// What a command runs with: its console, the environment, the library and the settings (each
/// opened on first use).
final class CommandContext {
    let console: Console
    let environment: [String: String]
    /// Where the library is: its file, or the database's address and user.
    let libraryPath: String
    /// Whether the user named the library with `--library`.
    let isLibraryExplicit: Bool
    /// The settings profile named with `--profile` (nil: the active one).
    let profileOverride: String?
    /// The library and the shared store at the places the user chose, in the storage the program was built with.
    let storage: any StorageBackend
    private var openedLibrary: (any RunLibrary)?
    private var warnedAboutNow = false
    private var openedSettingsStore: SettingsStore?
    private var readSettings: SettingsSnapshot?
    /// Notes about the settings printed so far (a command reading them again says each once).
    private var printedNotes: Set<String> = []

    /// The database backend's type and the database's address, when `RUNLOG_DATABASE_URL` names one.
    private let database: (type: any DatabaseStorageBackend.Type, url: String)?
    /// The database's backend and address when a database is named without `RUNLOG_USER` for a
    /// command that serves many users (`runlog serve`'s server mode); nil otherwise.
    let serverDatabase: (type: any DatabaseStorageBackend.Type, url: String)?
    private let command: String?

    /// The data is in files (`--library`, `RUNLOG_HOME`), or, when `RUNLOG_DATABASE_URL` names a
    /// database, in that database as the runlog user `RUNLOG_USER` (for operators of a server).
    /// - Parameter needsUser: false for the commands that manage accounts (every user's): they take
    ///   no `RUNLOG_USER`.
    /// - Parameter servesManyUsers: true for `serve`: without `RUNLOG_USER` it serves every user
    ///   of the database (``serverDatabase``), with it that user alone.
    /// - Parameter databaseOverride: the database a command's `--database` names, before `RUNLOG_DATABASE_URL`.
    /// - Throws: ``UsageError`` when a database is named without a user, together with `--library`,
    ///   or in a build without a database backend.
    init(console: Console, environment: [String: String], storage: any FileStorageBackend.Type,
         database: (any DatabaseStorageBackend.Type)? = nil, libraryOverride: String?, profileOverride: String? = nil,
         command: String? = nil, needsUser: Bool = true, servesManyUsers: Bool = false, databaseOverride: String? = nil) throws {
        self.console = console
        self.environment = environment
        self.profileOverride = profileOverride
        self.command = command
        isLibraryExplicit = libraryOverride != nil
        if let url = databaseOverride ?? environment["RUNLOG_DATABASE_URL"], !url.isEmpty {
            guard libraryOverride == nil else {
                throw UsageError("--library names a library file, but RUNLOG_DATABASE_URL names a database: use one of them", command: command)
            }
            guard let database else { throw UsageError("this runlog keeps its data in files only: unset RUNLOG_DATABASE_URL", command: command) }
            self.database = (database, url)
            let user = environment["RUNLOG_USER"] ?? ""
            serverDatabase = user.isEmpty && servesManyUsers ? (database, url) : nil
            guard !user.isEmpty || !needsUser || servesManyUsers else {
                throw UsageError("RUNLOG_DATABASE_URL names a database: set RUNLOG_USER to the runlog user whose data to use", command: command)
            }
            self.storage = database.init(url: url, user: user)
            libraryPath = self.storage.libraryLocation
        } else {
            self.database = nil
            serverDatabase = nil
            let libraryPath = libraryOverride ?? LibraryLocation.libraryPath(environment: environment)
            self.libraryPath = libraryPath
            self.storage = storage.init(libraryLocation: libraryPath, sharedLocation: LibraryLocation.groupStorePath(environment: environment))
        }
    }

    /// The run library, opened on first use. Only commands that store runs create it; the others
    /// report a missing library instead of creating an empty one (a mistyped `--library`).
    func library(creating: Bool = false) throws -> any RunLibrary {
        if let openedLibrary { return openedLibrary }
        do {
            let library = try storage.openLibrary(creating: creating)
            openedLibrary = library
            return library
        } catch var error as StorageOpenError where error.code == .noLibrary {
            error.isLocationChosen = isLibraryExplicit
            throw error
        }
    }

    /// The accounts of the database `RUNLOG_DATABASE_URL` names (every user's), opened now.
    /// - Throws: ``UsageError`` when no database is named (files are one person's and have no
    ///   accounts); ``StorageOpenError`` when it cannot be opened.
    func accounts() throws -> Accounts {
        guard let database else {
            throw UsageError("accounts are a server's: set RUNLOG_DATABASE_URL to its database (postgresql://…); "
                             + "a library in files is one person's and has none", command: command)
        }
        return Accounts(store: try database.type.openAccountStore(url: database.url))
    }

    /// Whether the library exists.
    var libraryExists: Bool { storage.libraryExists }

    // MARK: - Settings

    /// The shared store's file, `$RUNLOG_HOME/group.sqlite`.
    var settingsStorePath: String { storage.sharedLocation }

    /// Whether the settings store exists (or was opened).
    var settingsStoreExists: Bool { openedSettingsStore != nil || storage.sharedStorageExists }

    /// The settings store, opened (and created) on first use.
    /// - Throws: ``StorageOpenError`` `.damagedStore` when the file is damaged (a copy is kept).
    /// A store that cannot be written here (a read-only file or folder) is opened to be read: its
    /// settings apply, and changing them fails with an error naming the file.
    func settingsStore() throws -> SettingsStore {
        if let openedSettingsStore { return openedSettingsStore }
        let store = try SettingsStore(store: try storage.openSharedStorage())
        store.references = LibraryReferences(storage: storage)
        openedSettingsStore = store
        return store
    }

    /// The settings this command runs with: the `--profile` profile, else the active one. Without
    /// a settings store yet, the declared defaults (nothing is created by reading).
    /// - Throws: ``StorageOpenError`` (damaged store), ``SettingsError`` (unknown profile).
    func settings() throws -> SettingsSnapshot {
        if let readSettings { return readSettings }
        let snapshot: SettingsSnapshot
        if openedSettingsStore == nil, !storage.sharedStorageExists {
            if let profileOverride, profileOverride != "default" {
                throw SettingsError.unknownProfile(profileOverride, profiles: ["default"])
            }
            snapshot = SettingsSnapshot()
        } else {
            let reading = try settingsStore().read(profile: profileOverride)
            for note in reading.notes where printedNotes.insert(note).inserted { console.error("runlog: note: settings: \(note)") }
            snapshot = reading.snapshot
        }
        readSettings = snapshot
        return snapshot
    }

    /// Forgets the settings read, after a command (or another process) changed them.
    func settingsChanged() { readSettings = nil }

    /// The analysis preferences of the settings.
    func analysisPreferences() throws -> AnalysisPreferences {
        AnalysisPreferences(settings: try settings())
    }

    /// The analysis settings as the store holds them now (another process may have changed them
    /// since this command first read them).
    func currentAnalysisPreferences() throws -> AnalysisPreferences {
        guard openedSettingsStore != nil || storage.sharedStorageExists else { return try analysisPreferences() }
        return AnalysisPreferences(settings: try settingsStore().read(profile: profileOverride).snapshot)
    }

    /// Units, language and first weekday of the settings (their defaults when they cannot be
    /// read), in the user's time zone (`TZ`).
    var display: DisplayPreferences {
        DisplayPreferences(settings: (try? settings()) ?? SettingsSnapshot(), timeZone: timeZone)
    }

    /// The interface language of the settings.
    var language: Language { formatter.language }

    /// The interface language of the settings this command has read; nil before they were read
    /// (or when they could not be): an error is said in English then.
    var languageOfReadSettings: Language? {
        readSettings.map { DisplayFormatter(DisplayPreferences(settings: $0, timeZone: timeZone)).language }
    }

    /// Number formatting for people, in the settings' units and language.
    var formatter: DisplayFormatter { DisplayFormatter(display) }

    /// The user's time zone: `TZ` of the environment the command runs with, else the process's.
    var timeZone: TimeZone { environment["TZ"].flatMap { TimeZone(identifier: $0) } ?? TimeZone.current }

    /// Dates for people in the user's time zone (`TZ`), in the settings' language.
    var calendar: CalendarText { CalendarText(display) }

    /// Now: `RUNLOG_NOW` (an ISO 8601 time, for reproducible scripts and tests), else the clock.
    /// A `RUNLOG_NOW` that is not a time is reported once on standard error and the clock is used.
    var now: Date {
        guard let text = environment["RUNLOG_NOW"] else { return Date() }
        guard let time = DateTimeText.parse(text) else {
            if !warnedAboutNow {
                warnedAboutNow = true
                console.error("runlog: warning: RUNLOG_NOW is not an ISO 8601 time (such as 2026-05-01T12:00:00Z): '\(text)'; "
                              + "the clock is used")
            }
            return Date()
        }
        return Date(timeIntervalSince1970: time.seconds)
    }

    /// Now and the user's calendar (time zone, first day of the week) for relative search periods.
    var searchClock: SearchClock { display.searchClock(now: now) }

    /// Formatting for `--json`: the same whatever the settings (English, metric), so scripts see
    /// stable texts in the few places JSON carries one (section titles).
    var machineFormatter: DisplayFormatter { DisplayFormatter() }
    var machineCalendar: CalendarText { CalendarText(timeZone: timeZone) }

    /// The run list's context: every run, this week by the settings' first weekday, and the
    /// recording in progress (for "Recording now").
    func runListContext(runs: [RunRecord], json: Bool, live: LivePresentation? = nil) -> RunListContext {
        RunListContext(runs: runs, formatter: json ? machineFormatter : formatter, calendar: json ? machineCalendar : calendar,
                       nowSeconds: now.timeIntervalSince1970, firstWeekday: display.firstWeekday, live: live)
    }

    /// The live recording's state now (the wall clock, not `RUNLOG_NOW`: the recorder's heartbeat
    /// is real time); nil without a shared store (nothing is created by looking).
    func livePresentation() throws -> LivePresentation? {
        guard settingsStoreExists else { return nil }
        return LivePresentation(state: try settingsStore().store.live().current(), now: Date().timeIntervalSince1970)
    }

    /// Parses a RUN argument: the run's number as `runlog list` shows it.
    func runID(_ text: String, command: String) throws -> Int64 {
        guard let id = Int64(text), id > 0 else {
            throw UsageError("'\(text)' is not a run number (the number 'runlog list' shows, e.g. 3)", command: command)
        }
        return id
    }
}
