import Foundation
package import RunCore
import RunHTTP
package import RunStore

/// The JSON bodies the API takes, one type per body, each decoded from the request's bytes and
/// refusing what it cannot use with a ``WebError`` (400 for a body that is not the object the
/// operation takes, 415 for one that is not `application/json`). The handlers read their bodies
/// through these and nothing else, so the fuzz target `FuzzAPIJSON` (Fuzz/) tries hostile bytes
/// on the code that reads them. What the values mean (a sport, a setting's value, a name) is
/// checked where the change is made, as for the CLI and the pages.
package enum APIRequestBody {
    /// `PATCH /api/v1/runs/{id}`: `{"name": …, "notes": …, "sport": …}` (some of them; `sport` a
    /// sport's name, `"auto"`, or null for the file's or the inferred sport).
    package struct RunUpdate: Equatable {
        package var edit: RunEdit

        /// - Throws: ``WebError`` 400; ``RunStore/LibraryError`` `.invalidEdit` for a word that is no sport.
        package init(json body: [UInt8]) throws {
            let object = try JSONRequest.object(body: body)
            let name = object["name"], notes = object["notes"], sport = object["sport"]
            guard name != nil || notes != nil || sport != nil else { throw WebError.badRequest("give name, notes, sport or some of them") }
            guard name == nil || name is String, notes == nil || notes is String else { throw WebError.badRequest("name and notes are strings") }
            edit = RunEdit(name: name as? String, notes: notes as? String)
            switch sport {
            case nil: break
            case is NSNull: edit.sport = .inferred
            case let text as String: edit.sport = try RunEdit.sportChange(text)
            default: throw WebError.badRequest("sport is a sport's name, \"auto\", or null")
            }
        }
    }

    /// `PUT /api/v1/settings`: `{"key": value, …}`, each value a JSON number, boolean or string (or
    /// the text the CLI takes), turned into the text the CLI would take (`true`, `185`, `1.1`).
    package struct SettingsChange: Equatable {
        /// The text of each key's value, as the user would type it.
        package var texts: [String: String]

        /// - Throws: ``WebError`` 400 for a body that is not a JSON object.
        package init(json body: [UInt8]) throws {
            let object = try JSONRequest.object(body: body)
            var texts: [String: String] = [:]
            for (key, value) in object { texts[key] = Self.text(value, definition: Settings.definition(key)) }
            self.texts = texts
        }

        /// The text a JSON value stands for, as the user would type it.
        static func text(_ value: Any, definition: SettingDefinition?) -> String {
            if let string = value as? String { return string }
            if let number = value as? NSNumber {
                if case .toggle? = definition?.kind { return number.boolValue ? "true" : "false" }
                let double = number.doubleValue
                if double == double.rounded(), abs(double) < 1e15 { return String(Int64(double)) }
                return DecimalText.format(double)
            }
            return "\(value)"
        }
    }

    /// `POST /api/v1/profiles`: `{"name": …, "copyFrom": …}` (`copyFrom` optional: all defaults without it).
    package struct NewProfile: Equatable {
        package var name: String
        package var copyFrom: String?

        /// - Throws: ``WebError`` 400 without a name.
        package init(json body: [UInt8]) throws {
            let object = try JSONRequest.object(body: body)
            guard let name = object["name"] as? String else { throw WebError.badRequest("give the profile's name") }
            self.name = name
            copyFrom = object["copyFrom"] as? String
        }
    }

    /// `PUT /api/v1/profiles/active` and `PATCH /api/v1/search-sets/{name}`: `{"name": …}`.
    package struct Name: Equatable {
        package var name: String

        /// - Parameter missing: what the 400 says when there is no name.
        /// - Throws: ``WebError`` 400 without a name.
        package init(json body: [UInt8], missing: String) throws {
            guard let name = try JSONRequest.object(body: body)["name"] as? String else { throw WebError.badRequest(missing) }
            self.name = name
        }
    }

    /// `POST /api/v1/live/commands`: `{"command": "pause"}` (pause, resume, lap, finish, discard).
    package struct LiveCommand: Equatable {
        package var kind: LiveCommandKind

        /// - Throws: ``WebError`` 400 for a body that is not a JSON object, 422 `unknownCommand`.
        package init(json body: [UInt8]) throws {
            let object = try JSONRequest.object(body: body)
            guard let text = object["command"] as? String, let kind = LiveCommandKind(rawValue: text) else {
                let names = LiveCommandKind.allCases.map(\.rawValue).joined(separator: ", ")
                throw WebError(422, "unknownCommand", "give {\"command\": …} with one of \(names)")
            }
            self.kind = kind
        }
    }
}

extension APIRequestBody {
    /// The body of a request that must be `application/json`.
    /// - Throws: ``WebError`` 415 when it is not.
    static func json(_ request: HTTPRequest) throws -> [UInt8] {
        guard request.mediaType == "application/json" else {
            throw WebError(415, "unsupportedMediaType", "the body must be application/json")
        }
        return request.body
    }
}
