package import RunCore

/// A failure of the run library that is not a plain SQLite error.
package struct StoreError: Error, Sendable, CustomStringConvertible {
    package struct Code: Hashable, Sendable {
        package let rawValue: String
        package init(_ rawValue: String) { self.rawValue = rawValue }
        /// No run with the given number.
        package static let runNotFound = Code("runNotFound")
        /// Stored data could not be decoded.
        package static let corrupt = Code("corrupt")
        /// The library was written by a newer runlog.
        package static let newerSchema = Code("newerSchema")
        /// The library directory or file cannot be created or opened.
        package static let cannotOpen = Code("cannotOpen")
        /// The file is not a runlog library (not SQLite, or damaged).
        package static let notALibrary = Code("notALibrary")
        /// There is no library file where one was expected.
        package static let noLibrary = Code("noLibrary")
        /// The settings store is damaged (a copy is kept; nothing is replaced).
        package static let damagedStore = Code("damagedStore")
        /// A setting's value is not allowed (names the setting and what is allowed).
        package static let invalidSetting = Code("invalidSetting")
        /// A change to a run that does not fit it: a name or notes of the wrong length, a word
        /// that is no sport, a sport for a route.
        package static let invalidEdit = Code("invalidEdit")
        /// No such setting or profile.
        package static let unknownSetting = Code("unknownSetting")
        package static let unknownProfile = Code("unknownProfile")
        /// A recording is running already (another `runlog record`).
        package static let recordingRunning = Code("recordingRunning")
        /// No recording is running to take a command, or to recover.
        package static let noRecording = Code("noRecording")
        /// A recording was interrupted (its recorder stopped answering): recover it first.
        package static let interruptedRecording = Code("interruptedRecording")
        /// Settings were changed but the runs could not all be recomputed with them.
        package static let recomputeFailed = Code("recomputeFailed")
        /// The file holds no track points, so it is not a run (a route or waypoints only).
        package static let noTrackPoints = Code("noTrackPoints")
    }

    package var code: Code
    package var message: String
    /// For `.invalidSetting` refusals of one value or of a rule between settings: what was
    /// refused, for a message in the user's language.
    package var refusal: SettingsRefusal?

    package init(_ code: Code, _ message: String, refusal: SettingsRefusal? = nil) {
        self.code = code
        self.message = message
        self.refusal = refusal
    }

    package var description: String { message }
}

/// A refused settings change, as ``StoreError/refusal`` carries it.
package enum SettingsRefusal: Sendable, Equatable {
    /// One value is not allowed.
    case value(SettingError)
    /// The values break a rule between settings.
    case rule(SettingsRuleViolation)
}
