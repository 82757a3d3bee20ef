import RunCore
import RunHTTP
import RunUI

/// One operation of the JSON API: its route, its handler and its OpenAPI description, declared
/// together so the document cannot drift from what the server answers.
struct APIOperation: Sendable {
    var method: String
    /// Under `/api/v1`, with `{id}` parameters.
    var path: String
    var summary: String
    /// OpenAPI parameter objects (query parameters; `{id}` is added from the path).
    var queryParameters: [JSONValue] = []
    /// The request body's media type and schema, if any.
    var requestBody: (mediaType: String, schema: JSONValue)?
    /// Status → (description, media type, schema).
    var responses: [(status: String, description: String, mediaType: String?, schema: JSONValue?)]
    var isCacheable = false
    var bodyLimit: Int?
    /// Whether its body is spooled to a file as it arrives (``WebRoute/spoolsBody``).
    var spoolsBody = false
    /// The `{id}` in the path: a run's number, or an import's id (32 hexadecimal digits).
    var pathIDIsImport = false
    /// Whether it shows the live recording (``WebRoute/showsLiveState``).
    var showsLiveState = false
    var handle: @Sendable (RequestContext) throws -> HTTPResponse

    var fullPath: String { "/api/v1" + path }
}
