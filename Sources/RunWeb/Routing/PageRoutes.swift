import RunHTTP
/// The pages' routes: one line each.
enum PageRoutes {
    static func register(in router: inout Router<WebRoute>, configuration: WebConfiguration) {
        router.add("GET", "/", WebRoute(.page, cacheable: true, showsLiveState: true, RunsPage.response))
        router.add("GET", "/live", WebRoute(.page, showsLiveState: true, LivePage.response))
        router.add("GET", "/calendar", WebRoute(.page, cacheable: true, CalendarPage.response))
        router.add("GET", "/totals", WebRoute(.page, cacheable: true, TotalsPage.response))
        router.add("GET", "/search", WebRoute(.page, cacheable: true, SearchPage.response))
        router.add("GET", "/runs/{id}", WebRoute(.page, cacheable: true, RunPage.response))
        router.add("POST", "/runs/{id}/rename", WebRoute(.page, RunPage.rename))
        router.add("POST", "/runs/{id}/notes", WebRoute(.page, RunPage.setNotes))
        router.add("POST", "/runs/{id}/sport", WebRoute(.page, RunPage.setSport))
        router.add("GET", "/runs/{id}/gpx", WebRoute(.page, RunDownload.gpx))
        router.add("GET", "/runs/{id}/delete", WebRoute(.page, DeletePage.confirmation))
        router.add("POST", "/runs/{id}/delete", WebRoute(.page, DeletePage.delete))
        router.add("GET", "/settings", WebRoute(.page, SettingsPage.response))
        router.add("POST", "/settings", WebRoute(.page, SettingsPage.save))
        router.add("POST", "/settings/profile", WebRoute(.page, SettingsPage.useProfile))
        router.add("POST", "/settings/profiles", WebRoute(.page, SettingsPage.createProfile))
        router.add("GET", "/import", WebRoute(.page, ImportPage.form))
        router.add("POST", "/import", WebRoute(.page, bodyLimit: configuration.uploadLimitBytes, spoolsBody: true, ImportPage.upload))
        router.add("GET", "/imports/{id}", WebRoute(.page, ImportPage.job))
    }
}
