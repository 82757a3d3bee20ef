import RunApp
import RunCore
import RunFormats
import RunHTTP
import RunUI

/// An upload of activity files and archives taken and queued for import: what the import page
/// and the API share. The body is on disk already (the route spools it as it arrives); here its
/// form is read from the mapped file without copying a file, the files counted against
/// ``RunApp/UploadLimits/maximumFiles``, and a job queued (``ImportQueue``) — nothing is imported
/// on the request's thread, so the answer never waits for the library.
enum Upload {
    /// Queues the upload's files (every part with a file name, in order; `allowDuplicates=true`
    /// imports probable duplicates too) as an import job of the request's session.
    /// - Returns: the job, queued.
    /// - Throws: ``WebError`` 400 when the body is not a multipart form or holds no file;
    ///   ``RunApp/UploadError`` `tooManyFiles` (413) past the cap; ``RunFormats/OutputError``
    ///   when the body could not be kept on disk (507 for a full disk); the queue's 429 and 503.
    static func enqueue(_ context: RequestContext) throws -> ImportJob {
        guard context.request.mediaType == "multipart/form-data" else {
            throw WebError.badRequest("an import takes multipart/form-data with one or more files in the field 'files'")
        }
        let directory = context.configuration.spoolDirectory
        let body = context.request.spooledBody ?? SpooledBody.spooling(context.request.body, in: directory)
        let mapping: MappedBytes
        do {
            mapping = try body.mapped()
        } catch let error as SpoolError {
            throw OutputError(file: "a temporary file in \(error.directory)", errorNumber: error.errorNumber)
        }
        let limit = context.configuration.uploadLimits.maximumFiles
        var files: [MultipartForm.PartLocation] = []
        var otherParts = 0
        var allowsDuplicates = false
        try mapping.withUnsafeBytes { bytes in
            try MultipartForm.scan(bytes, contentType: context.request.header("content-type") ?? "") { part in
                if part.isFile {
                    guard files.count < limit else { throw UploadError.tooManyFiles(limit: limit) }
                    files.append(part)
                    return true
                }
                // The form has two fields and an empty file field at most; a body of many tiny parts is no upload.
                otherParts += 1
                guard otherParts <= Self.otherPartLimit else {
                    throw WebError.badRequest("the upload holds more than \(Self.otherPartLimit) parts that are not files")
                }
                if part.fileName == nil, part.name == "allowDuplicates" {
                    allowsDuplicates = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[part.range]), as: UTF8.self) == "true"
                }
                return true
            }
        }
        guard !files.isEmpty else { throw WebError.badRequest("the upload holds no file (field 'files')") }
        let job = ImportJob(owner: context.session.current(for: context.identity).id, address: context.request.clientAddress,
                            input: ImportJob.Input(body: body, files: files, allowsDuplicates: allowsDuplicates))
        try context.imports.enqueue(job, strings: context.strings)
        return job
    }

    /// Parts of an upload that are not files (the token, `allowDuplicates`, an empty file field), at most.
    static let otherPartLimit = 64

    /// The request's session's job `{id}`.
    /// - Throws: ``WebError`` 404 `importNotFound` when there is none: never made, ended over
    ///   ``WebConfiguration/importResultSeconds`` ago, or another session's.
    static func job(_ context: RequestContext) throws -> ImportJob {
        let id = context.parameters["id"] ?? ""
        guard let owner = context.session.session?.id, let job = context.imports.job(id: id, owner: owner) else {
            let hours = context.configuration.importResultSeconds / 3600
            var error = WebError(404, "importNotFound", "there is no import '\(id)' of this session: an import's report is kept "
                                 + "for \(Int(context.configuration.importResultSeconds)) s after it ends, for the session that sent the upload")
            error.pageMessage = context.strings.importNotFound(context.formatter.fixed(hours, decimals: hours.rounded() == hours ? 0 : 1))
            throw error
        }
        return job
    }
}
