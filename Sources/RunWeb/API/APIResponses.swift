import RunCore
import RunHTTP
import RunUI

/// JSON responses of the API: `application/json`, keys sorted, SI units with the unit in the key,
/// times in ISO 8601 UTC; errors as `{"error": {"code": …, "message": …}}` with their status.
enum APIResponses {
    static func json(_ value: JSONValue, status: Int = 200) -> HTTPResponse {
        HTTPResponse(status: status, contentType: "application/json; charset=utf-8", text: value.text(pretty: false))
    }

    static func error(_ error: WebError) -> HTTPResponse {
        json(.object(["error": .object(["code": .string(error.code), "message": .string(error.message)])]), status: error.status)
    }
}
