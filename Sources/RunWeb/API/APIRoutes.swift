import RunApp
import RunCore
import RunHTTP
import RunUI

/// The JSON API under `/api/v1`: every operation with its handler and its OpenAPI description.
enum APIRoutes {
    static func operations(configuration: WebConfiguration) -> [APIOperation] {
        let error: JSONValue = .object(["$ref": .string("#/components/schemas/Error")])
        let object: JSONValue = .object(["type": .string("object")])
        func ok(_ description: String, _ schema: JSONValue = object) -> (String, String, String?, JSONValue?) {
            ("200", description, "application/json", schema)
        }
        func failure(_ status: String, _ description: String) -> (String, String, String?, JSONValue?) {
            (status, description, "application/json", error)
        }
        func query(_ name: String, _ description: String, _ schema: JSONValue) -> JSONValue {
            .object(["name": .string(name), "in": .string("query"), "required": .bool(false), "description": .string(description),
                     "schema": schema])
        }
        let integer = { query($0, $1, .object(["type": .string("integer"), "minimum": .integer(1)])) }
        let text = { query($0, $1, .object(["type": .string("string")])) }
        let jsonBody: (mediaType: String, schema: JSONValue) = ("application/json", object)
        let job: JSONValue = .object(["$ref": .string("#/components/schemas/ImportJob")])
        let limits = configuration.uploadLimits
        return [
            APIOperation(method: "GET", path: "/session", summary: "The session's CSRF token (and the session cookie) for PUT, PATCH, POST and DELETE",
                         responses: [ok("The token")], handle: RunsAPI.session),
            APIOperation(method: "GET", path: "/runs", summary: "Runs, newest first, a page at a time, with the list's sections",
                         queryParameters: [integer("page", "1 for the newest runs"), integer("pageSize", "runs per page (default: the list.pageSize setting)")],
                         responses: [ok("A page of runs"), failure("400", "A bad page or page size"), failure("404", "No such page")],
                         isCacheable: true, showsLiveState: true, handle: RunsAPI.list),
            APIOperation(method: "GET", path: "/runs/{id}", summary: "Every number of a run (SI units, unit in the key; ISO 8601 UTC)",
                         responses: [ok("The run"), failure("404", "No such run")], isCacheable: true, handle: RunsAPI.detail),
            APIOperation(method: "PATCH", path: "/runs/{id}", summary: "Changes a run's name, notes or sport: {\"name\": …, \"notes\": …, \"sport\": \"cycling\"} (sport null or \"auto\": as the file says or inferred; a new sport recomputes the run)",
                         requestBody: jsonBody, responses: [ok("The run"), failure("404", "No such run"), failure("422", "A refused name, notes or sport")],
                         handle: RunsAPI.update),
            APIOperation(method: "DELETE", path: "/runs/{id}", summary: "Deletes a run (and its original file when no other run was cut from it)",
                         responses: [("204", "Deleted", nil, nil), failure("404", "No such run")], handle: RunsAPI.delete),
            APIOperation(method: "GET", path: "/runs/{id}/track", summary: "The map region, the simplified track and the markers",
                         queryParameters: [.object(["name": .string("toleranceMeters"), "in": .string("query"), "required": .bool(false),
                                                    "schema": .object(["type": .string("number"), "minimum": .integer(0)])])],
                         responses: [ok("The track"), failure("404", "No such run"),
                                     failure("429", "This address has a track being computed already (tooManyTrackRequests; Retry-After)"),
                                     failure("503", "The server computes as many tracks as it may at once (trackWorkBusy; Retry-After)")],
                         isCacheable: true, handle: RunsAPI.track),
            APIOperation(method: "GET", path: "/runs/{id}/gpx", summary: "The run as GPX 1.1, generated as it is sent",
                         responses: [("200", "GPX 1.1", "application/gpx+xml", .object(["type": .string("string")])), failure("404", "No such run"),
                                     failure("429", "This address has as many downloads being written as it may (tooManyDownloads; Retry-After)"),
                                     failure("503", "The server writes as many downloads as it may at once (downloadsBusy; Retry-After)")],
                         handle: RunDownload.gpx),
            APIOperation(method: "POST", path: "/imports",
                         summary: "Queues an import of activity files — GPX, FIT, TCX, plain or compressed — and archives or account exports "
                            + "(zip) (multipart/form-data, field files; allowDuplicates=true); answered at once, the import follows at "
                            + "GET /api/v1/imports/{id} (the Location). Caps per upload: \(limits.maximumFiles) files, "
                            + "\(limits.maximumEntries) files and archive members in all, \(limits.maximumInflatedBytes) bytes decompressed",
                         requestBody: ("multipart/form-data", .object(["type": .string("object"), "properties": .object([
                            "files": .object(["type": .string("array"), "items": .object(["type": .string("string"), "format": .string("binary")])]),
                            "allowDuplicates": .object(["type": .string("boolean")])])])),
                         responses: [("202", "Queued: the job (state queued), its address in Location", "application/json", job),
                                     failure("400", "Not a multipart upload, or no file in it"),
                                     failure("403", "Checked from the head, before the body is read: no kept session, or its CSRF token "
                                             + "not in the X-CSRF-Token header (or the csrf query argument) (csrf, sessionExpired)"),
                                     failure("411", "No Content-Length: an upload declares its length (lengthRequired)"),
                                     failure("413", "Over the upload limit (tooLarge, limitBytes) or more files than one upload may hold (tooManyFiles, limitFiles)"),
                                     failure("429", "This session has as many uploads waiting as it may (tooManyImports), or uploads arriving "
                                             + "from this address take what one address may spool at once (tooManyUploads, limitBytes); Retry-After"),
                                     failure("503", "The server has as many uploads waiting as it queues (importQueueFull), uploads arriving "
                                             + "take what it spools at once (uploadsBusy, limitBytes), or it is stopping (shuttingDown); Retry-After"),
                                     failure("507", "No room on the server's disk for the upload (diskFull, availableBytes; Retry-After), or it "
                                             + "could not be kept there")],
                         bodyLimit: configuration.uploadLimitBytes, spoolsBody: true, handle: ImportsAPI.create),
            APIOperation(method: "GET", path: "/imports/{id}",
                         summary: "An import of this session: state queued, running, done or failed; progress; the report once it ended "
                            + "(the first \(configuration.importReportListLimit) entries listed, counts of all); the error that stopped it "
                            + "(tooManyEntries, inflatesTooMuch, or a storage failure). Kept \(Int(configuration.importResultSeconds)) s after it ended",
                         responses: [ok("The import", job), failure("404", "No such import of this session (importNotFound)")],
                         pathIDIsImport: true, handle: ImportsAPI.get),
            APIOperation(method: "GET", path: "/totals",
                         summary: "The runs' totals per week, month or year, newest first, each with the change from the period before "
                            + "(as runlog totals --json)",
                         queryParameters: [text("by", "week, month (the default) or year"),
                                           integer("last", "how many periods up to the current one, at most 1000 (default: 12 weeks or months, every year since the first run)"),
                                           text("sport", "count only these sports, comma-separated (running, trailRunning, …)")],
                         responses: [ok("The periods"), failure("400", "A bad by, last or sport")], isCacheable: true, handle: TotalsAPI.totals),
            APIOperation(method: "GET", path: "/calendar",
                         summary: "A month as a calendar: a row per week with each day's runs and the week's totals, the month's totals "
                            + "(as runlog calendar --json)",
                         queryParameters: [text("month", "YYYY-MM (default: this month)")],
                         responses: [ok("The month"), failure("400", "A month that is not YYYY-MM")], isCacheable: true, handle: CalendarAPI.month),
            APIOperation(method: "GET", path: "/load",
                         summary: "Training load by day, newest first: each day's load (Banister's TRIMP), fitness (42 days), fatigue "
                            + "(7 days) and form, each run's TRIMP and whether it was estimated (as runlog load --json)",
                         queryParameters: [integer("days", "how many days up to today, at most 3660 (default 28)")],
                         responses: [ok("The days"), failure("400", "A bad days")], isCacheable: true, handle: LoadAPI.load),
            APIOperation(method: "GET", path: "/settings", summary: "The active profile's settings with their definitions",
                         responses: [ok("The settings")], handle: SettingsAPI.get),
            APIOperation(method: "PUT", path: "/settings",
                         summary: "Sets settings {\"key\": value}: all or none. A change of analysis settings is answered at once with 202 "
                            + "and the runs are recomputed in the background: GET /api/v1/settings/recompute (the Location) follows it",
                         requestBody: jsonBody, responses: [ok("The settings"), ("202", "The settings; the runs are being recomputed (Location)",
                                                                                   "application/json", object),
                                                            failure("422", "Refused values, a message per key")],
                         handle: SettingsAPI.put),
            APIOperation(method: "GET", path: "/settings/recompute",
                         summary: "The background recompute after analysis settings changed: state running (position, count) or idle; "
                            + "lockWaits (times a pass waited for another writer's lock); "
                            + "lastPass: recomputed (count) and failed (id, message), or error (code, message)",
                         responses: [ok("The recompute")], handle: SettingsAPI.recompute),
            APIOperation(method: "GET", path: "/profiles", summary: "The settings profiles and the active one",
                         responses: [ok("The profiles")], handle: SettingsAPI.profiles),
            APIOperation(method: "POST", path: "/profiles", summary: "Creates a profile {\"name\": …, \"copyFrom\": …}",
                         requestBody: jsonBody, responses: [("201", "Created", "application/json", object), failure("422", "A bad or taken name")],
                         handle: SettingsAPI.createProfile),
            APIOperation(method: "PUT", path: "/profiles/active", summary: "Makes a profile active {\"name\": …}",
                         requestBody: jsonBody, responses: [ok("The profiles"), ("202", "The profiles; the runs are being recomputed (Location)",
                                                                                   "application/json", object),
                                                            failure("422", "No such profile")], handle: SettingsAPI.useProfile),
            APIOperation(method: "GET", path: "/search", summary: "Runs a search set finds with words, a page at a time (as runlog search --json)",
                         queryParameters: [text("set", "the search set (default: the search.defaultSet setting)"),
                                           text("q", "words that must all occur in the name, notes or place"),
                                           integer("page", "1 for the newest runs found"), integer("pageSize", "runs per page (default: the list.pageSize setting)")],
                         responses: [ok("A page of the runs found, by month"), failure("400", "A bad page or page size"),
                                     failure("404", "No such search set (the message names those there are), or no such page")],
                         isCacheable: true, handle: SearchAPI.search),
            APIOperation(method: "GET", path: "/search-sets", summary: "The saved search sets and the default one",
                         responses: [ok("The sets")], isCacheable: true, handle: SearchAPI.sets),
            APIOperation(method: "PATCH", path: "/search-sets/{name}",
                         summary: "Renames a search set {\"name\": …}, and it in every settings profile whose search.defaultSet names it",
                         requestBody: jsonBody, responses: [ok("The sets, and what was renamed"), failure("404", "No such search set"),
                                                            failure("422", "A protected set, or a bad or taken name")],
                         handle: SearchSetsAPI.rename),
            APIOperation(method: "DELETE", path: "/search-sets/{name}", summary: "Deletes a search set that no settings profile uses as its default",
                         responses: [("204", "Deleted", nil, nil), failure("404", "No such search set"),
                                     failure("422", "A protected set, or one a profile uses as its default")],
                         handle: SearchSetsAPI.delete),
            APIOperation(method: "GET", path: "/live", summary: "The live recording's state now (state none without one)",
                         responses: [ok("The state, with the live page's texts under display")], handle: LiveAPI.current),
            APIOperation(method: "GET", path: "/live/events",
                         summary: "Server-Sent Events: each published state as event state (id: its sequence number), event stale "
                            + "when the recorder stops answering, a comment every 15 s; Last-Event-ID (or lastEventId) resumes",
                         queryParameters: [query("lastEventId", "resume after this sequence number, as the Last-Event-ID header does "
                                                 + "(for a client that opens a new stream itself)",
                                                 .object(["type": .string("integer"), "minimum": .integer(0)]))],
                         responses: [("200", "The event stream", "text/event-stream", .object(["type": .string("string")])),
                                     failure("429", "As many streams from this address are open as the server allows "
                                             + "(tooManyStreamsFromAddress; Retry-After)"),
                                     failure("503", "As many streams are open as the server allows (tooManyStreams; Retry-After)")],
                         handle: LiveAPI.events),
            APIOperation(method: "POST", path: "/live/commands",
                         summary: "Sends a command to the recorder {\"command\": pause|resume|lap|finish|discard} and waits up to 3 s "
                            + "for its answer; acknowledged by lastAppliedCommandId in the next state",
                         requestBody: (jsonBody.mediaType, .object(["type": .string("object"), "required": .array([.string("command")]),
                                       "properties": .object(["command": .object(["type": .string("string"),
                                           "enum": .array(LiveCommandKind.allCases.map { .string($0.rawValue) })])])])),
                         responses: [("200", "Applied by the recorder (outcome ok)", "application/json", object),
                                     ("202", "Queued, not answered within 3 s; its id", "application/json", object),
                                     failure("409", "No recording runs, its recorder does not answer, or it refused the command: "
                                             + "recordingEnded, alreadyPaused, notPaused or lapNotRunning, with the command and the state"),
                                     failure("422", "An unknown command")],
                         handle: LiveAPI.command),
            APIOperation(method: "GET", path: "/openapi.json", summary: "This document (OpenAPI 3.1)",
                         responses: [ok("The document")], handle: { context in
                             APIResponses.json(OpenAPIDocument.document(operations(configuration: context.configuration)))
                         }),
        ]
    }

    static func register(in router: inout Router<WebRoute>, configuration: WebConfiguration) {
        for operation in operations(configuration: configuration) {
            router.add(operation.method, operation.fullPath,
                       WebRoute(.api, cacheable: operation.isCacheable, bodyLimit: operation.bodyLimit,
                                showsLiveState: operation.showsLiveState, spoolsBody: operation.spoolsBody, operation.handle))
        }
    }
}
