/// What a command takes on the command line, declared once: its options (in titled sections and
/// under "options:"), its positional arguments, and its usage lines. The parser, the `--help` text
/// and the shell completions are made from it.
struct CommandShape: Sendable {
    /// Titled groups of options shown before "options:" (`sources:`, `filters (…):`).
    var sections: [OptionSection]
    /// The command's options listed under "options:".
    var options: [Option]
    var positionals: [Positional]
    /// The usage lines; empty: made from the options and arguments (one line per action for a
    /// command with actions).
    var usageForms: [[Usage]]
    /// The global options this command's help lists, with the help line it gives them (`--library`
    /// "created if missing"); the parser takes every global option all the same.
    var globalOptions: [Option]

    init(sections: [OptionSection] = [], options: [Option] = [], positionals: [Positional] = [], usage: [[Usage]] = [],
         globals: [Option] = GlobalOptions.commandOptions) {
        self.sections = sections
        self.options = options
        self.positionals = positionals
        usageForms = usage
        globalOptions = globals
    }

    /// Every option of the command, without the global ones.
    var commandOptions: [Option] { sections.flatMap(\.options) + options }

    /// Every option the command accepts: its own and the global ones.
    var allOptions: [Option] { commandOptions + GlobalOptions.commandOptions }

    /// The option one of whose names is `name`.
    func option(named name: String) -> Option? { allOptions.first { $0.names.contains(name) } }

    /// The usage lines' parts after `runlog COMMAND`.
    var usage: [[Usage]] {
        if !usageForms.isEmpty { return usageForms }
        if let index = positionals.firstIndex(where: { !$0.actions.isEmpty }) {
            return CommandShape.forms(of: positionals[index], before: positionals[..<index].map(Usage.positional))
        }
        let own = commandOptions
        let options: [Usage] = own.count <= 3 ? own.map(Usage.flag) : [.text("[options]")]
        return [options + positionals.map(Usage.positional)]
    }

    /// One usage line per action (and per action of an action: `settings profile create NAME`).
    private static func forms(of positional: Positional, before: [Usage]) -> [[Usage]] {
        positional.actions.enumerated().flatMap { index, action -> [[Usage]] in
            let word: Usage = positional.isOptional && index == 0 ? .text("[" + action.word + "]") : .text(action.word)
            let head = before + [word]
            if let nested = action.arguments.firstIndex(where: { !$0.actions.isEmpty }) {
                return forms(of: action.arguments[nested], before: head + action.arguments[..<nested].map(Usage.positional))
                    .map { $0 + action.usage }
            }
            return [head + action.arguments.map(Usage.positional) + action.usage]
        }
    }
}

/// A titled group of options in a command's help (`filters (each optional; …):`).
struct OptionSection: Sendable {
    /// The heading without its colon.
    let title: String
    let options: [Option]

    init(_ title: String, _ options: [Option]) {
        self.title = title
        self.options = options
    }
}
