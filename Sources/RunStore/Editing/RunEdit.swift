package import RunCore

/// A change to a run the runner makes — its name, notes, sport — as every front end asks for it
/// (`runlog edit`, the run page, `PATCH /api/v1/runs/{id}`). Checked whole before anything is
/// written; a new sport recomputes the run's numbers with that sport's parameters.
package struct RunEdit: Sendable, Equatable {
    /// What to do with the sport.
    package enum SportChange: Sendable, Equatable {
        /// The runner's choice.
        case chosen(Sport)
        /// Back to what the file says or runlog infers.
        case inferred
    }

    package var name: String?
    package var notes: String?
    package var sport: SportChange?

    package init(name: String? = nil, notes: String? = nil, sport: SportChange? = nil) {
        self.name = name
        self.notes = notes
        self.sport = sport
    }

    package var isEmpty: Bool { name == nil && notes == nil && sport == nil }

    /// A sport as the runner types it: a sport's name (`cycling`, `trailRunning`, any case; the
    /// words a GPX `<type>` uses too, `ride`, `trail_running`), or `auto` for the file's or the
    /// inferred sport.
    /// Words of sports outside the six (`skiing`, `sailing`, `rowing` …) are `other`.
    /// - Throws: ``LibraryError`` `.invalidEdit` naming the sports there are.
    package static func sportChange(_ text: String) throws -> SportChange {
        let key = text.lowercased().filter { $0.isLetter }
        if key == "auto" || key == "inferred" { return .inferred }
        if let sport = Sport.allCases.first(where: { $0.rawValue.lowercased() == key }) ?? Sport.fromGPXType(text) {
            return .chosen(sport)
        }
        let sports = Sport.allCases.map(\.rawValue)
        var error = LibraryError.invalidEdit("sport", .notASport, "'\(text)' is not a sport; the sports are \(sports.joined(separator: ", ")), "
                                             + "or auto for the one the file says or the analysis infers")
        (error.value, error.sports) = (text, sports)
        throw error
    }
}

extension RunEdit {
    /// Applies the edit to run `id`: the name and notes (checked first, as ``RunLibrary/rename(id:to:)``
    /// and ``RunLibrary/setNotes(id:to:)`` check them), then the sport, which recomputes the run's
    /// numbers from its original with `preferences` (the sport and the numbers are stored together;
    /// with `currentPreferences`, the settings read again in the write: a newer change wins, as
    /// ``RunReanalyzer`` describes).
    /// - Returns: the run as stored now.
    /// - Throws: ``LibraryError`` (`.runNotFound`, `.invalidEdit` for a name or notes that do not
    ///   fit or a sport for a route), a reader error when the original no longer reads (the sport is unchanged then).
    @discardableResult
    package func apply(to id: Int64, in library: any RunLibrary, preferences: AnalysisPreferences,
                       currentPreferences: (() throws -> AnalysisPreferences)? = nil) throws -> RunRecord {
        let record = try library.run(id: id)
        if let name { try RunFields.checkName(name) }
        if let notes { try RunFields.checkNotes(notes) }
        if sport != nil, record.isRoute {
            throw LibraryError.invalidEdit("sport", .routeHasNoSport, "run \(id) is a route (planned, not run): it has no sport", runID: id)
        }
        if let sport {
            let chosen: Sport? = if case .chosen(let sport) = sport { sport } else { nil }
            if chosen != record.chosenSport {
                try RunReanalyzer(library: library, preferences: preferences, currentPreferences: currentPreferences)
                    .reanalyze(id: id, chosenSport: .some(chosen))
            }
        }
        if let name { try library.rename(id: id, to: name) }
        if let notes { try library.setNotes(id: id, to: notes) }
        return try library.run(id: id)
    }
}
