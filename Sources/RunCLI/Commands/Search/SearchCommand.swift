import Foundation
import RunApp
import RunCore
import RunStore
import RunUI

/// `runlog search [TEXT] [--set NAME]`: the runs a saved search finds, as `runlog list` shows them.
enum SearchCommand: Command {
    static let name = "search"
    static let summary = "find runs with a saved search set and words, as a step in a pipeline"
    static let overview = """
        Lists the runs that the search set NAME finds and that contain every word of TEXT in their
        name, notes or place (case and accents ignored; 'runlog search-sets --help' tells what the
        place is). Without --set, the set the search.defaultSet setting names ("All runs" unless
        changed). Without TEXT, when standard input is a pipe, the words are read from it:
        the previous step of a pipeline gives them. (Inside a loop fed by a pipe, such as
        '... | while read set; do runlog search --set "$set"; done', give runlog search
        '< /dev/null' so that it leaves the loop's lines to the loop.)

        The runs are listed as 'runlog list' lists them: newest first, by month with totals.
        Finding nothing is not an error (exit 0). An unknown set is (exit 1), and the message
        names the sets there are.

          runlog search park --set "last 30 days" --ids | runlog export --ids-from - -o runs/
        """
    enum Options {
        static let set = Option("--set", .required("NAME", .searchSets), help: "the search set to use (see 'runlog search-sets')")
        static let ids = Option("--ids", help: "print the runs' numbers only, one per line")
        static let json = GlobalOptions.json("print the sections as JSON, with the set and the words searched")
    }
    static let shape = CommandShape(
        options: [Options.set, Options.ids, Options.json], positionals: [textArgument],
        usage: [[.positional(textArgument), .flag(Options.set), .optional([.oneOf([[.option(Options.ids)], [.option(Options.json)]])])]],
        globals: [GlobalOptions.library, GlobalOptions.profile.help("the settings profile (its search.defaultSet, units, language)"), GlobalOptions.help])
    private static let textArgument = Positional("TEXT", optional: true, repeats: true)

    /// The most bytes of words read from standard input.
    static let inputLimit = 64 * 1024

    static func run(_ arguments: ParsedArguments, in context: CommandContext) throws -> Int32 {
        if arguments.has(Options.ids) && arguments.has(Options.json) { throw UsageError("--ids and --json do not go together", command: name) }
        if let set = arguments.value(Options.set), set.isEmpty { throw UsageError("--set needs the name of a search set", command: name) }
        let text = try words(arguments, context: context)
        let hasLibrary = context.libraryExists || context.isLibraryExplicit
        let search = try RunSearch(library: hasLibrary ? try context.library() : nil, settings: try context.settings(),
                                   display: context.display, now: context.now)
        let set = try search.set(named: arguments.value(Options.set))
        let runs = try search.runs(in: set, text: text)
        let console = context.console
        if arguments.has(Options.ids) {
            for run in runs { console.print(String(run.id)) }
            return ExitCode.success
        }
        let json = arguments.has(Options.json)
        let sections = SearchResultsScreen.sections(for: RunListContext(runs: runs, formatter: json ? context.machineFormatter : context.formatter,
                                                                  calendar: json ? context.machineCalendar : context.calendar))
        if json {
            guard case .object(var object) = SectionTextRenderer.json(sections) else { return ExitCode.failure }
            object["set"] = .string(set.name)
            object["text"] = .from(text)
            object["runCount"] = .integer(Int64(runs.count))
            console.print(JSONValue.object(object).text())
        } else if runs.isEmpty {
            console.print("No runs found" + (text.map { " with '\($0)'" } ?? "") + " in search set '\(set.name)'.")
        } else {
            for line in SectionTextRenderer.render(sections) { console.print(line) }
        }
        return ExitCode.success
    }

    /// The words to find: the arguments, else standard input when it is a pipe; nil for none.
    private static func words(_ arguments: ParsedArguments, context: CommandContext) throws -> String? {
        var text = arguments.positionals.joined(separator: " ")
        if arguments.positionals.isEmpty && context.console.isInputPipe {
            let bytes = try context.console.readInput(limit: inputLimit)
            guard let decoded = String(validating: bytes, as: UTF8.self) else {
                throw CommandFailure("standard input is not UTF-8 text; give the words to find as arguments")
            }
            text = decoded
        }
        return RunSearch.words(text)
    }
}
