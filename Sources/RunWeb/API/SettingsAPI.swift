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
    /// texts the CLI takes): all stored, or none (422 with a message per refused key).
    static func put(_ context: RequestContext) throws -> HTTPResponse {
        let texts = try APIRequestBody.SettingsChange(json: try APIRequestBody.json(context.request)).texts
        let submission = try SettingsSubmission.save(texts, to: context.workspace.settings, library: context.library)
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
        object["reanalyzed"] = .array(submission.reanalysis.done.map { .integer($0) })
        object["reanalysisFailed"] = failures(submission.reanalysis)
        object["settingsChangedMeanwhile"] = .bool(submission.reanalysis.settingsChangedMeanwhile)
        return APIResponses.json(.object(object))
    }

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

    /// `PUT /api/v1/profiles/active` with `{"name": …}`: recomputes runs when the analysis settings differ.
    static func useProfile(_ context: RequestContext) throws -> HTTPResponse {
        let name = try APIRequestBody.Name(json: try APIRequestBody.json(context.request), missing: "give the profile's name").name
        let store = context.workspace.settings
        let reanalysis = try SettingsChanges(settings: store, library: context.library).useProfile(name)
        return APIResponses.json(.object(["active": .string(try store.activeProfile()),
                                          "profiles": .array(try store.profiles().map { .string($0) }),
                                          "reanalyzed": .array(reanalysis.done.map { .integer($0) }),
                                          "reanalysisFailed": failures(reanalysis),
                                          "settingsChangedMeanwhile": .bool(reanalysis.settingsChangedMeanwhile)]))
    }

    /// Runs a settings change could not recompute (they keep the earlier numbers), with why.
    private static func failures(_ reanalysis: Reanalysis) -> JSONValue {
        .array(reanalysis.failed.map { .object(["id": .integer($0.id), "message": .string($0.message)]) })
    }

    static func settingsJSON(_ reading: SettingsReading) -> JSONValue {
        .object(["profile": .string(reading.snapshot.profile), "notes": .array(reading.notes.map { .string($0) }),
                 "settings": .array(reading.items.map(SettingsJSON.describe))])
    }
}
