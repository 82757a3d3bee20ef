import Foundation
import RunCore
import RunFormats
import RunHTTP
import RunStore
import RunUI

/// Turns what the rest of the chain throws into a response: JSON (`{"error": {"code", "message"}}`)
/// for the API (a route of kind `.api`, or a path under `/api/` that matched none), an error page
/// in the interface language for the rest. The error's status, stable code and sentences come from
/// ``WebError/init(from:language:)``.
struct ErrorMappingMiddleware: Middleware {
    let pool: StorePool

    func respond(to context: inout RequestContext, next: Responder) throws -> HTTPResponse {
        do {
            return try next(&context)
        } catch {
            return response(for: error, context: context)
        }
    }

    /// The response for `error`: the API's JSON (English sentence, code and data), or the error
    /// page with the sentence in the interface language.
    func response(for error: any Error, context: RequestContext) -> HTTPResponse {
        let isAPI = context.route.map { $0.kind == .api } ?? context.request.path.hasPrefix("/api/")
        var response: HTTPResponse
        let webError: WebError
        if isAPI {
            webError = Self.webError(error)
            response = APIResponses.error(webError)
        } else {
            let formatter = context.formatting?.formatter
                ?? (try? pool.withWorkspace { RequestContext.formatting(try $0.reading().snapshot).0 }) ?? DisplayFormatter()
            webError = WebError(from: error, language: formatter.language)
            // A refusal makes no session: the page carries the request's own session's token, if it has one.
            response = ErrorPage.response(webError, formatter: formatter, csrfToken: context.session.session?.csrfToken ?? "",
                                          tooLargeLimit: webError.limitBytes)
        }
        for header in webError.headers { response.add(header.name, header.value) }
        // What went wrong on the server is the operator's to read, in full (the engine's words, the
        // statement); the client gets the code and the sentence only.
        if webError.status >= 500 { Self.log("\(context.request.method) \(context.request.path): \(webError.code): \(error)") }
        return response
    }

    /// One line on standard error, printable whatever the error holds.
    static func log(_ line: String) {
        let text = "runlog serve: " + line.map { $0.isNewline ? " " : String($0) }.joined() + "\n"
        FileHandle.standardError.write(Data(text.utf8))
    }

    /// The status, stable code, English message and data of an error thrown below the web layer
    /// (``WebError/init(from:language:)``).
    static func webError(_ error: any Error) -> WebError { WebError(from: error, language: .english) }
}
