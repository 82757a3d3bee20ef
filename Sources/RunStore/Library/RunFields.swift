import RunCore

/// What a run's name and notes may hold, the same for every storage.
package enum RunFields {
    /// A run's name takes 1 to 200 characters on one line (``RunName``).
    /// - Throws: ``StoreError`` `.invalidEdit`.
    package static func checkName(_ name: String) throws {
        let trimmed = RunName.clean(name)
        guard !trimmed.isEmpty, trimmed.count <= RunName.maximumLength else {
            throw StoreError(.invalidEdit, "a run's name takes 1 to \(RunName.maximumLength) characters, not \(trimmed.count)")
        }
    }

    /// Notes take at most 10,000 characters.
    /// - Throws: ``StoreError`` `.invalidEdit`.
    package static func checkNotes(_ notes: String) throws {
        guard notes.count <= 10_000 else {
            throw StoreError(.invalidEdit, "notes take at most 10,000 characters, not \(notes.count)")
        }
        // SQLite's text ends at a NUL: what follows would be lost without a word.
        if let nul = notes.unicodeScalars.firstIndex(of: "\0") {
            let position = notes.unicodeScalars.distance(from: notes.unicodeScalars.startIndex, to: nul) + 1
            throw StoreError(.invalidEdit, "notes hold a NUL character (U+0000) at character \(position): take it out")
        }
    }
}
