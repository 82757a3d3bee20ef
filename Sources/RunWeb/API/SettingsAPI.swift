import Foundation
import RunApp
import RunCore
import RunHTTP
import RunStore
import RunUI

/// The API's settings and profile operations.
enum SettingsAPI {
    /// `GET /api/v1/settings`: the active profile's settings with their definitions.
    static func get(_ context: RequestContext) throws -> HTTPResponse {
        APIResponses.json(settingsJSON(context.reading))
    }

    /// `PUT /api/v1/settings` with `{"key": value, …}` (JSON numbers, booleans or strings, or the
    /// texts the CLI takes): all stored, or none (422 with a message per refused key). A change of
    /// the analysis settings answers 202 at once, `Location: /api/v1/settings/recompute`, and the
    /// runs are recomputed in the background (``RecomputeWorker``).
    static func put(_ context: RequestContext) throws -> HTTPResponse {
        let texts = try APIRequestBody.SettingsChange(json: try APIRequestBody.json(context.request)).texts
        let submission = try SettingsSubmission.save(texts, to: context.workspace.settings, library: context.library,
                                                     queueRecompute: context.recompute.queue)
        guard submission.isSaved else {
            var said = Set<String>()   // a rule's message stands at each of its keys: once in the summary
            let message = submission.messages.sorted { $0.key < $1.key }.map(\.value).filter { said.insert($0).inserted }
                .joined(separator: "; ")
            return APIResponses.json(.object(["error": .object([
                "code": .string("invalidSetting"), "message": .string(message),
                "fields": .object(submission.messages.mapValues { .string($0) }),
            ])]), status: 422)
        }
        guard case .object(var object) = settingsJSON(try context.workspace.reading()) else { return APIResponses.json(.null) }
        object["changed"] = .array(submission.changedKeys.map { .string($0) })
        return answer(object, reanalysis: submission.reanalysis)
    }

    /// `GET /api/v1/settings/recompute`: the background recompute (``RecomputeWorker/status``).
    static func recompute(_ context: RequestContext) throws -> HTTPResponse {
        APIResponses.json(context.recompute.status)
    }

    /// The answer to a change: 202 with the recompute's `Location` and `recompute` when the runs
    /// are being recomputed, else 200.
    private static func answer(_ object: [String: JSONValue], reanalysis: Reanalysis) -> HTTPResponse {
        guard reanalysis.isQueued else { return APIResponses.json(.object(object)) }
        var object = object
        object["recompute"] = .object(["location": .string(recomputeLocation), "state": .string("running")])
        var response = APIResponses.json(.object(object), status: 202)
        response.add("Location", recomputeLocation)
        return response
    }

    static let recomputeLocation = "/api/v1/settings/recompute"

    /// `GET /api/v1/profiles`.
    static func profiles(_ context: RequestContext) throws -> HTTPResponse {
        let store = context.workspace.settings
        return APIResponses.json(.object(["active": .string(try store.activeProfile()),
                                          "profiles": .array(try store.profiles().map { .string($0) })]))
    }

    /// `POST /api/v1/profiles` with `{"name": …, "copyFrom": …}` (copyFrom optional: all defaults without it).
    static func createProfile(_ context: RequestContext) throws -> HTTPResponse {
        let body = try APIRequestBody.NewProfile(json: try APIRequestBody.json(context.request))
        try context.workspace.settings.createProfile(body.name, copying: body.copyFrom)
        var response = try profiles(context)
        response.status = 201
        return response
    }

    /// `PUT /api/v1/profiles/active` with `{"name": …}`: as ``put(_:)``, 202 when the runs are
    /// recomputed because the analysis settings differ.
    static func useProfile(_ context: RequestContext) throws -> HTTPResponse {
        let name = try APIRequestBody.Name(json: try APIRequestBody.json(context.request), missing: "give the profile's name").name
        let store = context.workspace.settings
        let reanalysis = try SettingsChanges(settings: store, library: context.library, queueRecompute: context.recompute.queue).useProfile(name)
        return answer(["active": .string(try store.activeProfile()), "profiles": .array(try store.profiles().map { .string($0) })],
                      reanalysis: reanalysis)
    }

    static func settingsJSON(_ reading: SettingsReading) -> JSONValue {
        .object(["profile": .string(reading.snapshot.profile), "notes": .array(reading.notes.map { .string($0) }),
                 "settings": .array(reading.items.map(SettingsJSON.describe))])
    }
}
