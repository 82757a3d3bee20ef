import RunApp
import RunCore
import RunHTTP
import RunStore
import RunUI

/// `GET /runs/{id}/delete` asks; `POST /runs/{id}/delete` deletes and returns to the runs.
enum DeletePage {
    static func confirmation(_ context: RequestContext) throws -> HTTPResponse {
        let run = try context.library.run(id: try context.runID())
        let strings = context.strings
        let body: HTML = """
        <h1>\(strings.deleteQuestion(run.name))</h1>
        <p>\(strings.deleteExplanation)</p>
        <form method="post" action="/runs/\(run.id)/delete">\(PageLayout.csrfField(context.csrfToken))
        <div class="actions"><button type="submit" class="danger">\(strings.delete)</button>
        <a class="button secondary" href="/runs/\(run.id)">\(strings.cancel)</a></div></form>
        """
        return PageLayout.response(PageLayout.document(title: strings.deleteQuestion(run.name), current: .runs, strings: strings,
                                                       language: context.language, csrfToken: context.csrfToken, body: body))
    }

    static func delete(_ context: RequestContext) throws -> HTTPResponse {
        try Runs(library: context.library, preferences: AnalysisPreferences(settings: context.settings)).delete(id: try context.runID())
        return .seeOther("/")
    }
}
