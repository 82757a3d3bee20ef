import RunApp
import RunCore
import RunHTTP
import RunStore
import RunUI

/// The API's search-set changes, through RunApp's ``RunApp/SearchSets`` (the rules `runlog
/// search-sets` keeps too).
enum SearchSetsAPI {
    /// `PATCH /api/v1/search-sets/{name}` with `{"name": NEW}`: renames the set and, in one
    /// change of the settings, every profile whose `search.defaultSet` names it (renamed back
    /// when that fails).
    /// - Throws: ``RunCore/SearchError`` (404 `unknownSet`; 422 `protectedSet`, `invalidName`, `nameTaken`);
    ///   ``WebError`` 400 without a name.
    static func rename(_ context: RequestContext) throws -> HTTPResponse {
        let newName = try APIRequestBody.Name(json: try APIRequestBody.json(context.request),
                                              missing: "give the set's new name: {\"name\": …}").name
        let renamed = try searchSets(context).rename(context.parameters["name"] ?? "", to: newName)
        guard case .object(var object) = SearchSetsSection.json(try context.library.searchSets(),
                                                                defaultSetName: try context.workspace.reading().snapshot[Settings.defaultSearchSet])
        else { return APIResponses.json(.null) }
        object["renamed"] = .object(["from": .string(renamed.oldName), "to": .string(renamed.newName),
                                     "profiles": .array(renamed.profiles.map { .string($0) })])
        return APIResponses.json(.object(object))
    }

    /// `DELETE /api/v1/search-sets/{name}`: deletes a set no settings profile uses as its default.
    /// - Throws: ``RunCore/SearchError`` (404 `unknownSet`; 422 `protectedSet`, `setInUse`).
    static func delete(_ context: RequestContext) throws -> HTTPResponse {
        try searchSets(context).delete(named: context.parameters["name"] ?? "")
        return HTTPResponse(status: 204)
    }

    private static func searchSets(_ context: RequestContext) -> SearchSets {
        SearchSets(library: context.library, settings: context.workspace.settings)
    }
}
