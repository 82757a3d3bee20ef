package import RunFormats

/// How a ``RunFormats/ReadError`` is said: the reason and the sentence in English and German, and
/// the command line's hint.
///
/// English says the reader's own words (``RunFormats/ReadError/message``). German says what the
/// code and the data tell, and adds the reader's English detail in brackets where it tells more
/// (libxml2's words, the element, the value) — a German sentence, the detail as evidence.
package enum ReadErrorText {
    /// What is wrong, without the place: `the file is empty`, `die Datei ist leer`.
    package static func reason(_ error: ReadError, language: Language) -> String {
        switch language {
        case .english: return error.message
        case .german: return german(error)
        }
    }

    /// `file:line:column: reason` (or `file: byte N: reason`), in the language.
    package static func sentence(_ error: ReadError, language: Language) -> String {
        var location = error.file
        if let line = error.line {
            location += ":\(line)"
            if let column = error.column { location += ":\(column)" }
        } else if let offset = error.offset {
            location += language == .german ? ": Byte \(offset)" : ": byte \(offset)"
        }
        return "\(location): \(reason(error, language: language))"
    }

    /// What to type to get past it: the flag that reads leniently, the command that reads archives.
    package static func commandLineHint(_ error: ReadError) -> String? {
        switch error.remedy {
        case .readLeniently? where error.code == .invalidCoordinate:
            return "pass --skip-invalid-points to import the file without such points"
        case .readLeniently?: return "pass --skip-invalid-points to keep the decoded part"
        case .importAsArchive?: return "'runlog import' reads archives"
        default: return nil
        }
    }

    private static func german(_ error: ReadError) -> String {
        let detail = " (\(error.message))"
        switch error.code {
        case .emptyFile: return "die Datei ist leer"
        case .binaryData: return "Binärdaten, keine Aktivitätsdatei (gelesen werden GPX, FIT und TCX, auch komprimiert)"
        case .notWellFormed: return "kein wohlgeformtes XML" + detail
        case .entityDeclaration: return "die Datei deklariert eine DTD (aus Sicherheitsgründen abgelehnt)" + detail
        case .notGPX: return "keine GPX-Datei" + detail
        case .notTCX: return "keine TCX-Datei" + detail
        case .notActivity: return "eine FIT-Datei, aber keine Aktivität" + detail
        case .badFITHeader: return "der Kopf der FIT-Datei ist beschädigt" + detail
        case .badCRC: return "die Prüfsumme der FIT-Datei stimmt nicht" + leniency(error) + detail
        case .truncated: return "die Datei bricht mitten in den Daten ab" + leniency(error) + detail
        case .undefinedMessage: return "die FIT-Datei ist beschädigt" + leniency(error) + detail
        case .tooLarge:
            if let limit = error.limitBytes, let element = error.element {
                return "die Erweiterung <\(element)> ist größer als \(byteCount(limit)); mehr behält diese Version nicht"
            }
            if let limit = error.limitBytes { return "größer als \(byteCount(limit)); mehr liest diese Version nicht" }
            if let limit = error.limitMembers { return "mehr als \(limit) Dateien im Archiv; mehr liest diese Version nicht" }
            return "zu groß" + detail
        case .badArchive: return "das Archiv oder die komprimierte Datei ist beschädigt" + detail
        case .invalidCoordinate:
            return "ein Punkt hat eine ungültige Koordinate; nachsichtig gelesen bleiben solche Punkte weg" + detail
        case .unsupportedFormat where error.remedy == .importAsArchive:
            return "ein Archiv (zip oder tar) mit Dateien, keine einzelne Aktivitätsdatei; importiert wird es als Archiv"
        case .unsupportedFormat: return "dieses Format wird nicht gelesen" + detail
        case .io: return "die Datei ist nicht lesbar" + detail
        case .textTooLong:
            let element = error.element.map { "von <\($0)> " } ?? ""
            return "der Text \(element)ist länger als \(byteCount(error.limitBytes ?? 0)); mehr liest diese Version in einem Element nicht"
        case .nestedTooDeep:
            let element = error.element.map { "<\($0)> enthält" } ?? "die Datei enthält"
            return "\(element) Elemente, die tiefer als \(error.limitDepth ?? 0) Ebenen verschachtelt sind; so tief behält diese Version nichts"
        case .tooManyNames:
            return "die Datei verwendet mehr als \(error.limitNames ?? 0) verschiedene Namen von Elementen und Attributen; so viele liest diese Version nicht"
        case .tooManyAttributes:
            return "ein Tag enthält mehr als \(error.limitAttributes ?? 0) Attribute; so viele liest diese Version nicht"
        default: return error.message
        }
    }

    private static func leniency(_ error: ReadError) -> String {
        error.remedy == .readLeniently ? "; nachsichtig gelesen bleibt der entschlüsselte Teil erhalten" : ""
    }

    /// `64 MiB`, `512 KiB`, `100 Bytes`, as the readers write limits.
    private static func byteCount(_ count: Int) -> String {
        let mebibyte = 1 << 20, kibibyte = 1 << 10
        if count >= mebibyte, count % mebibyte == 0 || count >= 10 * mebibyte { return "\(count / mebibyte) MiB" }
        if count >= kibibyte, count % kibibyte == 0 { return "\(count / kibibyte) KiB" }
        return "\(count) Bytes"
    }
}
