import Foundation
import RunCore
import RunHTTP
import RunStore
import RunUI

/// A page of the run list for a request (`?page=N`, the `list.pageSize` setting or the API's
/// `pageSize`): what the runs page, the search page and `GET /api/v1/runs` share.
enum RunList {
    /// The list's context for a request's page, with the page count.
    static func context(_ context: RequestContext, pageSize: Int? = nil) throws -> (list: RunListContext, pageCount: Int) {
        try self.context(context, filter: nil, includesThisWeek: true, pageSize: pageSize)
    }

    /// A page of the runs a filter finds (nil: every run), read a page at a time from the store.
    static func context(_ context: RequestContext, filter: SearchFilter?, includesThisWeek: Bool,
                        pageSize: Int? = nil) throws -> (list: RunListContext, pageCount: Int) {
        let size = pageSize ?? context.settings[Settings.listPageSize]
        let requested = context.request.query["page"].map { Int($0) ?? 0 } ?? 1
        guard requested >= 1 else { throw WebError.badRequest("page takes a whole number from 1") }
        let page = RunListPage(number: requested, size: size)
        let (list, total) = try RunListLoader.load(
            context.library, filter: filter, page: page, formatter: context.formatter, calendar: context.calendar,
            nowSeconds: Date().timeIntervalSince1970,
            firstWeekday: CalendarText.weekdayNumber(settingValue: context.settings[Settings.firstWeekday]), live: context.live,
            includesThisWeek: includesThisWeek)
        return (list, page.pageCount(runCount: total))
    }
}
