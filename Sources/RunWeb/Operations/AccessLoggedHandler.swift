import Foundation
package import RunHTTP

/// A handler whose every answer also goes to standard error as an ``AccessLog`` line (without a
/// user: `runlog serve --access-log on` on one library; server mode logs by itself, with the user).
package struct AccessLoggedHandler: HTTPHandler {
    let inner: any HTTPHandler

    package init(_ inner: any HTTPHandler) { self.inner = inner }

    package func bodyLimit(for head: HTTPRequest) -> Int { inner.bodyLimit(for: head) }

    package func spoolDirectory(for head: HTTPRequest) -> String? { inner.spoolDirectory(for: head) }

    package func admitBody(of head: HTTPRequest, declaredLength: Int?) -> BodyAdmission {
        let started = ProcessInfo.processInfo.systemUptime
        let admission = inner.admitBody(of: head, declaredLength: declaredLength)
        if case .refuse(let response) = admission { Self.log(head, response, since: started) }
        return admission
    }

    package func respond(to request: HTTPRequest) -> HTTPResponse {
        let started = ProcessInfo.processInfo.systemUptime
        let response = inner.respond(to: request)
        Self.log(request, response, since: started)
        return response
    }

    package func respondPayloadTooLarge(to head: HTTPRequest, limit: Int) -> HTTPResponse {
        let started = ProcessInfo.processInfo.systemUptime
        let response = inner.respondPayloadTooLarge(to: head, limit: limit)
        Self.log(head, response, since: started)
        return response
    }

    private static func log(_ request: HTTPRequest, _ response: HTTPResponse, since started: Double) {
        AccessLog.write(AccessLog.line(request, response, durationSeconds: ProcessInfo.processInfo.systemUptime - started, userID: nil))
    }
}
