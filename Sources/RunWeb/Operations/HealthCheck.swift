import RunCore
import RunHTTP
import RunStore

/// `GET /healthz`, for load balancers and monitors, answered without a login: 200
/// `{"status": "ok", "schemaVersion": N}` when the database answers and its schema is the one
/// this program knows; else 503 `{"status": "unavailable", "error": {"code", "message", …}}` with
/// the code `databaseUnavailable` (it cannot be reached or refused the query: the reason goes
/// to standard error, never to the client) or `schemaNotCurrent` (`schemaVersion`,
/// `expectedSchemaVersion`: another program's version migrated it), and `Retry-After`.
enum HealthCheck {
    static let path = "/healthz"

    static func response(to request: HTTPRequest, accounts: AccountStorePool) throws -> HTTPResponse {
        guard request.isRead else { throw WebError(405, "methodNotAllowed", "\(path) takes GET", headers: [("Allow", "GET, HEAD")]) }
        let versions: (found: Int, expected: Int)
        do {
            versions = try accounts.withStore { try $0.schemaVersions() }
        } catch let error as StorageOpenError where error.code == .newerSchema {
            return unavailable("schemaNotCurrent", "the database's schema is newer than this program's",
                               ["schemaVersion": (error.schemaVersion ?? 0), "expectedSchemaVersion": (error.supportedSchemaVersion ?? 0)])
        } catch {
            ErrorMappingMiddleware.log("GET \(path): the database did not answer: \(error)")
            return unavailable("databaseUnavailable", "the database cannot be reached or did not answer", [:])
        }
        guard versions.found == versions.expected else {
            return unavailable("schemaNotCurrent", "the database's schema is version \(versions.found), this program's \(versions.expected)",
                               ["schemaVersion": versions.found, "expectedSchemaVersion": versions.expected])
        }
        return APIResponses.json(.object(["status": .string("ok"), "schemaVersion": .integer(Int64(versions.found))]))
    }

    private static func unavailable(_ code: String, _ message: String, _ data: [String: Int]) -> HTTPResponse {
        var error: [String: JSONValue] = ["code": .string(code), "message": .string(message)]
        for (key, value) in data { error[key] = .integer(Int64(value)) }
        return APIResponses.json(.object(["status": .string("unavailable"), "error": .object(error)]), status: 503)
    }
}
