# bash completion for runlog — commands, options, run numbers and search set names.
# Run numbers come from `runlog list --ids`, set names from `runlog search-sets --names`, with the
# --library and --profile given on the line. Installed to share/bash-completion/completions/runlog.

_runlog_query() {
    # Runs runlog with the --library/--profile options already on the command line.
    local -a scope=()
    local i
    for ((i = 1; i < ${#COMP_WORDS[@]} - 1; i++)); do
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

_runlog() {
    local cur="${COMP_WORDS[COMP_CWORD]}" prev="${COMP_WORDS[COMP_CWORD - 1]}"
    local commands="import list show export stats records region reanalyze edit delete search search-sets share settings record live widget serve help"
    local cmd="" action="" i
    for ((i = 1; i < COMP_CWORD; i++)); do
        case "${COMP_WORDS[i]}" in
            --library|--profile|-o|--output|--set|--format|--ids-from|--to|--text|--period|--from|--distance|--duration|--sport|--heart-rate|--clear|--replay|--speed|--name)
                ((i++)) ;;
            -*) ;;
            *) if [[ -z "$cmd" ]]; then cmd="${COMP_WORDS[i]}"; elif [[ -z "$action" ]]; then action="${COMP_WORDS[i]}"; fi ;;
        esac
    done

    case "$prev" in
        --library|-o|--output|--ids-from|--replay) COMPREPLY=($(compgen -f -- "$cur")); compopt -o filenames 2>/dev/null; return ;;
        --set) _runlog_words "$cur" < <(_runlog_query search-sets --names); return ;;
        --profile) _runlog_words "$cur" < <(_runlog_query settings profiles | sed 's/^[* ] //'); return ;;
        --format) COMPREPLY=($(compgen -W "gpx geojson csv" -- "$cur")); return ;;
        --sport) COMPREPLY=($(compgen -W "running trailRunning walking hiking cycling swimming other auto" -- "$cur")); return ;;
        --heart-rate) COMPREPLY=($(compgen -W "yes no" -- "$cur")); return ;;
        --period) _runlog_words "$cur" <<< $'today\nyesterday\nthis week\nlast week\nthis month\nlast month\nthis year\nlast year\nlast 7 days\nlast 30 days'; return ;;
        --clear) COMPREPLY=($(compgen -W "text date distance duration sport heart-rate" -- "$cur")); return ;;
        --to|--text|--from|--distance|--duration|--speed|--name|--gpsd) return ;;
    esac

    if [[ -z "$cmd" ]]; then
        COMPREPLY=($(compgen -W "$commands --library --profile --help --version" -- "$cur"))
        return
    fi

    local options="--help --library --profile"
    case "$cmd" in
        import) options+=" --skip-invalid-points --allow-duplicates --no-split --jobs --json" ;;
        list) options+=" --json --ids" ;;
        show|records|region|reanalyze|delete|stats) options+=" --json" ;;
        edit) options+=" --sport --name --notes --json" ;;
        export) options+=" -o --output --format --ids-from --original" ;;
        search) options+=" --set --ids --json" ;;
        search-sets) options+=" --json --names --text --period --from --to --distance --duration --sport --heart-rate --clear" ;;
        share) options+=" -o --output --to" ;;
        settings) options+=" --json -o" ;;
        record) options+=" --replay --gpsd --speed --name --recover --discard --json" ;;
        live) options+=" --json --once --follow" ;;
        serve) options+=" --host --port" ;;
    esac
    if [[ "$cur" == -* ]]; then
        COMPREPLY=($(compgen -W "$options" -- "$cur"))
        return
    fi
    case "$cmd" in
        show|export|edit|delete|share|region|reanalyze) _runlog_words "$cur" < <(_runlog_query list --ids) ;;
        import|stats) COMPREPLY=($(compgen -f -- "$cur")); compopt -o filenames 2>/dev/null ;;
        help) COMPREPLY=($(compgen -W "$commands" -- "$cur")) ;;
        search-sets)
            if [[ -z "$action" ]]; then
                COMPREPLY=($(compgen -W "list show create edit rename delete" -- "$cur"))
            elif [[ "$action" =~ ^(show|edit|rename|delete)$ ]]; then
                _runlog_words "$cur" < <(_runlog_query search-sets --names)
            fi ;;
        settings)
            if [[ -z "$action" ]]; then
                COMPREPLY=($(compgen -W "list get set reset profiles profile export import" -- "$cur"))
            elif [[ "$action" =~ ^(get|set|reset)$ && "${COMP_WORDS[COMP_CWORD - 1]}" == "$action" ]]; then
                # The keys: the first column of the indented lines of 'runlog settings'.
                _runlog_words "$cur" < <(_runlog_query settings | awk '/^  [a-zA-Z]/ { print $1 }')
            fi ;;
        record)
            [[ -z "$action" ]] && COMPREPLY=($(compgen -W "pause resume lap finish discard" -- "$cur")) ;;
    esac
}

complete -F _runlog runlog
