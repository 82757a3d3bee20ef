import RunCore
import RunHTTP

/// The API's imports: an upload is taken and queued at once (202 with the job's address), and the
/// job is asked for until it ended.
enum ImportsAPI {
    /// `POST /api/v1/imports` (multipart, field `files`; `allowDuplicates=true` to import probable
    /// duplicates): 202 Accepted, `Location: /api/v1/imports/{id}`, and the job as
    /// ``get(_:)`` gives it (state `queued`).
    static func create(_ context: RequestContext) throws -> HTTPResponse {
        let job = try Upload.enqueue(context)
        var response = APIResponses.json(ImportJobView(job: job, queue: context.imports).json(context.formatter), status: 202)
        response.add("Location", "/api/v1/imports/\(job.id)")
        return response
    }

    /// `GET /api/v1/imports/{id}`: the job of this session — `state` (`queued`, `running`, `done`,
    /// `failed`), the times, `queueAhead` while it waits, `progress`, the `report` once it ended
    /// and the `error` that stopped it; 404 `importNotFound` for another session's or one no longer kept.
    static func get(_ context: RequestContext) throws -> HTTPResponse {
        APIResponses.json(ImportJobView(job: try Upload.job(context), queue: context.imports).json(context.formatter))
    }
}
