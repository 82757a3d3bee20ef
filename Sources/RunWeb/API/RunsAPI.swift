import Foundation
import RunApp
import RunCore
import RunHTTP
import RunStore
import RunUI

/// The API's run operations.
enum RunsAPI {
    /// `GET /api/v1/runs?page=N&pageSize=M`: the runs page as data — paging, the runs of the page,
    /// and the same sections as the runs page (this week, months with totals).
    static func list(_ context: RequestContext) throws -> HTTPResponse {
        let (list, pageCount) = try RunList.context(context, pageSize: try pageSize(context))
        guard list.page.number <= pageCount else { throw WebError.notFound("there is no page \(list.page.number) of the runs") }
        let sections = RunListScreen.sections(for: list.forMachines(timeZone: context.calendar.timeZone))
        return APIResponses.json(.object(paging(list, pageCount: pageCount).merging([
            "runs": .array(list.pageRuns.map { .object(RunPresentation.listValues($0)) }),
            "sections": .array(sections.map(sectionJSON)),
        ]) { $1 }))
    }

    /// The `pageSize` query parameter, 1 to 10,000 (nil: the `list.pageSize` setting).
    /// - Throws: ``WebError`` 400 for another value.
    static func pageSize(_ context: RequestContext) throws -> Int? {
        guard let text = context.request.query["pageSize"] else { return nil }
        guard let size = Int(text), (1...10_000).contains(size) else { throw WebError.badRequest("pageSize takes 1 to 10000") }
        return size
    }

    /// A paged answer's keys: `page`, `pageSize`, `pageCount`, and `runCount` (the runs on every page).
    static func paging(_ list: RunListContext, pageCount: Int) -> [String: JSONValue] {
        ["page": .integer(Int64(list.page.number)), "pageSize": .integer(Int64(list.page.size ?? list.foundCount)),
         "pageCount": .integer(Int64(pageCount)), "runCount": .integer(Int64(list.foundCount))]
    }

    static func sectionJSON(_ section: any ListSection) -> JSONValue {
        var object = section.values
        object["id"] = .string(section.id)
        object["title"] = .string(section.title)
        object["runIds"] = .array(section.rows.compactMap { $0.values["id"] })
        return .object(object)
    }

    /// `GET /api/v1/runs/{id}`: every number of the run, its notes and whether it is stale (as
    /// `runlog show --json`).
    static func detail(_ context: RequestContext) throws -> HTTPResponse {
        APIResponses.json(try StoredRun(id: try context.runID(), context: context).presentation.json)
    }

    /// `PATCH /api/v1/runs/{id}` with `{"name": …, "notes": …}` (either or both).
    static func update(_ context: RequestContext) throws -> HTTPResponse {
        let id = try context.runID()
        let edit = try APIRequestBody.RunUpdate(json: try APIRequestBody.json(context.request)).edit
        try Runs(library: context.library, preferences: AnalysisPreferences(settings: context.settings),
                 currentPreferences: { try context.currentAnalysisPreferences() }).edit(id: id, edit)
        return APIResponses.json(try StoredRun(id: id, context: context).presentation.json)
    }

    /// `DELETE /api/v1/runs/{id}`.
    static func delete(_ context: RequestContext) throws -> HTTPResponse {
        try Runs(library: context.library, preferences: AnalysisPreferences(settings: context.settings)).delete(id: try context.runID())
        return HTTPResponse(status: 204)
    }

    /// `GET /api/v1/runs/{id}/track?toleranceMeters=2`: the map region (fitted with the settings),
    /// the track's pieces simplified to the tolerance as `[latitude, longitude]` pairs, and the markers.
    /// The run's points are read and cleaned again: at most ``WebConfiguration/trackWorkLimit`` at
    /// once (1 per address), 503 `trackWorkBusy` / 429 `tooManyTrackRequests` with `Retry-After` beyond.
    /// - Complexity: O(*n* log *n*) time and O(*n*) memory in the run's points.
    static func track(_ context: RequestContext) throws -> HTTPResponse {
        var tolerance = 2.0
        if let text = context.request.query["toleranceMeters"] {
            guard let value = DecimalText.parse(text), value >= 0, value <= 10_000 else {
                throw WebError.badRequest("toleranceMeters takes a number from 0 to 10000")
            }
            tolerance = value
        }
        let run = try StoredRun(id: try context.runID(), context: context)
        // Every point is read and cleaned again: a place of the few such at once is held meanwhile.
        let slot = try context.trackWork.take(for: context.request.clientAddress, strings: context.strings)
        defer { slot.release() }
        let (track, region, fitter, coordinates) = try run.track(context: context)
        let pieces: [JSONValue] = track.pieces.filter { !$0.isEmpty }.map { piece in
            let points = piece.map(track.coordinate(at:))
            return .array(TrackSimplifier.douglasPeucker(points, toleranceMeters: tolerance).map {
                .array([.number(points[$0].latitude), .number(points[$0].longitude)])
            })
        }
        let markers: [JSONValue] = track.markers(units: context.formatter.units).map { marker in
            .object(["kind": .string(marker.kind.rawValue), "category": .string(marker.category),
                     "latitude": .number(marker.coordinate.latitude), "longitude": .number(marker.coordinate.longitude),
                     "label": .string(marker.label), "symbol": .from(marker.symbol),
                     "title": .string(marker.kind == .distance ? "\(marker.label) \(context.formatter.units.distanceUnitSymbol)"
                                      : marker.label.isEmpty ? marker.kind.rawValue : marker.label)])
        }
        return APIResponses.json(.object([
            "region": region.map { TrackRegion.json($0, fitter: fitter, coordinates: coordinates) } ?? .null,
            "toleranceMeters": .number(tolerance), "pieces": .array(pieces), "markers": .array(markers),
        ]))
    }

    /// `GET /api/v1/session`: the session's CSRF token that PUT, PATCH, POST and DELETE need, with
    /// the session cookie they must send back (set here when the request named no session).
    static func session(_ context: RequestContext) throws -> HTTPResponse {
        APIResponses.json(.object(["csrfToken": .string(context.csrfToken), "header": .string("X-CSRF-Token"),
                                   "cookie": .string(Session.cookieName)]))
    }
}
