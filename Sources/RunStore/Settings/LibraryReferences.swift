package import RunCore

/// The references from settings into a library: `search.defaultSet` must name a search set the
/// library holds ("All runs" always exists, with or without a library), so a search never meets a
/// default that is not there.
package struct LibraryReferences: SettingsReferenceChecking {
    package let storage: any StorageBackend

    package init(storage: any StorageBackend) {
        self.storage = storage
    }

    package func problem(key: String, value: SettingValue) -> String? {
        guard key == Settings.defaultSearchSet.key, case .string(let name) = value,
              !SearchSet.sameName(name, SearchSet.allRunsName) else { return nil }
        guard storage.libraryExists else {
            return "\(key) cannot be \"\(name)\": there is no search set '\(name)' (the library has none yet but 'All runs')"
        }
        do {
            _ = try storage.openLibrary(creating: false).searchSet(named: name)
            return nil
        } catch let error as SearchError {
            return "\(key) cannot be \"\(name)\": \(error.message)"
        } catch {
            return nil   // a library that cannot be read: its own commands say so
        }
    }
}
