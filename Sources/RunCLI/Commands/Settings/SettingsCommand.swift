import RunCore
import RunStore
import RunUI
import Foundation

/// `runlog settings …`: read and change settings and profiles.
enum SettingsCommand: Command {
    static let name = "settings"
    static let summary = "show and change settings and settings profiles"
    static let overview = """
        Settings live in $RUNLOG_HOME/group.sqlite, shared by every runlog process at once. They
        come in profiles (named sets such as "road" and "trail"); one profile is active for all
        processes, and --profile NAME reads or changes another one. A setting you never set follows
        runlog's default, also when a later runlog changes that default.

        Values are checked before they are stored: whole numbers and decimals in their range
        (written plainly: 185, 2.5 — no spaces, exponents or units), toggles as true/false (on/off,
        yes/no), choices by their value. A refused value changes nothing.

        Changing an analysis setting (moving speed, shortest stop, split gap, heart rate
        and zones) of the active profile, or switching profiles, recomputes the library's runs.

        export prints the profile's settings as JSON (only those you set); import replaces the
        profile's settings with a file's (the others return to their defaults), all or nothing.
        """
    enum Options {
        static let json = GlobalOptions.json("machine-readable output (list, get, set, profiles)")
        static let output = Option(short: "-o", .required("FILE", .files(extensions: ["json"])), help: "export: write to FILE instead of standard output")
    }
    static let shape: CommandShape = {
        let key = Positional("KEY", .settingsKeys)
        let profile = Positional("NAME", .profiles)
        let json = Usage.flag(Options.json)
        return CommandShape(
            options: [Options.json, Options.output],
            positionals: [Positional(actions: [
                Action("list", usage: [json]),
                Action("get", [key], usage: [json]),
                Action("set", [key, Positional("VALUE")], usage: [json]),
                Action("reset", [Positional("KEY", .settingsKeys, optional: true)]),
                Action("profiles", usage: [json]),
                Action("profile", [Positional(actions: [
                    Action("create", [Positional("NAME")]),
                    Action("copy", [Positional("FROM", .profiles, optional: true), Positional("NAME")]),
                    Action("rename", [Positional("OLD", .profiles, optional: true), Positional("NAME")]),
                    Action("delete", [profile]),
                    Action("use", [profile]),
                ])]),
                Action("export", usage: [.flag(Options.output)]),
                Action("import", [Positional("FILE|-", .files(extensions: ["json"]))]),
            ], optional: true)],
            globals: [GlobalOptions.profile.help("the profile to read or change (default: the active one)"),
                      GlobalOptions.library.help("the library to recompute after analysis settings change"), GlobalOptions.help])
    }()

    static func run(_ arguments: ParsedArguments, in context: CommandContext) throws -> Int32 {
        var words = arguments.positionals[...]
        let action = words.popFirst() ?? "list"
        let json = arguments.has(Options.json)
        func operands(_ count: ClosedRange<Int>, _ usage: String) throws -> [String] {
            guard count.contains(words.count) else {
                throw UsageError.operands(Array(words), expected: count, usage: "settings \(usage)", command: name)
            }
            return Array(words)
        }
        let store = try context.settingsStore()
        let profile = context.profileOverride
        switch action {
        case "list":
            _ = try operands(0...0, "list [--json]")
            SettingsOutput.list(try store.read(profile: profile), active: try store.activeProfile(), json: json, console: context.console)
        case "get":
            let key = try operands(1...1, "get KEY")[0]
            let reading = try store.read(profile: profile)
            let definition = try store.definition(key)
            guard let item = reading.items.first(where: { $0.definition.key == definition.key }) else { return ExitCode.failure }
            SettingsOutput.get(item, profile: reading.snapshot.profile, json: json, console: context.console)
        case "set":
            let given = try operands(2...2, "set KEY VALUE")
            try SettingsChange.apply(in: context, json: json) {
                let before = try store.read(profile: profile).snapshot.value(given[0])
                let value = try store.set(given[0], text: given[1], profile: profile)
                return SettingsChange.Outcome(key: given[0], value: value, previous: before)
            }
        case "reset":
            let given = try operands(0...1, "reset [KEY]")
            let profileName = try profile ?? store.activeProfile()
            try SettingsChange.apply(in: context, json: json) {
                try store.reset(given.first, profile: profile)
                return SettingsChange.Outcome(message: given.first.map { "\($0) is back to its default" }
                                              ?? "every setting of profile '\(profileName)' is back to its default")
            }
        case "profiles":
            _ = try operands(0...0, "profiles [--json]")
            SettingsOutput.profiles(try store.profiles(), active: try store.activeProfile(), json: json, console: context.console)
        case "profile":
            return try SettingsProfileAction.run(Array(words), store: store, context: context, json: json)
        case "export":
            _ = try operands(0...0, "export [-o FILE]")
            try SettingsTransfer.export(store: store, profile: profile, to: arguments.value(Options.output), context: context)
        case "import":
            let file = try operands(1...1, "import FILE|-")[0]
            try SettingsChange.apply(in: context, json: json) {
                let keys = try SettingsTransfer.importFile(file, store: store, profile: profile)
                return SettingsChange.Outcome(message: "imported \(keys.count) setting\(keys.count == 1 ? "" : "s") from \(file == "-" ? "standard input" : file)")
            }
        default:
            throw UsageError("unknown settings action '\(action)' (list, get, set, reset, profiles, profile, export, import)", command: name)
        }
        return ExitCode.success
    }
}
