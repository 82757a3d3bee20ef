/// The place of a run, from what a GPX file holds offline (runlog never asks a geocoding service):
/// metadata name, description and keywords; tracks' and routes' names, descriptions and comments;
/// waypoints' names, descriptions and comments; the source file's name. A search for "park"
/// finds a run whose file says `<desc>Stadtpark loop</desc>`, has a waypoint named "Park gate", or
/// was imported from `park-run.gpx`.
package enum SearchPlace {
    /// The place texts of an activity joined by line feeds.
    package static func text(of activity: Activity, sourceName: String) -> String {
        var parts: [String?] = [activity.metadata.name, activity.metadata.description, activity.metadata.keywords]
        for track in activity.tracks { parts += [track.name, track.description, track.comment] }
        for route in activity.routes { parts += [route.name, route.description, route.comment] }
        for waypoint in activity.waypoints {
            if let details = waypoint.details { parts += [details.name, details.description, details.comment] }
        }
        parts.append(sourceName)
        return parts.compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: "\n")
    }
}
