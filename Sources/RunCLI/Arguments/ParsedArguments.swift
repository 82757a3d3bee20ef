/// The arguments of one command after parsing, read through the command's declared options.
struct ParsedArguments {
    /// The flags given, by ``Option/key``.
    var flags: Set<String> = []
    /// The values of the options given (``Option/key`` → value; "" for an optional value left out).
    var options: [String: String] = [:]
    var positionals: [String] = []

    /// Whether the flag `option` was given (by any of its names).
    func has(_ option: Option) -> Bool { flags.contains(option.key) }

    /// The value given to `option` (by any of its names; the last one given counts), or nil.
    func value(_ option: Option) -> String? { options[option.key] }

    /// Parses `arguments` by `shape`: options may appear anywhere, `--opt=value` works, `--` ends
    /// options, `-` alone is a positional (standard input), and a negative number (`-5`) is a value.
    /// - Throws: ``UsageError`` for unknown options, missing values, or a wrong number of positionals.
    static func parse(_ arguments: [String], shape: CommandShape, command: String) throws -> ParsedArguments {
        var result = ParsedArguments()
        var byName: [String: Option] = [:]
        for option in shape.allOptions { for name in option.names { byName[name] = option } }
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
            guard let option = byName[name] else { throw UsageError("unknown option \(name)", command: command) }
            switch option.value {
            case .none:
                guard inlineValue == nil else { throw UsageError("\(name) takes no value", command: command) }
                result.flags.insert(option.key)
            case .optional:
                if let inlineValue {
                    result.options[option.key] = inlineValue
                } else if index < arguments.count, !arguments[index].hasPrefix("-") {
                    result.options[option.key] = arguments[index]
                    index += 1
                } else {
                    result.options[option.key] = ""
                }
            case .required:
                if let inlineValue {
                    result.options[option.key] = inlineValue
                } else {
                    guard index < arguments.count else { throw UsageError("\(name) needs a value", command: command) }
                    result.options[option.key] = arguments[index]
                    index += 1
                }
            }
        }
        if result.has(GlobalOptions.help) { return result }
        let (minimum, maximum) = Positional.count(of: shape.positionals)
        if result.positionals.count < minimum {
            throw UsageError(minimum == 1 && maximum == 1 ? "missing argument" : "missing arguments", command: command)
        }
        if let maximum, result.positionals.count > maximum {
            throw UsageError("unexpected argument '\(result.positionals[maximum])'", command: command)
        }
        return result
    }
}
