/// `completions/runlog.fish`, made from the commands' declarations.
enum FishCompletion {
    static func script(_ model: CompletionModel) -> String {
        var lines = [prelude]
        lines.append("function __runlog_value_option --argument-names cmd token")
        lines.append("    # 0: the option takes a value; 2: it may take one; 1: neither.")
        lines.append("    switch \"$cmd:$token\"")
        lines.append("        case " + model.valuePatterns(required: true).map(ShellWord.fishQuoted).joined(separator: " "))
        lines.append("            return 0")
        let optional = model.valuePatterns(required: false)
        if !optional.isEmpty {
            lines.append("        case " + optional.map(ShellWord.fishQuoted).joined(separator: " "))
            lines.append("            return 2")
        }
        lines.append("    end")
        lines.append("    return 1")
        lines.append("end")
        lines.append("")
        lines.append("complete -c runlog -f")
        lines.append("")
        lines.append("# Commands.")
        for entry in model.commands {
            lines.append("complete -c runlog -n __runlog_no_command -a \(entry.name) -d \(ShellWord.fishQuoted(entry.summary))")
        }
        lines.append("")
        lines.append("# Options before a command.")
        for option in model.rootOptions where !GlobalOptions.commandOptions.contains(where: { $0.key == option.key }) {
            lines.append("complete -c runlog -n __runlog_no_command " + names(option) + " -d " + ShellWord.fishQuoted(ShellWord.description(option.help)))
        }
        lines.append("")
        lines.append("# Options every command takes.")
        for option in GlobalOptions.commandOptions {
            lines.append("complete -c runlog " + names(option) + value(option, model) + " -d " + ShellWord.fishQuoted(ShellWord.description(option.help)))
        }
        for entry in model.commands {
            let own = entry.options.filter { option in !GlobalOptions.commandOptions.contains { $0.key == option.key } }
            let arguments = entry.arguments.filter { $0.completion != .nothing }
            guard !own.isEmpty || !arguments.isEmpty else { continue }
            lines.append("")
            lines.append("# \(entry.name)")
            for option in own {
                lines.append("complete -c runlog -n '__runlog_is \(entry.name)' " + names(option) + value(option, model)
                             + " -d " + ShellWord.fishQuoted(ShellWord.description(option.help)))
            }
            for rule in arguments {
                let place = "\(rule.index)\(rule.orLater ? "+" : "")"
                let condition = (["__runlog_at", entry.name, place] + rule.words).map(ShellWord.quoted).joined(separator: " ")
                lines.append("complete -c runlog -n \(ShellWord.fishQuoted(condition))" + offer(rule.completion, model))
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// `-s o -l output`
    private static func names(_ option: Option) -> String {
        [option.short.map { "-s " + $0.dropFirst() }, option.long.map { "-l " + $0.dropFirst(2) }].compactMap { $0 }.joined(separator: " ")
    }

    /// What an option's value completes to: ` -r -F`, ` -x -a '…'`, or nothing for a flag.
    private static func value(_ option: Option, _ model: CompletionModel) -> String {
        guard let completion = option.completion else { return "" }
        if case .optional = option.value { return offer(completion, model, describing: false) }   // a value may follow: not required
        return completion == .nothing ? " -x" : offer(completion, model, files: "-x", describing: false)
    }

    /// ` -f -a '…'`: what to offer; `files` is `-f` (no files) or `-x` (an option's value, no files);
    /// `describing`: what the values are (an option's values are described by the option's help).
    private static func offer(_ completion: ValueCompletion, _ model: CompletionModel, files: String = "-f", describing: Bool = true) -> String {
        let f = " " + files
        let what = { (description: String) in describing ? " -d " + description : "" }
        switch completion {
        case .nothing: return ""
        case .files(let extensions):
            if extensions.isEmpty { return " -r -F" }
            return f + " -a " + ShellWord.fishQuoted("(__runlog_files " + extensions.joined(separator: " ") + ")")
        case .folders: return f + " -a '(__fish_complete_directories)'"
        case .runIDs: return f + " -a '(__runlog_query list --ids)'" + what("run")
        case .profiles: return f + " -a '(__runlog_profiles)'" + what("profile")
        case .searchSets: return f + " -a '(__runlog_query search-sets --names)'" + what("'search set'")
        case .settingsKeys: return f + " -a '(__runlog_settings_keys)'" + what("setting")
        case .commands: return f + " -a " + ShellWord.fishQuoted(model.commandNames.joined(separator: " "))
        case .words(let words): return f + " -a " + ShellWord.fishQuoted(words.map(ShellWord.quoted).joined(separator: " "))
        }
    }

    private static let prelude = """
        # fish completion for runlog: commands, options, run numbers, profiles, search set and setting names.
        # Made by 'runlog completions fish' from runlog's declarations of its commands; do not edit.
        # Run numbers come from 'runlog list --ids', set names from 'runlog search-sets --names', setting
        # keys from 'runlog settings', with the --library and --profile given on the line; profile names
        # from 'runlog settings profiles'. Installed to share/fish/vendor_completions.d/runlog.fish.

        function __runlog_query
            # Runs runlog with the --library/--profile options given before the word at the cursor.
            set -l tokens (commandline -opc)
            set -l scope
            for i in (seq 2 (count $tokens))
                switch $tokens[$i]
                    case --library --profile
                        set -l next (math $i + 1)
                        if test $next -le (count $tokens)
                            set scope $scope $tokens[$i] $tokens[$next]
                        end
                end
            end
            command runlog $scope $argv 2>/dev/null
        end

        function __runlog_profiles
            command runlog settings profiles 2>/dev/null | string replace -r '^[* ] ' ''
        end

        function __runlog_settings_keys
            __runlog_query settings | string match -r '^  [a-zA-Z][^ ]*' | string trim
        end

        function __runlog_files
            # The files with one of the extensions $argv (any case), and folders, for the word at the cursor.
            set -l token (commandline -ct)
            for file in $token*
                if test -d $file
                    echo $file/
                else
                    for extension in $argv
                        if string match -qi -- "*.$extension" $file
                            echo $file
                            break
                        end
                    end
                end
            end
        end

        function __runlog_state
            # Whether the word at the cursor is an option's value ('value') or not ('free'), then the
            # command ('' before one), then its arguments before the cursor, one per line.
            set -l tokens (commandline -opc)
            set -e tokens[1]
            set -l cmd ''
            set -l arguments
            set -l skip 0
            set -l rest 0
            for token in $tokens
                if test $skip = 1
                    set skip 0
                    continue
                else if test $skip = 2
                    set skip 0
                    string match -q -- '-*' $token; or continue
                end
                if test $rest = 0; and test "$token" = --
                    set rest 1
                else if test $rest = 0; and string match -qr -- '^-[^0-9.]' $token
                    __runlog_value_option "$cmd" $token
                    set skip $status
                    test $skip = 1; and set skip 0
                else if test -z "$cmd"
                    set cmd $token
                else
                    set arguments $arguments $token
                end
            end
            if test $skip = 0
                echo free
            else
                echo value
            end
            echo $cmd
            for argument in $arguments
                echo $argument
            end
        end

        function __runlog_no_command
            set -l state (__runlog_state)
            test -z "$state[2]"
        end

        function __runlog_is
            # Whether the command is one of $argv.
            set -l state (__runlog_state)
            contains -- "$state[2]" $argv
        end

        function __runlog_at --argument-names cmd place
            # Whether the word at the cursor is argument PLACE (N, or N+ for N or later) of CMD, after
            # the words given (the actions chosen).
            set -l state (__runlog_state)
            test "$state[1]" = free; and test "$state[2]" = "$cmd"; or return 1
            set -e state[1..2]
            set -l count (count $state)
            set -l index (string replace + '' -- $place)
            if string match -q -- '*+' $place
                test $count -ge $index; or return 1
            else
                test $count -eq $index; or return 1
            end
            set -l words $argv
            set -e words[1..2]
            set -l i 1
            for word in $words
                test "$state[$i]" = "$word"; or return 1
                set i (math $i + 1)
            end
        end

        """
}
