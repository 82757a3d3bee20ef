import RunCore
import RunUI

/// The API's OpenAPI 3.1 document (https://spec.openapis.org/oas/v3.1.0), made from the same
/// operation table the router is built from.
enum OpenAPIDocument {
    static func document(_ operations: [APIOperation]) -> JSONValue {
        var paths: [String: [String: JSONValue]] = [:]
        for operation in operations {
            var parameters = operation.queryParameters
            if operation.path.contains("{id}") {
                let (description, schema): (String, JSONValue) = operation.pathIDIsImport
                    ? ("the import's id (the Location of POST /api/v1/imports)",
                       .object(["type": .string("string"), "pattern": .string("^[0-9a-f]{64}$")]))
                    : ("the run's number", .object(["type": .string("integer"), "minimum": .integer(1)]))
                parameters.insert(.object(["name": .string("id"), "in": .string("path"), "required": .bool(true),
                                           "description": .string(description), "schema": schema]), at: 0)
            }
            var responses: [String: JSONValue] = [:]
            for response in operation.responses {
                var object: [String: JSONValue] = ["description": .string(response.description)]
                if let mediaType = response.mediaType {
                    object["content"] = .object([mediaType: .object(["schema": response.schema ?? .object([:])])])
                }
                responses[response.status] = .object(object)
            }
            responses["403"] = .object(["description": .string("No session or not its CSRF token (unsafe methods; code csrf), or a Host other than localhost (code host)"),
                                        "content": .object(["application/json": .object(["schema": errorReference])])])
            var object: [String: JSONValue] = [
                "summary": .string(operation.summary),
                "operationId": .string(operationID(operation)),
                "responses": .object(responses),
            ]
            if !parameters.isEmpty { object["parameters"] = .array(parameters) }
            if let body = operation.requestBody {
                object["requestBody"] = .object(["required": .bool(true), "content": .object([body.mediaType: .object(["schema": body.schema])])])
            }
            if CSRFGuard.isUnsafe(operation.method) {
                object["security"] = .array([.object(["csrfHeader": .array([]), "sessionCookie": .array([])])])
            }
            paths[operation.fullPath, default: [:]][operation.method.lowercased()] = .object(object)
        }
        return .object([
            "openapi": .string("3.1.0"),
            "info": .object(["title": .string("runlog API"), "version": .string("1"),
                             "description": .string("runlog's local JSON API. SI units with the unit in the key, times in ISO 8601 UTC, "
                                                    + "stable keys. Errors are {\"error\": {\"code\", \"message\"}}. PUT, PATCH, POST and "
                                                    + "DELETE need the runlog_session cookie and that session's token in the X-CSRF-Token header, both from "
                                                    + "GET /api/v1/session; a token is refused in any other session.")]),
            "paths": .object(paths.mapValues { .object($0) }),
            "components": .object([
                "schemas": .object(["Error": .object([
                    "type": .string("object"), "required": .array([.string("error")]),
                    "properties": .object(["error": .object([
                        "type": .string("object"), "required": .array([.string("code"), .string("message")]),
                        "properties": .object(["code": .object(["type": .string("string")]), "message": .object(["type": .string("string")])]),
                    ])]),
                ]), "ImportJob": importJobSchema]),
                "securitySchemes": .object([
                    "csrfHeader": .object(["type": .string("apiKey"), "in": .string("header"), "name": .string("X-CSRF-Token")]),
                    "sessionCookie": .object(["type": .string("apiKey"), "in": .string("cookie"), "name": .string(Session.cookieName)]),
                ]),
            ]),
        ])
    }

    private static let errorReference: JSONValue = .object(["$ref": .string("#/components/schemas/Error")])

    /// An import job (``ImportJobView/json(_:)``).
    private static let importJobSchema: JSONValue = {
        let string: JSONValue = .object(["type": .string("string")])
        let time: JSONValue = .object(["type": .array([.string("string"), .string("null")]), "format": .string("date-time")])
        let count: JSONValue = .object(["type": .string("integer"), "minimum": .integer(0)])
        let object: JSONValue = .object(["type": .string("object")])
        let keys = ["id", "state", "createdAt", "startedAt", "finishedAt", "fileCount", "queueAhead", "progress", "report", "error", "display"]
        return .object([
            "type": .string("object"), "required": .array(keys.map { .string($0) }),
            "properties": .object([
                "id": string,
                "state": .object(["type": .string("string"), "enum": .array(["queued", "running", "done", "failed"].map { .string($0) })]),
                "createdAt": time, "startedAt": time, "finishedAt": time,
                "fileCount": count,
                "queueAhead": .object(["type": .array([.string("integer"), .string("null")]), "description": .string("imports before this one, while it waits")]),
                "progress": .object(["type": .string("object"), "properties": .object([
                    "file": count, "imported": count, "routes": count, "duplicates": count, "failed": count])]),
                "report": .object(["type": .array([.string("object"), .string("null")]), "description": .string(
                    "once ended: imported, duplicates, failed, skipped (the entries listed), counts (of all), unlistedEntryCount, "
                    + "unlistedSkippedCount, completedFromExport, recomputedAfterSettingsChange, recomputeFailed")]),
                "error": .object(["type": .array([.string("object"), .string("null")]), "description": .string(
                    "why a failed import stopped: code (tooManyEntries, inflatesTooMuch, a storage failure …), message, data")]),
                "display": object,
            ]),
        ])
    }()

    /// `getRuns`, `patchRunsId`, `getRunsIdTrack`…
    private static func operationID(_ operation: APIOperation) -> String {
        let words = operation.path.split(whereSeparator: { $0 == "/" || $0 == "." || $0 == "{" || $0 == "}" }).map { word in
            word.prefix(1).uppercased() + word.dropFirst()
        }
        return operation.method.lowercased() + words.joined()
    }
}
