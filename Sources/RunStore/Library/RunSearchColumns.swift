package import RunCore

/// What a search filters on, for one run, derived exactly as ``RunCore/SearchableRun`` derives it:
/// each implementation keeps these beside the run (columns), so a query runs in the store and
/// finds what ``RunCore/SearchFilter/matches(_:)`` finds.
package struct RunSearchColumns: Sendable, Hashable {
    /// ``RunCore/SearchPlace``: where the file says the run was.
    package var placeText: String
    /// The name, notes and place folded by ``RunCore/SearchFilter/fold(_:)``: a search's words are
    /// looked for in it as substrings.
    package var searchText: String
    /// Moving time, else elapsed time; nil without times.
    package var durationSeconds: Double?
    /// The sport the run's numbers were computed for.
    package var sport: Sport
    package var hasHeartRate: Bool

    /// The columns of a run from its name, notes, stored description and summary.
    package init(name: String, notes: String, header: Activity, sourceName: String, summary: ActivitySummary) {
        let place = SearchPlace.text(of: header, sourceName: sourceName)
        let searchable = SearchableRun(id: 0, name: name, notes: notes, place: place, summary: summary)
        placeText = place
        searchText = Self.searchText(name: name, notes: notes, place: place)
        durationSeconds = searchable.durationSeconds
        sport = searchable.sport
        hasHeartRate = searchable.hasHeartRate
    }

    /// The folded text a search's words are looked for in (again after a rename or new notes).
    package static func searchText(name: String, notes: String, place: String) -> String {
        SearchFilter.fold(name + "\n" + notes + "\n" + place)
    }
}
