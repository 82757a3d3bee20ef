import RunCore

extension TCXParseState {
    /// The activity read, once the document has ended well-formed.
    func result() -> ActivityReadResult {
        var activity = Activity()
        activity.sourceFormat = .tcx
        activity.tracks = tracks
        activity.routes = routes
        activity.waypoints = waypoints
        var device = device
        if let authorName {
            device = device ?? DeviceInfo()
            device?.application = authorName
        }
        activity.device = device
        if let description = device?.description, !description.isEmpty { activity.creator = description }
        var diagnostics = diagnostics
        if tracks.isEmpty, routes.isEmpty {
            diagnostics.add("noActivities", "the file holds no <Activity> and no <Course> (workouts or folders only?)",
                            severity: .note)
        }
        return ActivityReadResult(activity: activity, diagnostics: diagnostics.diagnostics)
    }
}
