/// `runlog completions bash|zsh|fish`: the shell completion script, made from the commands' declarations.
enum CompletionsCommand: Command {
    static let name = "completions"
    static let summary = "print the bash, zsh or fish completion script"
    static let overview = """
        Prints the completion script for SHELL, made from runlog's declarations of its commands,
        options and arguments: the files in completions/ are its output ('make completions' writes
        them; 'make install' installs them). The scripts complete commands, options, files, and ask
        runlog for run numbers ('runlog list --ids'), search set names ('runlog search-sets --names'),
        settings keys ('runlog settings') and profiles ('runlog settings profiles'), with the
        --library and --profile given on the line.

          runlog completions bash > ~/.local/share/bash-completion/completions/runlog
        """
    static let shells = ["bash", "zsh", "fish"]
    static let shape = CommandShape(positionals: [Positional("SHELL", .words(shells))], globals: [GlobalOptions.help])

    static func run(_ arguments: ParsedArguments, in context: CommandContext) throws -> Int32 {
        guard let script = script(for: arguments.positionals[0]) else {
            throw UsageError("unknown shell '\(arguments.positionals[0])' (bash, zsh, fish)", command: name)
        }
        context.console.print(String(script.dropLast()))   // print ends the last line
        return ExitCode.success
    }

    /// The script for `shell` (bash, zsh, fish), nil for another.
    static func script(for shell: String) -> String? {
        let model = CompletionModel(commands: CLI.commands)
        switch shell {
        case "bash": return BashCompletion.script(model)
        case "zsh": return ZshCompletion.script(model)
        case "fish": return FishCompletion.script(model)
        default: return nil
        }
    }
}
