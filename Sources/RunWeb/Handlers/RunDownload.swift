import RunHTTP

/// A run's GPX download: what the run page's link (`GET /runs/{id}/gpx`) and the API
/// (`GET /api/v1/runs/{id}/gpx`) share.
enum RunDownload {
    /// The run as GPX 1.1, written as it is sent.
    /// - Throws: ``WebError`` 404 for a bad id, 429 or 503 when too many downloads are being written
    ///   (``WorkSlots``); `LibraryError.runNotFound`.
    static func gpx(_ context: RequestContext) throws -> HTTPResponse {
        try StoredRun(id: try context.runID(), context: context).gpxResponse(context: context)
    }
}
