import Foundation

/// Where runlog keeps its files: `$RUNLOG_HOME`, else `$XDG_DATA_HOME/runlog`, else
/// `~/.local/share/runlog` (the XDG Base Directory Specification's default data directory).
package enum LibraryLocation {
    /// The runlog home directory for an environment.
    package static func home(environment: [String: String]) -> String {
        if let home = environment["RUNLOG_HOME"], !home.isEmpty { return home }
        if let data = environment["XDG_DATA_HOME"], !data.isEmpty { return data + "/runlog" }
        let user = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        return user + "/.local/share/runlog"
    }

    /// The run library's file, `HOME/library.sqlite`.
    package static func libraryPath(environment: [String: String]) -> String {
        home(environment: environment) + "/library.sqlite"
    }

    /// The shared "app group" store of settings and live state, `HOME/group.sqlite`.
    package static func groupStorePath(environment: [String: String]) -> String {
        home(environment: environment) + "/group.sqlite"
    }
}
