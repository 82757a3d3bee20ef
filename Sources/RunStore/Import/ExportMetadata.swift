package import RunCore

/// What an export says of an activity besides its file (Strava's `activities.csv`: name, type,
/// description, private note, gear), given to the runs imported from the file. The runner's words
/// win over the file's: the name replaces the file's, the sport is taken as the runner's choice
/// (as `runlog edit --sport`), description and private note become the run's notes.
package struct ExportMetadata: Sendable, Equatable {
    package var name: String?
    package var sport: Sport?
    package var notes: String
    package var gear: String

    package init(name: String? = nil, sport: Sport? = nil, notes: String = "", gear: String = "") {
        self.name = name
        self.sport = sport
        self.notes = notes
        self.gear = gear
    }
}
