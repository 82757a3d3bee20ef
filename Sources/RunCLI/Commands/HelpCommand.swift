/// `runlog help [COMMAND]`
enum HelpCommand: Command {
    static let name = "help"
    static let summary = "show help for runlog or one command"
    static let overview = "Shows the list of commands, or the help of COMMAND (the same as 'runlog COMMAND --help')."
    static let shape = CommandShape(positionals: [Positional("COMMAND", .commands, optional: true)], globals: [GlobalOptions.help])

    static func run(_ arguments: ParsedArguments, in context: CommandContext) throws -> Int32 {
        guard let name = arguments.positionals.first else {
            context.console.print(CLI.generalHelp)
            return ExitCode.success
        }
        guard let command = CLI.commands.first(where: { $0.name == name }) else {
            throw UsageError("unknown command '\(name)'", command: nil)
        }
        context.console.print(command.help)
        return ExitCode.success
    }
}
