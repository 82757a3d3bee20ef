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
                parameters.insert(.object(["name": .string("id"), "in": .string("path"), "required": .bool(true),
                                           "description": .string("the run's number"),
                                           "schema": .object(["type": .string("integer"), "minimum": .integer(1)])]), at: 0)
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
                ])]),
                "securitySchemes": .object([
                    "csrfHeader": .object(["type": .string("apiKey"), "in": .string("header"), "name": .string("X-CSRF-Token")]),
                    "sessionCookie": .object(["type": .string("apiKey"), "in": .string("cookie"), "name": .string(Session.cookieName)]),
                ]),
            ]),
        ])
    }

    private static let errorReference: JSONValue = .object(["$ref": .string("#/components/schemas/Error")])

    /// `getRuns`, `patchRunsId`, `getRunsIdTrack`…
    private static func operationID(_ operation: APIOperation) -> String {
        let words = operation.path.split(whereSeparator: { $0 == "/" || $0 == "." || $0 == "{" || $0 == "}" }).map { word in
            word.prefix(1).uppercased() + word.dropFirst()
        }
        return operation.method.lowercased() + words.joined()
    }
}
