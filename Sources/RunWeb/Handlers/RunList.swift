import RunCore
import RunHTTP
import RunStore
import RunUI

/// A page of the run list for a request (`?page=N`, the `list.pageSize` setting or the API's
/// `pageSize`): what the runs page and `GET /api/v1/runs` share.
enum RunList {
    /// The list's context for a request's page, with the page count.
    static func context(_ context: RequestContext, pageSize: Int? = nil) throws -> (list: RunListContext, pageCount: Int) {
        let runs = try context.library.runs()
        let size = pageSize ?? context.settings[Settings.listPageSize]
        let requested = context.request.query["page"].map { Int($0) ?? 0 } ?? 1
        guard requested >= 1 else { throw WebError.badRequest("page takes a whole number from 1") }
        let page = RunListPage(number: requested, size: size)
        let list = RunListContext(runs: runs, formatter: context.formatter, calendar: context.calendar,
                                  firstWeekday: CalendarText.weekdayNumber(settingValue: context.settings[Settings.firstWeekday]),
                                  page: page, live: context.live)
        return (list, page.pageCount(runCount: runs.count))
    }
}
