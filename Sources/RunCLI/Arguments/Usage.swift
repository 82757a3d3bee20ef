/// A piece of a usage line (`runlog record --replay FILE [--speed N]`), built from the declared
/// options and arguments so that the line names them as the parser knows them.
indirect enum Usage: Sendable {
    /// An option that is given: `--replay FILE`.
    case option(Option)
    /// An option with another placeholder on this line: `-o DIR/`.
    case optionAs(Option, String)
    /// What may be left out: `[--speed N]`; one ``oneOf`` inside: `[--json | --names]`.
    case optional([Usage])
    /// One of these: `(RUN... | --all | --stale)`.
    case oneOf([[Usage]])
    case positional(Positional)
    /// Words as they are: `[options]`, `[filters]`.
    case text(String)

    /// `[--json]`: an option that may be left out.
    static func flag(_ option: Option) -> Usage { .optional([.option(option)]) }

    var text: String {
        switch self {
        case .option(let option): return option.usage
        case .optionAs(let option, let placeholder): return (option.short ?? option.key) + " " + placeholder
        case .optional(let parts):
            if parts.count == 1, case .oneOf(let choices) = parts[0] { return "[" + Usage.choices(choices) + "]" }
            return "[" + Usage.line(parts) + "]"
        case .oneOf(let choices): return "(" + Usage.choices(choices) + ")"
        case .positional(let positional): return positional.usage
        case .text(let words): return words
        }
    }

    static func line(_ parts: [Usage]) -> String { parts.map(\.text).joined(separator: " ") }

    private static func choices(_ choices: [[Usage]]) -> String { choices.map(line).joined(separator: " | ") }
}
