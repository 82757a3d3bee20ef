import RunApp
import RunCore
import RunHTTP
import RunStore
import RunUI

/// An upload's activity files and archives imported into the library: what the import page and the API share.
enum Upload {
    /// Imports the upload through ``RunApp/LibraryImport`` (the runs follow a change of the
    /// analysis settings made while they were stored).
    /// - Returns: the report, and the runs recomputed because the settings changed meanwhile.
    /// - Throws: ``WebError`` 400 when the body is not a multipart form or holds no file; storage errors.
    static func importFiles(_ context: RequestContext) throws -> (report: ImportReport, completion: ImportCompletion) {
        guard context.request.mediaType == "multipart/form-data" else {
            throw WebError.badRequest("an import takes multipart/form-data with one or more files in the field 'files'")
        }
        let form = try context.multipartForm()
        let files = form.parts.filter { $0.fileName != nil && !($0.fileName ?? "").isEmpty }
        guard !files.isEmpty else { throw WebError.badRequest("the upload holds no file (field 'files')") }
        var options = ImportOptions(importsProbableDuplicates: form["allowDuplicates"] == "true")
        options.analysisPreferences = AnalysisPreferences(settings: context.settings)
        let settings = context.workspace.settings
        let importer = LibraryImport(library: context.library, options: options,
                                     currentPreferences: { AnalysisPreferences(settings: try settings.snapshot()) })
        var report = ImportReport()
        for file in files {
            let name = file.fileName ?? "upload"
            let summary = try importer.importUpload(file.body, fileName: name) { member, outcome in
                try report.add(file: member) { try outcome.get() }
            }
            if let summary { report.add(summary, archive: name) }
        }
        return (report, try importer.finish())
    }
}
