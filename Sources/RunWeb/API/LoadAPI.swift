import Foundation
import RunCore
import RunHTTP
import RunStore
import RunUI

/// The API's training load.
enum LoadAPI {
    /// `GET /api/v1/load?days=N`: the training load of the last `N` days (default 28) up to today,
    /// newest first, as `runlog load --json` gives it (``RunUI/LoadSection``: each day's load,
    /// fitness, fatigue and form, its runs' TRIMP and whether each was estimated).
    /// - Throws: ``WebError`` 400 for a `days` outside 1…3660.
    static func load(_ context: RequestContext) throws -> HTTPResponse {
        var days = 28
        if let text = context.request.query["days"] {
            guard let value = Int(text), (1...LoadSection.maximumDayCount).contains(value) else {
                throw WebError.badRequest("days cannot be '\(text)': it takes a whole number from 1 to \(LoadSection.maximumDayCount)")
            }
            days = value
        }
        let section = LoadSection.make(runs: try context.library.runs(), settings: context.settings, dayCount: days,
                                       nowSeconds: Date().timeIntervalSince1970, formatter: DisplayFormatter(),
                                       calendar: CalendarText(timeZone: context.calendar.timeZone))
        return APIResponses.section(section)
    }
}
