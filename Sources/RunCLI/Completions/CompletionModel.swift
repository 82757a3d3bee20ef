import Foundation

/// What the shell completions complete, taken from the commands' declarations: each command's
/// options and, for each place among its arguments, what to offer there.
struct CompletionModel {
    /// One command: its name, summary, every option it takes (its own and the global ones), and
    /// its arguments' completions.
    struct Entry {
        let name: String
        let summary: String
        let options: [Option]
        let arguments: [ArgumentRule]
    }

    /// What to offer for the argument at `index` (counted after the command; `orLater`: at that
    /// place or any later one) when the arguments before it begin with `words` (the actions chosen).
    struct ArgumentRule {
        let words: [String]
        let index: Int
        let orLater: Bool
        let completion: ValueCompletion
    }

    let commands: [Entry]
    /// The options before a command: the global ones and `--version`.
    let rootOptions: [Option]

    init(commands: [any Command.Type]) {
        self.commands = commands.map { command in
            Entry(name: command.name, summary: command.summary, options: command.shape.allOptions,
                  arguments: CompletionModel.rules(command.shape.positionals, words: [], start: 0))
        }
        rootOptions = GlobalOptions.commandOptions + [GlobalOptions.version]
    }

    var commandNames: [String] { commands.map(\.name) }

    /// The options that take a value, as `command:name` patterns (`*:` for the global ones, which
    /// every command takes): `required` those always followed by their value, else those whose value
    /// may be left out.
    func valuePatterns(required: Bool) -> [String] {
        let globals = GlobalOptions.commandOptions.filter { isRequired($0) == required && $0.takesValue }.flatMap(\.names).map { "*:" + $0 }
        let own = commands.flatMap { entry in
            entry.options.filter { option in option.takesValue && isRequired(option) == required
                && !GlobalOptions.commandOptions.contains { $0.key == option.key } }
                .flatMap(\.names).map { entry.name + ":" + $0 }
        }
        return globals + own
    }

    /// Each option value's completion, with its `command:name` patterns, global ones first.
    var valueCompletions: [(patterns: [String], option: Option)] {
        let globals = GlobalOptions.commandOptions.filter(\.takesValue).map { option in (option.names.map { "*:" + $0 }, option) }
        let own = commands.flatMap { entry in
            entry.options.filter { option in option.takesValue && !GlobalOptions.commandOptions.contains { $0.key == option.key } }
                .map { option in (option.names.map { entry.name + ":" + $0 }, option) }
        }
        return globals + own
    }

    private func isRequired(_ option: Option) -> Bool { if case .required = option.value { true } else { false } }

    private static func rules(_ positionals: [Positional], words: [String], start: Int) -> [ArgumentRule] {
        var rules: [ArgumentRule] = []
        var index = start
        for positional in positionals {
            if !positional.actions.isEmpty {
                rules.append(ArgumentRule(words: words, index: index, orLater: false, completion: positional.completion))
                for action in positional.actions {
                    rules += self.rules(action.arguments, words: words + [action.word], start: index + 1)
                }
                return rules
            }
            if positional.completion != .nothing {
                rules.append(ArgumentRule(words: words, index: index, orLater: positional.repeats, completion: positional.completion))
            }
            index += 1
        }
        return rules
    }
}

/// Quoting for the shells' scripts.
enum ShellWord {
    /// A word as bash and zsh read it: bare when it is plain, else in single quotes.
    static func quoted(_ word: String) -> String {
        let plain = !word.isEmpty && word.unicodeScalars.allSatisfy {
            ($0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0))) || "_.:/@%+=,-".unicodeScalars.contains($0)
        }
        return plain ? word : "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    /// A word in single quotes as fish reads it (`\'` and `\\` escaped).
    static func fishQuoted(_ word: String) -> String {
        "'" + word.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "'", with: "\\'") + "'"
    }

    /// A short description beside a completion: the help's first line before any parenthesis
    /// (which also keeps out what differs between machines, such as `--jobs`' processor count).
    static func description(_ help: String) -> String {
        let line = help.split(separator: "\n").first ?? ""
        return String(line.range(of: " (").map { line[..<$0.lowerBound] } ?? line)
    }
}

extension CompletionModel {
    /// `_runlog_complete`'s arguments for bash and zsh: what to offer, then its words or extensions;
    /// nil when there is nothing to offer.
    func helperArguments(_ completion: ValueCompletion) -> String? {
        let words: [String]
        switch completion {
        case .nothing: return nil
        case .files(let extensions): words = ["files"] + extensions
        case .folders: words = ["folders"]
        case .runIDs: words = ["runs"]
        case .profiles: words = ["profiles"]
        case .searchSets: words = ["sets"]
        case .settingsKeys: words = ["keys"]
        case .commands: words = ["words"] + commandNames
        case .words(let list): words = ["words"] + list
        }
        return words.map(ShellWord.quoted).joined(separator: " ")
    }
}
