public import RunCore

/// A failure of the run library that is not a plain SQLite error.
public struct StoreError: Error, Sendable, CustomStringConvertible {
    public struct Code: Hashable, Sendable {
        public let rawValue: String
        public init(_ rawValue: String) { self.rawValue = rawValue }
        /// No run with the given number.
        public static let runNotFound = Code("runNotFound")
        /// Stored data could not be decoded.
        public static let corrupt = Code("corrupt")
        /// The library was written by a newer runlog.
        public static let newerSchema = Code("newerSchema")
        /// The library directory or file cannot be created or opened.
        public static let cannotOpen = Code("cannotOpen")
        /// The file is not a runlog library (not SQLite, or damaged).
        public static let notALibrary = Code("notALibrary")
        /// There is no library file where one was expected.
        public static let noLibrary = Code("noLibrary")
        /// The settings store is damaged (a copy is kept; nothing is replaced).
        public static let damagedStore = Code("damagedStore")
        /// A setting's value is not allowed (names the setting and what is allowed).
        public static let invalidSetting = Code("invalidSetting")
        /// A change to a run that does not fit it: a name or notes of the wrong length, a word
        /// that is no sport, a sport for a route.
        public static let invalidEdit = Code("invalidEdit")
        /// No such setting or profile.
        public static let unknownSetting = Code("unknownSetting")
        public static let unknownProfile = Code("unknownProfile")
        /// A recording is running already (another `runlog record`).
        public static let recordingRunning = Code("recordingRunning")
        /// No recording is running to take a command, or to recover.
        public static let noRecording = Code("noRecording")
        /// A recording was interrupted (its recorder stopped answering): recover it first.
        public static let interruptedRecording = Code("interruptedRecording")
        /// Settings were changed but the runs could not all be recomputed with them.
        public static let recomputeFailed = Code("recomputeFailed")
        /// The file holds no track points, so it is not a run (a route or waypoints only).
        public static let noTrackPoints = Code("noTrackPoints")
    }

    public var code: Code
    public var message: String
    /// For `.invalidSetting` refusals of one value or of a rule between settings: what was
    /// refused, for a message in the user's language.
    public var refusal: SettingsRefusal?

    public init(_ code: Code, _ message: String, refusal: SettingsRefusal? = nil) {
        self.code = code
        self.message = message
        self.refusal = refusal
    }

    public var description: String { message }
}

/// A refused settings change, as ``StoreError/refusal`` carries it.
public enum SettingsRefusal: Sendable, Equatable {
    /// One value is not allowed.
    case value(SettingError)
    /// The values break a rule between settings.
    case rule(SettingsRuleViolation)
}
