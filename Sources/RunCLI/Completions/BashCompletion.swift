/// `completions/runlog.bash`, made from the commands' declarations.
enum BashCompletion {
    static func script(_ model: CompletionModel) -> String {
        var lines = [prelude]
        lines.append("""
            _runlog() {
                local cur="${COMP_WORDS[COMP_CWORD]}" prev="${COMP_WORDS[COMP_CWORD - 1]}"
                local cmd="" word rest="" i
                local -a args=()
                # The command and its arguments before the cursor; options and their values are passed over.
                for ((i = 1; i < COMP_CWORD; i++)); do
                    word="${COMP_WORDS[i]}"
                    if [[ -z "$rest" && "$word" == -- ]]; then
                        rest=1
                    elif [[ -z "$rest" && "$word" == -?* && "$word" != -[0-9.]* ]]; then
                        case "$cmd:$word" in
                            \(model.valuePatterns(required: true).joined(separator: "|"))) ((i++)) ;;
                            \(model.valuePatterns(required: false).joined(separator: "|"))) [[ "${COMP_WORDS[i + 1]}" != -* ]] && ((i++)) ;;
                        esac
                    elif [[ -z "$cmd" ]]; then
                        cmd="$word"
                    else
                        args+=("$word")
                    fi
                done

                # The value of an option.
                if [[ -z "$rest" ]]; then
                    case "$cmd:$prev" in
            """)
        for (patterns, option) in model.valueCompletions {
            let action = model.helperArguments(option.completion ?? .nothing).map { "_runlog_complete \($0); return" } ?? "return"
            if case .optional = option.value {
                lines.append("            \(patterns.joined(separator: "|"))) [[ \"$cur\" != -* ]] && { \(action); } ;;")
            } else {
                lines.append("            \(patterns.joined(separator: "|"))) \(action) ;;")
            }
        }
        let root = model.rootOptions.flatMap(\.names).joined(separator: " ")
        lines.append("""
                    esac
                fi

                if [[ -z "$cmd" ]]; then
                    if [[ "$cur" == -* ]]; then
                        COMPREPLY=($(compgen -W "\(root)" -- "$cur"))
                    else
                        _runlog_complete words \(model.commandNames.joined(separator: " "))
                    fi
                    return
                fi

                if [[ "$cur" == -* && -z "$rest" ]]; then
                    case "$cmd" in
            """)
        for entry in model.commands {
            lines.append("            \(entry.name)) COMPREPLY=($(compgen -W \"\(entry.options.flatMap(\.names).joined(separator: " "))\" -- \"$cur\")) ;;")
        }
        lines.append("""
                    esac
                    return
                fi

                # The arguments: by their place, after the actions chosen.
                local n=${#args[@]}
                case "$cmd" in
            """)
        for entry in model.commands where !entry.arguments.isEmpty {
            let branches = entry.arguments.compactMap { rule -> String? in
                guard let helper = model.helperArguments(rule.completion) else { return nil }
                var conditions = ["((n \(rule.orLater ? ">=" : "==") \(rule.index)))"]
                for (index, word) in rule.words.enumerated() { conditions.append("[[ \"${args[\(index)]}\" == \(ShellWord.quoted(word)) ]]") }
                return conditions.joined(separator: " && ") + "; then _runlog_complete " + helper
            }
            lines.append("        \(entry.name))")
            for (index, branch) in branches.enumerated() {
                lines.append("            \(index == 0 ? "if" : "elif") " + branch)
            }
            lines.append("            fi ;;")
        }
        lines.append("""
                esac
            }

            complete -F _runlog runlog
            """)
        return lines.joined(separator: "\n") + "\n"
    }

    private static let prelude = """
        # bash completion for runlog: commands, options, run numbers, profiles, search set and setting names.
        # Made by 'runlog completions bash' from runlog's declarations of its commands; do not edit.
        # Run numbers come from 'runlog list --ids', set names from 'runlog search-sets --names', setting
        # keys from 'runlog settings', with the --library and --profile given on the line; profile names
        # from 'runlog settings profiles'. Installed to share/bash-completion/completions/runlog.

        _runlog_query() {
            # Runs runlog with the --library/--profile options given before the word at the cursor.
            local -a scope=()
            local i
            for ((i = 1; i + 1 < COMP_CWORD; i++)); do
                case "${COMP_WORDS[i]}" in
                    --library|--profile) scope+=("${COMP_WORDS[i]}" "${COMP_WORDS[i + 1]}") ;;
                esac
            done
            command runlog "${scope[@]}" "$@" 2>/dev/null
        }

        _runlog_words() {
            # COMPREPLY from newline-separated candidates (names may hold spaces), escaped for the shell.
            local cur="$1" line
            local -a found=()
            while IFS= read -r line; do
                [[ -n "$line" && "$line" == "$cur"* ]] && found+=("$(printf '%q' "$line")")
            done
            COMPREPLY=("${found[@]}")
        }

        _runlog_files() {
            # Files with one of the extensions given (any file when none), and folders.
            local cur="$1" file extension
            shift
            local -a found=()
            while IFS= read -r file; do
                if [[ $# -eq 0 || -d "$file" ]]; then found+=("$file"); continue; fi
                for extension in "$@"; do
                    [[ "${file,,}" == *."$extension" ]] && { found+=("$file"); break; }
                done
            done < <(compgen -f -- "$cur")
            COMPREPLY=("${found[@]}")
            compopt -o filenames 2>/dev/null
        }

        _runlog_complete() {
            # Offers what $1 names for the word at the cursor: runs, profiles, sets, keys, files [EXTENSION...],
            # folders, words WORD...
            local cur="${COMP_WORDS[COMP_CWORD]}" kind="$1"
            shift
            case "$kind" in
                runs) _runlog_words "$cur" < <(_runlog_query list --ids) ;;
                profiles) _runlog_words "$cur" < <(command runlog settings profiles 2>/dev/null | sed 's/^[* ] //') ;;
                sets) _runlog_words "$cur" < <(_runlog_query search-sets --names) ;;
                keys) _runlog_words "$cur" < <(_runlog_query settings | awk '/^  [a-zA-Z]/ { print $1 }') ;;
                files) _runlog_files "$cur" "$@" ;;
                folders) COMPREPLY=($(compgen -d -- "$cur")); compopt -o filenames 2>/dev/null ;;
                words) _runlog_words "$cur" < <(printf '%s\\n' "$@") ;;
            esac
        }

        """
}
