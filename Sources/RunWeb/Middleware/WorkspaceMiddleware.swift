import Foundation
import RunHTTP
import RunStore
import RunUI

/// Checks a workspace out of the ``StorePool`` for the rest of the request (after noting changes
/// other processes made), reads the active profile's settings, the formatting they ask for, the
/// tile server's origin, and the live recording for routes that show it.
struct WorkspaceMiddleware: Middleware {
    let pool: StorePool

    func respond(to context: inout RequestContext, next: Responder) throws -> HTTPResponse {
        try pool.withWorkspace { workspace in
            let reading = try workspace.reading()
            let (formatter, calendar) = RequestContext.formatting(reading.snapshot)
            let live = context.route?.showsLiveState == true
                ? LivePresentation(state: try workspace.shared.live().current(), now: Date().timeIntervalSince1970) : nil
            context.scope = RequestContext.StoreScope(workspace: workspace, reading: reading, live: live)
            context.formatting = RequestContext.Formatting(formatter: formatter, calendar: calendar)
            context.tileOrigin = context.tileServer?.origin
            // The workspace goes back to the pool when this returns: nothing outside may use it.
            defer { context.scope = nil }
            return try next(&context)
        }
    }
}
