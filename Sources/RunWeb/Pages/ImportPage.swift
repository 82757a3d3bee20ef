import RunApp
import RunCore
import RunHTTP
import RunStore
import RunUI

/// `GET /import` — the upload form; `POST /import` — imports activity files and archives
/// (`multipart/form-data`, field `files`) and shows the same report as `runlog import`.
enum ImportPage {
    static func form(_ context: RequestContext) throws -> HTTPResponse {
        page(context, report: nil)
    }

    static func upload(_ context: RequestContext) throws -> HTTPResponse {
        let upload = try Upload.importFiles(context)
        return page(context, report: upload.report, completion: upload.completion)
    }

    private static func page(_ context: RequestContext, report: ImportReport?, completion: ImportCompletion = ImportCompletion()) -> HTTPResponse {
        let strings = context.strings
        var body: HTML = "<h1>\(strings.importTitle)</h1>"
        if let report {
            body += "<ul class=\"report\" role=\"status\">"
            for line in report.lines(formatter: context.formatter, probableDuplicateHint: strings.allowDuplicatesHint) {
                body += "<li class=\"\(className(line.kind))\">\(line.text)</li>"
            }
            for line in ImportReport.lines(for: completion, formatter: context.formatter) {
                body += "<li class=\"\(className(line.kind))\">\(line.text)</li>"
            }
            body += "</ul>"
            for case .imported(_, let run) in report.entries {
                body += "<p><a href=\"/runs/\(run.id)\">\(run.name)</a></p>"
            }
            body += "<h2>\(strings.importAgain)</h2>"
        }
        body += """
        <form method="post" action="/import" enctype="multipart/form-data">\(PageLayout.csrfField(context.csrfToken))
        <p>\(strings.importHelp) \(strings.importLimit(ByteSize.text(context.configuration.uploadLimitBytes, formatter: context.formatter)))</p>
        <p><label for="files" class="visually-hidden">GPX, FIT, TCX, zip</label><input id="files" name="files" type="file" accept=".gpx,.fit,.tcx,.gz,.bz2,.xz,.zip,application/gpx+xml,application/zip" multiple required></p>
        <p><label class="switch"><input type="checkbox" name="allowDuplicates" value="true"> \(strings.allowDuplicates)</label></p>
        <div class="actions"><button type="submit">\(strings.importButton)</button></div>
        </form>
        """
        return PageLayout.response(PageLayout.document(title: strings.importTitle, current: .importRuns, strings: strings,
                                                       language: context.language, csrfToken: context.csrfToken, body: body))
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
