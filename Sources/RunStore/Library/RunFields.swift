import RunCore

/// What a run's name and notes may hold, the same for every storage.
package enum RunFields {
    /// A run's name takes 1 to 200 characters on one line (``RunName``).
    /// - Throws: ``LibraryError`` `.invalidEdit`.
    package static func checkName(_ name: String) throws {
        let trimmed = RunName.clean(name)
        guard !trimmed.isEmpty, trimmed.count <= RunName.maximumLength else {
            var error = LibraryError.invalidEdit("name", .nameLength, "a run's name takes 1 to \(RunName.maximumLength) characters, not \(trimmed.count)")
            (error.characters, error.maximumCharacters) = (trimmed.count, RunName.maximumLength)
            throw error
        }
    }

    /// The most characters notes take.
    package static let maximumNotesLength = 10_000

    /// Notes take at most 10,000 characters.
    /// - Throws: ``LibraryError`` `.invalidEdit`.
    package static func checkNotes(_ notes: String) throws {
        guard notes.count <= maximumNotesLength else {
            var error = LibraryError.invalidEdit("notes", .notesLength, "notes take at most 10,000 characters, not \(notes.count)")
            (error.characters, error.maximumCharacters) = (notes.count, maximumNotesLength)
            throw error
        }
        // PostgreSQL's text cannot hold a NUL (and SQLite's C interface stopped at one until texts
        // were bound by their length): refused in words rather than failing in the store.
        if let nul = notes.unicodeScalars.firstIndex(of: "\0") {
            let position = notes.unicodeScalars.distance(from: notes.unicodeScalars.startIndex, to: nul) + 1
            var error = LibraryError.invalidEdit("notes", .notesNUL, "notes hold a NUL character (U+0000) at character \(position): take it out")
            error.position = position
            throw error
        }
    }
}
