package import RunApp

/// How an ``RunApp/UploadError`` is said: the cap passed, its value and the file that passed it,
/// with what to do, in English and German. Uploads are the web's, so there is no command line
/// hint.
package enum UploadErrorText {
    /// `big.zip: the upload holds more than 20,000 files and archive members in all …`,
    /// `big.zip: das Hochgeladene enthält mehr als 20.000 Dateien und Archiveinträge …`.
    package static func sentence(_ error: UploadError, language: Language) -> String {
        let number = DisplayFormatter(language: language).integer
        let file = error.file.map { "\($0): " } ?? ""
        switch (error.code, language) {
        case (.tooManyFiles, .english):
            let limit = number(error.limitFiles ?? 0)
            return "the upload holds more than \(limit) files; at most \(limit) go in one upload: put them in a zip archive, "
                + "or upload them in parts"
        case (.tooManyFiles, .german):
            let limit = number(error.limitFiles ?? 0)
            return "das Hochgeladene enthält mehr als \(limit) Dateien; höchstens \(limit) gehen in einen Upload: "
                + "packe sie in ein Zip-Archiv oder lade sie in Teilen hoch"
        case (.tooManyEntries, .english):
            return file + "the upload holds more than \(number(error.limitEntries ?? 0)) files and archive members in all, "
                + "more than one upload may; the import stopped here (runs stored before stay): import it in parts, "
                + "or from the command line on the server"
        case (.tooManyEntries, .german):
            return file + "das Hochgeladene enthält mehr als \(number(error.limitEntries ?? 0)) Dateien und Archiveinträge, "
                + "mehr als ein Upload darf; der Import hat hier aufgehört (zuvor gespeicherte Läufe bleiben): importiere in Teilen "
                + "oder über die Kommandozeile auf dem Server"
        case (_, .english):
            return file + "the upload decompresses to more than \(byteCount(error.limitBytes ?? 0, language)) in all (a zip bomb?), "
                + "more than one upload may; the import stopped here (runs stored before stay): import it in parts, "
                + "or from the command line on the server"
        case (_, .german):
            return file + "das Hochgeladene wird entpackt größer als \(byteCount(error.limitBytes ?? 0, language)) (eine Zip-Bombe?), "
                + "größer als ein Upload darf; der Import hat hier aufgehört (zuvor gespeicherte Läufe bleiben): importiere in Teilen "
                + "oder über die Kommandozeile auf dem Server"
        }
    }

    /// None: uploads come from the web.
    package static func commandLineHint(_ error: UploadError) -> String? { nil }

    /// `2 GiB`, `512 MiB`, `64 KiB`, `1000 bytes` (`Bytes` in German).
    private static func byteCount(_ count: Int, _ language: Language) -> String {
        let gibibyte = 1 << 30, mebibyte = 1 << 20, kibibyte = 1 << 10
        if count >= gibibyte, count % gibibyte == 0 { return "\(count / gibibyte) GiB" }
        if count >= mebibyte, count % mebibyte == 0 || count >= 10 * mebibyte { return "\(count / mebibyte) MiB" }
        if count >= kibibyte, count % kibibyte == 0 { return "\(count / kibibyte) KiB" }
        return "\(count) " + (language == .german ? "Bytes" : "bytes")
    }
}
