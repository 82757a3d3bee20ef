/// `completions/_runlog`, made from the commands' declarations.
enum ZshCompletion {
    static func script(_ model: CompletionModel) -> String {
        var lines = [prelude]
        lines.append("  local -a commands")
        lines.append("  commands=(")
        for entry in model.commands {
            lines.append("    " + ShellWord.quoted(entry.name + ":" + entry.summary))
        }
        lines.append("""
              )
              local cur=$PREFIX prev=${words[CURRENT-1]} cmd word rest i
              local -a args
              # The command and its arguments before the cursor; options and their values are passed over.
              for (( i = 2; i < CURRENT; i++ )); do
                word=${words[i]}
                if [[ -z $rest && $word == -- ]]; then
                  rest=1
                elif [[ -z $rest && $word == -?* && $word != -[0-9.]* ]]; then
                  case "$cmd:$word" in
                    (\(model.valuePatterns(required: true).joined(separator: "|"))) (( i++ )) ;;
                    (\(model.valuePatterns(required: false).joined(separator: "|"))) [[ ${words[i+1]} != -* ]] && (( i++ )) ;;
                  esac
                elif [[ -z $cmd ]]; then
                  cmd=$word
                else
                  args+=("$word")
                fi
              done

              # The value of an option.
              if [[ -z $rest ]]; then
                case "$cmd:$prev" in
            """)
        for (patterns, option) in model.valueCompletions {
            let action = model.helperArguments(option.completion ?? .nothing).map { "_runlog_complete \($0); return" } ?? "return"
            if case .optional = option.value {
                lines.append("      (\(patterns.joined(separator: "|"))) [[ $cur != -* ]] && { \(action) } ;;")
            } else {
                lines.append("      (\(patterns.joined(separator: "|"))) \(action) ;;")
            }
        }
        lines.append("""
                esac
              fi

              if [[ -z $cmd ]]; then
                if [[ $cur == -* ]]; then compadd -- \(model.rootOptions.flatMap(\.names).joined(separator: " ")); else _describe -t commands 'runlog command' commands; fi
                return
              fi

              if [[ $cur == -* && -z $rest ]]; then
                case $cmd in
            """)
        for entry in model.commands {
            lines.append("      (\(entry.name)) compadd -- \(entry.options.flatMap(\.names).joined(separator: " ")) ;;")
        }
        lines.append("""
                esac
                return
              fi

              # The arguments: by their place, after the actions chosen.
              local n=${#args}
              case $cmd in
            """)
        for entry in model.commands where !entry.arguments.isEmpty {
            let branches = entry.arguments.compactMap { rule -> String? in
                guard let helper = model.helperArguments(rule.completion) else { return nil }
                var conditions = ["(( n \(rule.orLater ? ">=" : "==") \(rule.index) ))"]
                for (index, word) in rule.words.enumerated() { conditions.append("[[ ${args[\(index + 1)]} == \(ShellWord.quoted(word)) ]]") }
                let helperCall = rule.completion == .commands ? "_describe -t commands 'runlog command' commands" : "_runlog_complete " + helper
                return conditions.joined(separator: " && ") + "; then " + helperCall
            }
            lines.append("    (\(entry.name))")
            for (index, branch) in branches.enumerated() {
                lines.append("      \(index == 0 ? "if" : "elif") " + branch)
            }
            lines.append("      fi ;;")
        }
        lines.append("""
              esac
            }

            _runlog "$@"
            """)
        return lines.joined(separator: "\n") + "\n"
    }

    private static let prelude = """
        #compdef runlog
        # zsh completion for runlog: commands, options, run numbers, profiles, search set and setting names.
        # Made by 'runlog completions zsh' from runlog's declarations of its commands; do not edit.
        # Run numbers come from 'runlog list --ids', set names from 'runlog search-sets --names', setting
        # keys from 'runlog settings', with the --library and --profile given on the line; profile names
        # from 'runlog settings profiles'. Installed to share/zsh/site-functions/_runlog.

        _runlog_query() {
          # Runs runlog with the --library/--profile options given before the word at the cursor.
          local -a scope
          local i
          for (( i = 2; i + 1 < CURRENT; i++ )); do
            case ${words[i]} in
              (--library|--profile) scope+=(${words[i]} ${(Q)words[i+1]}) ;;
            esac
          done
          command runlog $scope "$@" 2>/dev/null
        }

        _runlog_complete() {
          # Offers what $1 names: runs, profiles, sets, keys, files [EXTENSION...], folders, words WORD...
          local kind=$1
          shift
          local -a found
          case $kind in
            (runs) found=("${(@f)$(_runlog_query list --ids)}") ;;
            (profiles) found=("${(@f)$(command runlog settings profiles 2>/dev/null | sed 's/^[* ] //')}") ;;
            (sets) found=("${(@f)$(_runlog_query search-sets --names)}") ;;
            (keys) found=("${(@f)$(_runlog_query settings | awk '/^  [a-zA-Z]/ { print $1 }')}") ;;
            (files) if (( $# )); then _files -g "*.(${(j:|:)@})(-.)"; else _files; fi; return ;;
            (folders) _files -/; return ;;
            (words) found=("$@") ;;
          esac
          found=(${found:#})
          compadd -a found
        }

        _runlog() {
        """
}
