import RunCore
import RunHTTP
import RunUI

/// JSON responses of the API: `application/json`, keys sorted, SI units with the unit in the key,
/// times in ISO 8601 UTC; errors as `{"error": {"code": …, "message": …, data…}}` with their status.
enum APIResponses {
    static func json(_ value: JSONValue, status: Int = 200) -> HTTPResponse {
        HTTPResponse(status: status, contentType: "application/json; charset=utf-8", text: value.text(pretty: false))
    }

    /// A section's `values` with its rows' values under `rows` (the totals, the calendar).
    static func section(_ section: any ListSection) -> HTTPResponse {
        var object = section.values
        object["rows"] = .array(section.rows.map { .object($0.values) })
        return json(.object(object))
    }

    /// `{"error": {"code": …, "message": …}}`, with the error's data beside them (`file`, `line`,
    /// `offsetBytes`, `sets` …: stable keys, SI units with the unit in the key).
    static func error(_ error: WebError) -> HTTPResponse {
        let members = error.data.merging(["code": .string(error.code), "message": .string(error.message)]) { $1 }
        return json(.object(["error": .object(members)]), status: error.status)
    }
}
