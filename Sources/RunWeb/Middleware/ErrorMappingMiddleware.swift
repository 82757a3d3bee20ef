import Foundation
import RunCore
import RunFormats
import RunHTTP
import RunStore
import RunUI

/// Turns what the rest of the chain throws into a response: JSON (`{"error": {"code", "message"}}`)
/// for the API (a route of kind `.api`, or a path under `/api/` that matched none), an error page
/// in the interface language for the rest. The error's status and stable code come from
/// ``webError(_:)``.
struct ErrorMappingMiddleware: Middleware {
    let pool: StorePool

    func respond(to context: inout RequestContext, next: Responder) throws -> HTTPResponse {
        do {
            return try next(&context)
        } catch {
            return response(for: Self.webError(error), context: context)
        }
    }

    func response(for error: WebError, context: RequestContext) -> HTTPResponse {
        let isAPI = context.route.map { $0.kind == .api } ?? context.request.path.hasPrefix("/api/")
        var response: HTTPResponse
        if isAPI {
            response = APIResponses.error(error)
        } else {
            let formatter = context.formatting?.formatter
                ?? (try? pool.withWorkspace { RequestContext.formatting(try $0.reading().snapshot).0 }) ?? DisplayFormatter()
            response = ErrorPage.response(error, formatter: formatter, csrfToken: context.csrfToken, tooLargeLimit: error.limitBytes)
        }
        for header in error.headers { response.add(header.name, header.value) }
        return response
    }

    /// The status and stable code of an error thrown below the web layer.
    static func webError(_ error: any Error) -> WebError {
        switch error {
        case let error as WebError: return error
        case let error as StoreError where error.code == .runNotFound: return WebError(404, error.code.rawValue, error.message)
        case let error as StoreError where error.code == .noRecording: return WebError(409, error.code.rawValue, error.message)
        case let error as SearchError where error.code == .unknownSet: return WebError(404, error.code.rawValue, error.message)
        case let error as SearchError: return WebError(422, error.code.rawValue, error.message)
        case let error as StoreError where [.invalidSetting, .invalidEdit, .unknownSetting, .unknownProfile].contains(error.code):
            return WebError(422, error.code.rawValue, error.message)
        case let error as StoreError: return WebError(500, error.code.rawValue, error.message)
        case let error as FormError: return WebError(400, "badForm", error.message)
        case let error as ReadError: return WebError(422, error.code.rawValue, error.message)
        case let error as any StorageFailure where error.isBusy:
            return WebError(503, "busy", "the library is busy (another runlog is writing to it); try again")
        default: return WebError(500, "internal", "\(error)")
        }
    }
}
