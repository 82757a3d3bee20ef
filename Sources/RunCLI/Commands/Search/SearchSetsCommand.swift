import Foundation
import RunApp
import RunCore
import RunStore
import RunUI

/// `runlog search-sets …`: list, show, create, edit, rename and delete saved searches.
enum SearchSetsCommand: Command {
    static let name = "search-sets"
    static let summary = "list, create, edit, rename and delete saved searches"
    static let overview = """
        A search set is a saved search with a name; 'runlog search --set NAME' uses one, and
        without --set a search uses the set the search.defaultSet setting names (default: "All runs").
        Names take 1 to 100 characters and are compared without regard to case.

        "All runs" has no filter and always exists: it cannot be edited, renamed or deleted (the
        setting and scripts rely on its name). Renaming a set also renames it in every settings
        profile whose search.defaultSet names it; a set that a profile uses as its default cannot
        be deleted until the profile names another.

        The list shows each set's filters as the options that make it. --names prints one name per
        line (for shell completion); --json prints the sets with their definitions as stored (SI
        units, ISO 8601 UTC times).
        """
    enum Options {
        static let json = GlobalOptions.json("machine-readable output (list, show)")
        static let names = Option("--names", help: "list: the names only, one per line")
    }
    static let shape: CommandShape = {
        let set = Positional("NAME", .searchSets)
        let filters = Usage.text("[filters]")
        return CommandShape(
            sections: [SearchFilterOptions.section], options: [Options.json, Options.names],
            positionals: [Positional(actions: [
                Action("list", usage: [.optional([.oneOf([[.option(Options.json)], [.option(Options.names)]])])]),
                Action("show", [set], usage: [.flag(Options.json)]),
                Action("create", [Positional("NAME")], usage: [filters]),
                Action("edit", [set], usage: [filters, .flag(SearchFilterOptions.clear)]),
                Action("rename", [set, Positional("NEW-NAME")]),
                Action("delete", [set]),
            ], optional: true)],
            globals: [GlobalOptions.library, GlobalOptions.profile.help("the settings profile whose search.defaultSet marks the default"), GlobalOptions.help])
    }()

    static func run(_ arguments: ParsedArguments, in context: CommandContext) throws -> Int32 {
        var words = arguments.positionals[...]
        let action = words.popFirst() ?? "list"
        func operands(_ count: Int, _ usage: String) throws -> [String] {
            guard words.count == count else {
                throw UsageError.operands(Array(words), expected: count...count, usage: "search-sets \(usage)", command: name)
            }
            return Array(words)
        }
        func noFilters(_ usage: String) throws {
            if let given = SearchFilterOptions.options.sorted(by: { $0.key < $1.key }).first(where: { arguments.value($0) != nil })?.key {
                throw UsageError("\(given) belongs to create and edit, not \(usage)", command: name)
            }
        }
        let catalog = SearchSetCatalog(context: context)
        let console = context.console
        switch action {
        case "list":
            _ = try operands(0, "list [--json | --names]")
            try noFilters("list")
            if arguments.has(Options.json) && arguments.has(Options.names) { throw UsageError("--json and --names do not go together", command: name) }
            let sets = try catalog.sets()
            if arguments.has(Options.names) {
                for set in sets { console.print(set.name) }
            } else {
                try print(sets, catalog: catalog, json: arguments.has(Options.json), context: context)
            }
        case "show":
            let given = try operands(1, "show NAME [--json]")
            try noFilters("show")
            try print([try SearchSet.find(given[0], in: catalog.sets())], catalog: catalog, json: arguments.has(Options.json), context: context)
        case "create":
            let given = try operands(1, "create NAME [filters]")
            if arguments.value(SearchFilterOptions.clear) != nil { throw UsageError("--clear belongs to edit", command: name) }
            var definition = SearchDefinition()
            try SearchFilterOptions.apply(arguments, to: &definition, clock: context.searchClock, command: name)
            let set = try context.library(creating: true).createSearchSet(named: given[0], definition: definition, nowSeconds: context.now.timeIntervalSince1970)
            console.print("created search set '\(set.name)'" + describe(definition, context))
        case "edit":
            let given = try operands(1, "edit NAME [filters] [--clear FILTER,...]")
            let library = try context.library()
            var definition = try library.searchSet(named: given[0]).definition
            try SearchFilterOptions.apply(arguments, to: &definition, clock: context.searchClock, command: name)
            try library.updateSearchSet(named: given[0], definition: definition, nowSeconds: context.now.timeIntervalSince1970)
            console.print("changed search set '\(try library.searchSet(named: given[0]).name)'" + describe(definition, context))
        case "rename":
            let given = try operands(2, "rename NAME NEW-NAME")
            try noFilters("rename")
            // The set and every profile naming it, or neither (SearchSets.rename).
            let renamed = try catalog.searchSets(requiringLibrary: true)
                .rename(given[0], to: given[1], nowSeconds: context.now.timeIntervalSince1970)
            console.print("renamed search set '\(renamed.oldName)' to '\(given[1])'")
            for profile in renamed.profiles {
                console.print("profile '\(profile)': search.defaultSet is now '\(given[1])'")
            }
            context.settingsChanged()
        case "delete":
            let given = try operands(1, "delete NAME")
            try noFilters("delete")
            let set = try SearchSet.find(given[0], in: catalog.sets())
            let deleted = try catalog.searchSets(requiringLibrary: true).delete(named: set.name)
            console.print("deleted search set '\(deleted)'")
        default:
            throw UsageError("unknown search-sets action '\(action)' (list, show, create, edit, rename, delete)", command: name)
        }
        return ExitCode.success
    }

    private static func print(_ sets: [SearchSet], catalog: SearchSetCatalog, json: Bool, context: CommandContext) throws {
        let defaultName = try catalog.defaultSetName()
        if json {
            context.console.print(SearchSetsSection.json(sets, defaultSetName: defaultName).text())
            return
        }
        let section = SearchSetsSection(sets: sets, defaultSetName: defaultName, formatter: context.formatter, calendar: context.calendar)
        for line in SectionTextRenderer.render([section]) { context.console.print(line) }
    }

    private static func describe(_ definition: SearchDefinition, _ context: CommandContext) -> String {
        let line = SearchDefinitionText(calendar: context.calendar).line(definition)
        return line.isEmpty ? " (no filter: every run)" : ": " + line
    }
}
