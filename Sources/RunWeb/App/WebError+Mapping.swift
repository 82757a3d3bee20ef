import RunApp
import RunCore
import RunFormats
import RunHTTP
import RunStore
import RunUI

extension WebError {
    /// The web's answer to an error a handler threw: its HTTP status, its stable code, the English
    /// sentence for the JSON API (`message`), the sentence in `language` for the pages
    /// (`pageMessage`), and the error's data (``RunCore/CodedError/data``) for the API — each with
    /// the server's folders left out (``ServerPaths``: a file is named by its last component).
    init(from error: any Error, language: Language) {
        if let error = error as? WebError { self = error; return }
        if let text = ErrorText(error, language: .english) {
            self.init(Self.status(of: error), text.code, ServerPaths.redacted(text.sentence))
            data = text.data.mapValues(ServerPaths.redacted)
            if language != .english { pageMessage = ErrorText(error, language: language).map { ServerPaths.redacted($0.sentence) } }
            return
        }
        switch error {
        case let error as FormError: self.init(400, "badForm", error.message)
        default: self.init(500, "internal", "something went wrong on the server")
        }
    }

    /// The status of an error of the layers below: what the request asked cannot be done (422),
    /// names nothing there is (404), or does not fit the recording's state (409).
    private static func status(of error: any Error) -> Int {
        switch error {
        case is ReadError: return 422
        case let error as SearchError: return error.code == .unknownSet ? 404 : 422
        case is LiveCommandError: return 409
        case is RegionFitError: return 422
        case let error as LibraryError: return error.code == .runNotFound ? 404 : 422
        case let error as SettingsError: return error.code == .recomputeFailed ? 500 : 422
        case is LiveError: return 409
        case let error as UploadError: return error.code == .tooManyFiles ? 413 : 422
        case let error as OutputError: return error.code == .diskFull ? 507 : 500
        case let error as any StorageFailure where error.isFull: return 507
        case let error as any StorageFailure where error.isBusy: return 503
        default: return 500
        }
    }
}
