/// The `--help` texts, made from the commands' declarations: usage lines, the command's own
/// description, its options in aligned columns; and `runlog --help`'s list of commands.
enum HelpText {
    /// A command's help: its usage lines, description, option sections, "options:" (its own and
    /// the global ones) and what it says after them.
    static func help(name: String, shape: CommandShape, description: String, epilogue: String?) -> String {
        var blocks = [usage(name: name, shape: shape), description]
        for section in shape.sections { blocks.append(section.title + ":\n" + table(section.options)) }
        blocks.append("options:\n" + table(shape.options + shape.globalOptions))
        if let epilogue { blocks.append(epilogue) }
        return blocks.joined(separator: "\n\n")
    }

    /// `usage: runlog NAME …`, one line per form, the later ones aligned under the first.
    static func usage(name: String, shape: CommandShape) -> String {
        shape.usage.enumerated().map { index, form in
            let line = (["runlog", name] + (form.isEmpty ? [] : [Usage.line(form)])).joined(separator: " ")
            return (index == 0 ? "usage: " : "       ") + line
        }.joined(separator: "\n")
    }

    /// Rows of `label  help`, two spaces in, the help lines aligned after the longest label.
    static func table(_ options: [Option]) -> String {
        rows(options.map { ($0.label, $0.help) })
    }

    static func rows(_ rows: [(label: String, help: String)]) -> String {
        let width = rows.map(\.label.count).max() ?? 0
        return rows.flatMap { row -> [String] in
            let lines = row.help.split(separator: "\n", omittingEmptySubsequences: false)
            let first = "  " + row.label + String(repeating: " ", count: width - row.label.count) + "  " + (lines.first ?? "")
            return [first] + lines.dropFirst().map { String(repeating: " ", count: width + 4) + $0 }
        }.joined(separator: "\n")
    }
}
