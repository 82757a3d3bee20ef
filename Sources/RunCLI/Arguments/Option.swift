/// One command-line option, declared once: the parser, the help and the completion scripts read it.
///
/// An option is known by its names (`--output`, `-o`); the parsed value is kept under ``key`` (the
/// long name, else the short one), so either spelling reads the same.
struct Option: Sendable {
    /// The long name with its dashes (`--output`), if any.
    let long: String?
    /// The short name with its dash (`-o`), if any.
    let short: String?
    /// Whether the option takes a value, and what it is.
    let value: OptionValue
    /// The help line; further lines (after `\n`) continue it, indented under its first line.
    let help: String

    init(_ long: String? = nil, short: String? = nil, _ value: OptionValue = .none, help: String) {
        precondition(long != nil || short != nil, "an option has a name")
        self.long = long
        self.short = short
        self.value = value
        self.help = help
    }

    /// The name the parsed value is kept under: the long name, else the short one.
    var key: String { long ?? short! }

    /// Every name, short first (`-o`, `--output`).
    var names: [String] { [short, long].compactMap { $0 } }

    /// The same option with another help line (a command says what the option means for it).
    func help(_ text: String) -> Option { Option(long, short: short, value, help: text) }

    /// `-o, --output FILE` or `--gpsd [HOST:PORT]`: the option as the help lists it.
    var label: String {
        let names = names.joined(separator: ", ")
        switch value {
        case .none: return names
        case .required(let placeholder, _): return names + " " + placeholder
        case .optional(let placeholder, _): return names + " [" + placeholder + "]"
        }
    }

    /// `--replay FILE`, `--gpsd [HOST:PORT]`, `-o FILE`: the option by one name (the short one if
    /// it has one), as a usage line shows it.
    var usage: String {
        let key = short ?? self.key
        switch value {
        case .none: return key
        case .required(let placeholder, _): return key + " " + placeholder
        case .optional(let placeholder, _): return key + " [" + placeholder + "]"
        }
    }

    /// Whether the option takes a value (given or optional).
    var takesValue: Bool { if case .none = value { false } else { true } }

    /// What its value completes to (nil: it takes none).
    var completion: ValueCompletion? {
        switch value {
        case .none: return nil
        case .required(_, let completion), .optional(_, let completion): return completion
        }
    }
}

/// Whether an option takes a value.
enum OptionValue: Sendable {
    /// A flag (`--json`).
    case none
    /// A value always follows (`--format FORMAT`, or `--format=FORMAT`); `placeholder` names it in the help.
    case required(_ placeholder: String, ValueCompletion = .nothing)
    /// A value may follow (`--gpsd` or `--gpsd HOST:PORT`): the next argument is the value unless it
    /// starts with `-`; left out, the value is "".
    case optional(_ placeholder: String, ValueCompletion = .nothing)
}

/// What the shells offer for a value or an argument.
enum ValueCompletion: Sendable, Equatable {
    /// Nothing to offer (free text: a name, a number, an address).
    case nothing
    /// Files (with these extensions, any when empty) and folders to walk into.
    case files(extensions: [String])
    /// Folders.
    case folders
    /// Run numbers (`runlog list --ids`).
    case runIDs
    /// Settings profile names (`runlog settings profiles`).
    case profiles
    /// Search set names (`runlog search-sets --names`).
    case searchSets
    /// Settings keys (`runlog settings`).
    case settingsKeys
    /// runlog's command names.
    case commands
    /// One of these words (a word may hold spaces: `last week`).
    case words([String])

    /// Any file or folder.
    static let anyFile = ValueCompletion.files(extensions: [])
}
