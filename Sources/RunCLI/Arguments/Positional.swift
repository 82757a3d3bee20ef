/// A positional argument of a command, declared once: the parser counts them, the usage line shows
/// them, the completion scripts complete them.
struct Positional: Sendable {
    /// How the usage line names it (`RUN`, `FILE|-`).
    let placeholder: String
    let completion: ValueCompletion
    /// Whether it may be left out (`[KEY]`).
    private(set) var isOptional: Bool
    /// Whether it may be given any number of times (`FILE...`).
    let repeats: Bool
    /// The words it takes when it chooses what the command does (`settings get|set|…`), each with
    /// its own arguments; empty for a plain argument.
    let actions: [Action]

    init(_ placeholder: String, _ completion: ValueCompletion = .nothing, optional: Bool = false, repeats: Bool = false) {
        self.placeholder = placeholder
        self.completion = completion
        isOptional = optional
        self.repeats = repeats
        actions = []
    }

    /// An action word and what follows it; the first action is the one taken when the word is left
    /// out if `optional`.
    init(actions: [Action], optional: Bool = false) {
        placeholder = actions.map(\.word).joined(separator: "|")
        completion = .words(actions.map(\.word))
        isOptional = optional
        repeats = false
        self.actions = actions
    }

    /// The same argument where it must be given (on one usage line of several).
    var required: Positional {
        var copy = self
        copy.isOptional = false
        return copy
    }

    /// `RUN`, `[KEY]`, `FILE...`, `[RUN...]`: as a usage line shows it.
    var usage: String {
        let text = placeholder + (repeats ? "..." : "")
        return isOptional ? "[" + text + "]" : text
    }

    /// The fewest and the most positional arguments `positionals` take (nil: no limit).
    static func count(of positionals: [Positional]) -> (minimum: Int, maximum: Int?) {
        var minimum = 0
        var maximum: Int? = 0
        for positional in positionals {
            if !positional.isOptional { minimum += 1 }
            if positional.repeats {
                maximum = nil
            } else if !positional.actions.isEmpty {
                let longest = positional.actions.map { count(of: $0.arguments).maximum }
                maximum = longest.contains { $0 == nil } ? nil : maximum.map { $0 + 1 + (longest.compactMap { $0 }.max() ?? 0) }
            } else {
                maximum = maximum.map { $0 + 1 }
            }
        }
        return (minimum, maximum)
    }
}

/// One action of a command that has several (`runlog settings get KEY`): its word, its arguments,
/// and the options its usage line shows.
struct Action: Sendable {
    let word: String
    let arguments: [Positional]
    /// What follows the arguments on its usage line (`[--json]`).
    let usage: [Usage]

    init(_ word: String, _ arguments: [Positional] = [], usage: [Usage] = []) {
        self.word = word
        self.arguments = arguments
        self.usage = usage
    }
}
