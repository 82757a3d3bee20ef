import Foundation
import RunHTTP

/// A request's JSON body as an object.
enum JSONRequest {
    /// - Throws: ``WebError`` 400 when the body is not a JSON object, or 415 when it is not `application/json`.
    static func object(_ request: HTTPRequest) throws -> [String: Any] {
        guard request.mediaType == "application/json" else {
            throw WebError(415, "unsupportedMediaType", "the body must be application/json")
        }
        guard let object = (try? JSONSerialization.jsonObject(with: Data(request.body))) as? [String: Any] else {
            throw WebError.badRequest("the body is not a JSON object")
        }
        return object
    }
}
