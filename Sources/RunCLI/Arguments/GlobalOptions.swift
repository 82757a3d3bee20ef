/// The options every command takes, declared once, and the ones only `runlog` itself takes.
enum GlobalOptions {
    static let library = Option("--library", .required("PATH", .anyFile), help: "the library file")
    static let profile = Option("--profile", .required("NAME", .profiles), help: "the settings profile (default: the active one)")
    static let help = Option("--help", short: "-h", help: "this help")
    /// Only before a command: `runlog --version`.
    static let version = Option("--version", help: "runlog's version")

    /// What every command accepts, in the order its help lists them.
    static let commandOptions = [library, profile, help]
    /// What a command that reads no library lists (it accepts `--library` all the same).
    static let withoutLibrary = [profile, help]

    /// `--json`, which many commands take; each says what it prints.
    static func json(_ help: String) -> Option { Option("--json", help: help) }
}
