package import RunCore

/// A run library refusal: no such run, an edit that does not fit the run, a file that is no run.
/// `message` says it in English for logs and tests, naming no command; the data let a front end
/// say it in the user's language and add its own hint (RunUI's `LibraryErrorText`).
package struct LibraryError: CodedError, Equatable {
    package struct Code: Hashable, Sendable {
        package let rawValue: String
        package init(_ rawValue: String) { self.rawValue = rawValue }
        /// No run has the number ``runID``.
        package static let runNotFound = Code("runNotFound")
        /// A change that does not fit the run: ``field`` (`name`, `notes`, `sport`) and ``problem``
        /// (``EditProblem``) say which and why.
        package static let invalidEdit = Code("invalidEdit")
        /// The file holds no track points or records, so it is not a run (``routes``, ``waypoints``).
        package static let noTrackPoints = Code("noTrackPoints")
        /// The file holds more activities (``runs``) than one file may be imported as (``maximumRuns``).
        package static let tooManyRuns = Code("tooManyRuns")
    }

    /// Why an edit is refused (``LibraryError/problem``; the raw values are API).
    package enum EditProblem: String, Sendable, Equatable {
        /// A name of no or too many characters (``LibraryError/characters``, ``LibraryError/maximumCharacters``).
        case nameLength
        /// Notes of too many characters.
        case notesLength
        /// Notes that hold a NUL character at ``LibraryError/position`` (1-based).
        case notesNUL
        /// ``LibraryError/value`` is no sport; ``LibraryError/sports`` are the sports there are.
        case notASport
        /// A route (planned, not run) has no sport.
        case routeHasNoSport
    }

    package var code: Code
    /// What is wrong, in English, for logs and tests.
    package var message: String
    package var runID: Int64?
    /// For `invalidEdit`: the field (`name`, `notes`, `sport`) and the problem.
    package var field: String?
    package var problem: EditProblem?
    /// The refused word, as given.
    package var value: String?
    /// Characters given and the most allowed.
    package var characters: Int?
    package var maximumCharacters: Int?
    /// 1-based character position of what is wrong.
    package var position: Int?
    /// The sports there are, for `notASport`.
    package var sports: [String]?
    /// What a file without track points holds instead.
    package var routes: Int?
    package var waypoints: Int?
    /// For `tooManyRuns`: the activities the file holds, and the most one file may be imported as.
    package var runs: Int?
    package var maximumRuns: Int?

    package init(_ code: Code, _ message: String, runID: Int64? = nil) {
        self.code = code
        self.message = message
        self.runID = runID
    }

    /// No run has the number.
    package static func runNotFound(_ id: Int64) -> LibraryError {
        LibraryError(.runNotFound, "there is no run \(id)", runID: id)
    }

    /// An edit refused for `problem` on `field`.
    package static func invalidEdit(_ field: String, _ problem: EditProblem, _ message: String, runID: Int64? = nil) -> LibraryError {
        var error = LibraryError(.invalidEdit, message, runID: runID)
        error.field = field
        error.problem = problem
        return error
    }

    package var description: String { message }
    package var codeName: String { code.rawValue }

    package var data: [String: JSONValue] {
        .known(["runID": runID.map { .integer($0) }, "field": field.map { .string($0) },
                "problem": problem.map { .string($0.rawValue) }, "value": value.map { .string($0) },
                "characters": characters.map { .integer(Int64($0)) },
                "maximumCharacters": maximumCharacters.map { .integer(Int64($0)) },
                "position": position.map { .integer(Int64($0)) }, "sports": sports.map { .array($0.map { .string($0) }) },
                "routes": routes.map { .integer(Int64($0)) }, "waypoints": waypoints.map { .integer(Int64($0)) },
                "runs": runs.map { .integer(Int64($0)) }, "maximumRuns": maximumRuns.map { .integer(Int64($0)) }])
    }
}
