package import RunCore
import RunApp
import RunFormats
import RunLive
import RunStore

/// An error of a layer below the front ends, said for people: the sentence in the user's language,
/// the command line's hint, and the code and data for machines.
///
/// The layers below write no sentence a person reads: their errors are ``RunCore/CodedError``s — a
/// code, typed data and an English `description` for logs. Each error area has a file here
/// (`ReadErrorText`, `SearchErrorText`, `LibraryErrorText`, … `LiveCommandErrorText`,
/// `FixSourceErrorText`, `RegionFitErrorText`, `OutputErrorText`, `UploadErrorText`, `AccountErrorText`; `StorageFailureText` for a full
/// disk, a damaged, read-only or busy store under any implementation) that writes its sentences in every ``Language`` and the
/// hint naming a `runlog` command or flag; ``init(_:language:)`` picks the area. The CLI prints
/// the sentence and the hint, the web pages the sentence in the page's language, the JSON API the
/// code, the English sentence and the data.
///
/// To add an area: write its `…ErrorText` enum (`sentence(_:language:)`, `commandLineHint(_:)`)
/// and add one `case` below.
package struct ErrorText: Sendable, Equatable {
    /// The error's stable code (``RunCore/CodedError/codeName``).
    package var code: String
    /// What is wrong, in the language, naming the file, the place, the set … as the error tells.
    package var sentence: String
    /// What to do on the command line, naming the command or flag (English: the CLI speaks it);
    /// nil when nothing typed would help.
    package var commandLineHint: String?
    /// The error's data under stable keys (``RunCore/CodedError/data``).
    package var data: [String: JSONValue]

    package init(code: String, sentence: String, commandLineHint: String? = nil, data: [String: JSONValue] = [:]) {
        self.code = code
        self.sentence = sentence
        self.commandLineHint = commandLineHint
        self.data = data
    }

    /// The text of an error of a known area, or nil for any other error (the front end says those
    /// as it did: a storage error's message, or the error itself).
    package init?(_ error: any Error, language: Language) {
        let sentence: String, hint: String?
        switch error {
        case let error as ReadError:
            (sentence, hint) = (ReadErrorText.sentence(error, language: language), ReadErrorText.commandLineHint(error))
        case let error as SearchError:
            (sentence, hint) = (SearchErrorText.sentence(error, language: language), SearchErrorText.commandLineHint(error))
        case let error as LiveCommandError:
            (sentence, hint) = (LiveCommandErrorText.sentence(error, language: language), LiveCommandErrorText.commandLineHint(error))
        case let error as FixSourceError:
            (sentence, hint) = (FixSourceErrorText.sentence(error, language: language), FixSourceErrorText.commandLineHint(error))
        case let error as RegionFitError:
            (sentence, hint) = (RegionFitErrorText.sentence(error, language: language), RegionFitErrorText.commandLineHint(error))
        case let error as UploadError:
            (sentence, hint) = (UploadErrorText.sentence(error, language: language), UploadErrorText.commandLineHint(error))
        case let error as OutputError:
            (sentence, hint) = (OutputErrorText.sentence(error, language: language), OutputErrorText.commandLineHint(error))
        case let error as LibraryError:
            (sentence, hint) = (LibraryErrorText.sentence(error, language: language), LibraryErrorText.commandLineHint(error))
        case let error as SettingsError:
            (sentence, hint) = (SettingsErrorText.sentence(error, language: language), SettingsErrorText.commandLineHint(error))
        case let error as LiveError:
            (sentence, hint) = (LiveErrorText.sentence(error, language: language), LiveErrorText.commandLineHint(error))
        case let error as StorageOpenError:
            (sentence, hint) = (StorageOpenErrorText.sentence(error, language: language), StorageOpenErrorText.commandLineHint(error))
        case let error as AccountError:
            (sentence, hint) = (AccountErrorText.sentence(error, language: language), AccountErrorText.commandLineHint(error))
        case let error as StoredDataError:
            (sentence, hint) = (StoredDataErrorText.sentence(error, language: language), StoredDataErrorText.commandLineHint(error))
        case let failure as any StorageFailure:
            guard let kind = StorageFailureText.kind(of: failure) else { return nil }
            self.init(code: kind.rawValue, sentence: StorageFailureText.sentence(failure, kind: kind, language: language),
                      commandLineHint: StorageFailureText.commandLineHint(failure, kind: kind), data: StorageFailureText.data(failure))
            return
        default:
            return nil
        }
        guard let coded = error as? any CodedError else { return nil }
        self.init(code: coded.codeName, sentence: sentence, commandLineHint: hint, data: coded.data)
    }
}
