import RunCore
import RunHTTP
import RunUI

/// Error pages (404, 405, 413, 403, 500) in the interface language.
enum ErrorPage {
    static func response(_ error: WebError, formatter: DisplayFormatter, csrfToken: String, tooLargeLimit: Int?) -> HTTPResponse {
        let strings = formatter.strings
        let title: String, text: String
        switch error.status {
        case 404 where error.code == "runNotFound": (title, text) = (strings.notFoundTitle, strings.runNotFoundText)
        case 404: (title, text) = (strings.notFoundTitle, error.code == "notFound" ? strings.notFoundText : Self.text(error))
        case 405: (title, text) = (strings.methodNotAllowedTitle, strings.methodNotAllowedText)
        case 413 where error.code == "tooLarge": (title, text) = (strings.tooLargeTitle, strings.tooLargeText(ByteSize.text(tooLargeLimit ?? 0, formatter: formatter)))
        case 413: (title, text) = (strings.tooLargeTitle, Self.text(error))
        case 403 where error.code == "sessionExpired":
            let minutes: Int
            if case .integer(let seconds)? = error.data["idleSeconds"] { minutes = max(1, Int((Double(seconds) / 60).rounded())) } else { minutes = 1 }
            (title, text) = (strings.forbiddenTitle, strings.sessionExpiredText(minutes))
        case 403: (title, text) = (strings.forbiddenTitle, error.code == "csrf" ? strings.forbiddenText : Self.text(error))
        default: (title, text) = (strings.errorTitle, Self.text(error))
        }
        let body: HTML = """
        <h1>\(title)</h1>
        <p class="notice error">\(text)</p>
        <p><a href="/">\(strings.backToRuns)</a></p>
        """
        return PageLayout.response(PageLayout.document(title: title, current: .none, strings: strings, language: formatter.language,
                                                       csrfToken: csrfToken, body: body), status: error.status)
    }

    /// The error's sentence in the page's language, where one was written, else its message.
    private static func text(_ error: WebError) -> String { error.pageMessage ?? error.message }
}

/// Byte counts for people: `2 GB`, `64 MB`, `512 KB` (binary multiples, written as GB, MB and
/// KB as most people read them).
enum ByteSize {
    static func text(_ bytes: Int, formatter: DisplayFormatter) -> String {
        if bytes >= 1 << 30, bytes % (1 << 30) == 0 { return formatter.whole(Double(bytes) / 1_073_741_824) + " GB" }
        if bytes >= 1024 * 1024 { return formatter.whole(Double(bytes) / 1_048_576) + " MB" }
        return formatter.whole(Double(bytes) / 1024) + " KB"
    }
}
