import RunApp
import RunCore
import RunHTTP
import RunStore
import RunUI

/// `GET /import` — the upload form; `POST /import` — takes activity files and archives
/// (`multipart/form-data`, field `files`), queues their import and sends the browser to the
/// import's page; `GET /imports/{id}` — the import waiting, under way (file by file, with the runs
/// stored so far), or done with the same report as `runlog import` (its first
/// ``WebConfiguration/importReportListLimit`` entries listed, the rest counted), or stopped with why.
///
/// While the import is not done the page's script (`/static/import.js`, no inline script) asks
/// `GET /api/v1/imports/{id}` twice a second, shows its status line and loads the page again when
/// it ended; without scripts the page reloads itself every 2 s (`<noscript>` refresh).
enum ImportPage {
    static func form(_ context: RequestContext) throws -> HTTPResponse {
        page(context, job: nil)
    }

    static func upload(_ context: RequestContext) throws -> HTTPResponse {
        .seeOther("/imports/\(try Upload.enqueue(context).id)")
    }

    static func job(_ context: RequestContext) throws -> HTTPResponse {
        page(context, job: ImportJobView(job: try Upload.job(context), queue: context.imports))
    }

    private static func page(_ context: RequestContext, job view: ImportJobView?) -> HTTPResponse {
        let strings = context.strings
        var body: HTML = "<h1>\(strings.importTitle)</h1>"
        var extraHead = HTML.empty
        if let view {
            let snapshot = view.snapshot
            if !snapshot.isFinished {
                extraHead = "<script src=\"/static/import.js\" defer></script>\n<noscript><meta http-equiv=\"refresh\" content=\"2\"></noscript>\n"
            }
            // The status line while it is under way (the report says the rest once it ended).
            let status: HTML = snapshot.isFinished ? .empty
                : "<p id=\"import-status\" class=\"notice\" role=\"status\" aria-live=\"polite\">\(view.status(context.formatter))</p>"
            body += """
            <div id="import-job" data-job-url="/api/v1/imports/\(view.job.id)" data-state="\(snapshot.phase.rawValue)">\(status)</div>
            """
            if let reason = view.stoppedReason(context.language) {
                body += "<p class=\"notice error\" role=\"alert\">\(strings.importStopped) \(reason)</p>"
            }
            if let report = snapshot.report {
                body += "<ul class=\"report\">"
                for line in report.lines(formatter: context.formatter, probableDuplicateHint: strings.allowDuplicatesHint) {
                    body += "<li class=\"\(className(line.kind))\">\(line.text)</li>"
                }
                for line in ImportReport.lines(for: snapshot.completion ?? ImportCompletion(), formatter: context.formatter) {
                    body += "<li class=\"\(className(line.kind))\">\(line.text)</li>"
                }
                body += "</ul>"
                for case .imported(_, let run) in report.entries {
                    body += "<p><a href=\"/runs/\(run.id)\">\(run.name)</a></p>"
                }
            }
            guard snapshot.isFinished else { return document(context, body: body, extraHead: extraHead) }
            body += "<h2>\(strings.importAgain)</h2>"
        }
        let limits = context.configuration.uploadLimits
        body += """
        <form method="post" action="/import?csrf=\(context.csrfToken)" enctype="multipart/form-data">\(PageLayout.csrfField(context.csrfToken))
        <p>\(strings.importHelp) \(strings.importLimit(ByteSize.text(context.configuration.uploadLimitBytes, formatter: context.formatter))) \
        \(strings.importCaps(context.formatter.integer(limits.maximumFiles), context.formatter.integer(limits.maximumEntries),
                             ByteSize.text(limits.maximumInflatedBytes, formatter: context.formatter)))</p>
        <p><label for="files" class="visually-hidden">GPX, FIT, TCX, zip</label><input id="files" name="files" type="file" accept=".gpx,.fit,.tcx,.gz,.bz2,.xz,.zip,application/gpx+xml,application/zip" multiple required></p>
        <p><label class="switch"><input type="checkbox" name="allowDuplicates" value="true"> \(strings.allowDuplicates)</label></p>
        <div class="actions"><button type="submit">\(strings.importButton)</button></div>
        </form>
        """
        return document(context, body: body, extraHead: extraHead)
    }

    private static func document(_ context: RequestContext, body: HTML, extraHead: HTML) -> HTTPResponse {
        let strings = context.strings
        return PageLayout.response(PageLayout.document(title: strings.importTitle, current: .importRuns, strings: strings,
                                                       language: context.language, csrfToken: context.csrfToken,
                                                       extraHead: extraHead, body: body))
    }

    private static func className(_ kind: ImportReport.Line.Kind) -> String {
        switch kind {
        case .imported: return "imported"
        case .skipped: return "skipped"
        case .failed: return "failed"
        case .note: return "note"
        case .totals: return "totals"
        case .reason: return "reason"
        case .warning: return "warning"
        case .hint: return "hint"
        }
    }
}
