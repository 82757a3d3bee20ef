/// What a command accepts on the command line.
struct ArgumentSpec {
    /// Options without a value (`--json`).
    var flags: Set<String> = []
    /// Options with a value (`--library PATH`, `-o FILE`).
    var options: Set<String> = []
    /// Options whose value may be left out (`--gpsd` or `--gpsd HOST:PORT`): the next argument is
    /// its value unless it starts with `-`; left out, the value is "".
    var optionalValueOptions: Set<String> = []
    /// How many positional arguments: at least `minimumPositionals`, at most `maximumPositionals` (nil: any).
    var minimumPositionals = 0
    var maximumPositionals: Int? = 0

    /// Options every command takes.
    static let globalFlags: Set<String> = ["--help", "-h"]
    static let globalOptions: Set<String> = ["--library", "--profile"]
}

/// The arguments of one command after parsing.
struct ParsedArguments {
    var flags: Set<String> = []
    var options: [String: String] = [:]
    var positionals: [String] = []

    func has(_ flag: String) -> Bool { flags.contains(flag) }
    func value(_ option: String) -> String? { options[option] }

    /// Parses `arguments` by `spec`: options may appear anywhere, `--opt=value` works, `--` ends
    /// options, and `-` alone is a positional (standard input).
    /// - Throws: ``UsageError`` for unknown options, missing values, or a wrong number of positionals.
    static func parse(_ arguments: [String], spec: ArgumentSpec, command: String) throws -> ParsedArguments {
        var result = ParsedArguments()
        let flags = spec.flags.union(ArgumentSpec.globalFlags)
        let options = spec.options.union(ArgumentSpec.globalOptions)
        var index = 0
        var onlyPositionals = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            // A negative number (`-5`, `-0.5`) is a value, not an option: `settings set KEY -5`.
            let isNumber = argument.count > 1 && argument.dropFirst().first.map { $0.isASCII && ($0.isNumber || $0 == ".") } == true
            if onlyPositionals || argument == "-" || !argument.hasPrefix("-") || isNumber {
                result.positionals.append(argument)
                continue
            }
            if argument == "--" { onlyPositionals = true; continue }
            var name = argument
            var inlineValue: String?
            if let eq = argument.firstIndex(of: "="), argument.hasPrefix("--") {
                name = String(argument[..<eq])
                inlineValue = String(argument[argument.index(after: eq)...])
            }
            if flags.contains(name) {
                guard inlineValue == nil else { throw UsageError("\(name) takes no value", command: command) }
                result.flags.insert(name == "-h" ? "--help" : name)
            } else if spec.optionalValueOptions.contains(name) {
                if let inlineValue {
                    result.options[name] = inlineValue
                } else if index < arguments.count, !arguments[index].hasPrefix("-") {
                    result.options[name] = arguments[index]
                    index += 1
                } else {
                    result.options[name] = ""
                }
            } else if options.contains(name) {
                if let inlineValue {
                    result.options[name] = inlineValue
                } else {
                    guard index < arguments.count else { throw UsageError("\(name) needs a value", command: command) }
                    result.options[name] = arguments[index]
                    index += 1
                }
            } else {
                throw UsageError("unknown option \(name)", command: command)
            }
        }
        if result.has("--help") { return result }
        if result.positionals.count < spec.minimumPositionals {
            throw UsageError(spec.minimumPositionals == 1 && spec.maximumPositionals == 1
                             ? "missing argument" : "missing arguments", command: command)
        }
        if let maximum = spec.maximumPositionals, result.positionals.count > maximum {
            throw UsageError("unexpected argument '\(result.positionals[maximum])'", command: command)
        }
        return result
    }
}
