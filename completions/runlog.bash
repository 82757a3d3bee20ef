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
        words) _runlog_words "$cur" < <(printf '%s\n' "$@") ;;
    esac
}

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
                *:--library|*:--profile|import:--jobs|export:-o|export:--output|export:--format|export:--ids-from|records:--sport|region:--gap|region:--padding|region:--minimum-span|edit:--sport|edit:--name|edit:--notes|search:--set|search-sets:--text|search-sets:--period|search-sets:--from|search-sets:--to|search-sets:--distance|search-sets:--duration|search-sets:--sport|search-sets:--heart-rate|search-sets:--clear|share:-o|share:--output|share:--to|settings:-o|record:--replay|record:--speed|record:--name|serve:--host|serve:--port|serve:--database|serve:--public-url|serve:--access-log|serve:--trust-proxy|users:--role|tokens:--label) ((i++)) ;;
                record:--gpsd) [[ "${COMP_WORDS[i + 1]}" != -* ]] && ((i++)) ;;
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
            *:--library) _runlog_complete files; return ;;
            *:--profile) _runlog_complete profiles; return ;;
            import:--jobs) return ;;
            export:-o|export:--output) _runlog_complete files; return ;;
            export:--format) _runlog_complete words gpx geojson csv; return ;;
            export:--ids-from) _runlog_complete files; return ;;
            records:--sport) _runlog_complete words running trailRunning walking hiking cycling swimming other all; return ;;
            region:--gap) return ;;
            region:--padding) return ;;
            region:--minimum-span) return ;;
            edit:--sport) _runlog_complete words running trailRunning walking hiking cycling swimming other auto; return ;;
            edit:--name) return ;;
            edit:--notes) return ;;
            search:--set) _runlog_complete sets; return ;;
            search-sets:--text) return ;;
            search-sets:--period) _runlog_complete words today yesterday 'this week' 'last week' 'this month' 'last month' 'this year' 'last year' 'last 7 days' 'last 30 days'; return ;;
            search-sets:--from) return ;;
            search-sets:--to) return ;;
            search-sets:--distance) return ;;
            search-sets:--duration) return ;;
            search-sets:--sport) _runlog_complete words running trailRunning walking hiking cycling swimming other; return ;;
            search-sets:--heart-rate) _runlog_complete words yes no; return ;;
            search-sets:--clear) _runlog_complete words text date distance duration sport heart-rate; return ;;
            share:-o|share:--output) _runlog_complete files eml; return ;;
            share:--to) return ;;
            settings:-o) _runlog_complete files json; return ;;
            record:--replay) _runlog_complete files gpx; return ;;
            record:--gpsd) [[ "$cur" != -* ]] && { return; } ;;
            record:--speed) return ;;
            record:--name) return ;;
            serve:--host) return ;;
            serve:--port) return ;;
            serve:--database) return ;;
            serve:--public-url) return ;;
            serve:--access-log) _runlog_complete words on off; return ;;
            serve:--trust-proxy) return ;;
            users:--role) _runlog_complete words admin runner; return ;;
            tokens:--label) return ;;
        esac
    fi

    if [[ -z "$cmd" ]]; then
        if [[ "$cur" == -* ]]; then
            COMPREPLY=($(compgen -W "--library --profile -h --help --version" -- "$cur"))
        else
            _runlog_complete words import list show export stats records region reanalyze edit delete search search-sets share settings record live widget serve users tokens completions help
        fi
        return
    fi

    if [[ "$cur" == -* && -z "$rest" ]]; then
        case "$cmd" in
            import) COMPREPLY=($(compgen -W "--skip-invalid-points --allow-duplicates --no-split --jobs --json --library --profile -h --help" -- "$cur")) ;;
            list) COMPREPLY=($(compgen -W "--json --ids --library --profile -h --help" -- "$cur")) ;;
            show) COMPREPLY=($(compgen -W "--json --library --profile -h --help" -- "$cur")) ;;
            export) COMPREPLY=($(compgen -W "-o --output --format --ids-from --original --library --profile -h --help" -- "$cur")) ;;
            stats) COMPREPLY=($(compgen -W "--skip-invalid-points --json --library --profile -h --help" -- "$cur")) ;;
            records) COMPREPLY=($(compgen -W "--sport --json --library --profile -h --help" -- "$cur")) ;;
            region) COMPREPLY=($(compgen -W "--gap --padding --minimum-span --json --library --profile -h --help" -- "$cur")) ;;
            reanalyze) COMPREPLY=($(compgen -W "--all --stale --json --library --profile -h --help" -- "$cur")) ;;
            edit) COMPREPLY=($(compgen -W "--sport --name --notes --json --library --profile -h --help" -- "$cur")) ;;
            delete) COMPREPLY=($(compgen -W "--json --library --profile -h --help" -- "$cur")) ;;
            search) COMPREPLY=($(compgen -W "--set --ids --json --library --profile -h --help" -- "$cur")) ;;
            search-sets) COMPREPLY=($(compgen -W "--text --period --from --to --distance --duration --sport --heart-rate --clear --json --names --library --profile -h --help" -- "$cur")) ;;
            share) COMPREPLY=($(compgen -W "-o --output --to --library --profile -h --help" -- "$cur")) ;;
            settings) COMPREPLY=($(compgen -W "--json -o --library --profile -h --help" -- "$cur")) ;;
            record) COMPREPLY=($(compgen -W "--replay --gpsd --speed --name --recover --discard --json --library --profile -h --help" -- "$cur")) ;;
            live) COMPREPLY=($(compgen -W "--json --once --follow --library --profile -h --help" -- "$cur")) ;;
            widget) COMPREPLY=($(compgen -W "--library --profile -h --help" -- "$cur")) ;;
            serve) COMPREPLY=($(compgen -W "--host --port --database --public-url --access-log --trust-proxy --library --profile -h --help" -- "$cur")) ;;
            users) COMPREPLY=($(compgen -W "--json --role --password-stdin --yes --library --profile -h --help" -- "$cur")) ;;
            tokens) COMPREPLY=($(compgen -W "--json --label --library --profile -h --help" -- "$cur")) ;;
            completions) COMPREPLY=($(compgen -W "--library --profile -h --help" -- "$cur")) ;;
            help) COMPREPLY=($(compgen -W "--library --profile -h --help" -- "$cur")) ;;
        esac
        return
    fi

    # The arguments: by their place, after the actions chosen.
    local n=${#args[@]}
    case "$cmd" in
        import)
            if ((n >= 0)); then _runlog_complete files
            fi ;;
        show)
            if ((n == 0)); then _runlog_complete runs
            fi ;;
        export)
            if ((n >= 0)); then _runlog_complete runs
            fi ;;
        stats)
            if ((n >= 0)); then _runlog_complete files
            fi ;;
        region)
            if ((n == 0)); then _runlog_complete runs
            fi ;;
        reanalyze)
            if ((n >= 0)); then _runlog_complete runs
            fi ;;
        edit)
            if ((n == 0)); then _runlog_complete runs
            fi ;;
        delete)
            if ((n == 0)); then _runlog_complete runs
            fi ;;
        search-sets)
            if ((n == 0)); then _runlog_complete words list show create edit rename delete
            elif ((n == 1)) && [[ "${args[0]}" == show ]]; then _runlog_complete sets
            elif ((n == 1)) && [[ "${args[0]}" == edit ]]; then _runlog_complete sets
            elif ((n == 1)) && [[ "${args[0]}" == rename ]]; then _runlog_complete sets
            elif ((n == 1)) && [[ "${args[0]}" == delete ]]; then _runlog_complete sets
            fi ;;
        share)
            if ((n == 0)); then _runlog_complete runs
            fi ;;
        settings)
            if ((n == 0)); then _runlog_complete words list get set reset profiles profile export import
            elif ((n == 1)) && [[ "${args[0]}" == get ]]; then _runlog_complete keys
            elif ((n == 1)) && [[ "${args[0]}" == set ]]; then _runlog_complete keys
            elif ((n == 1)) && [[ "${args[0]}" == reset ]]; then _runlog_complete keys
            elif ((n == 1)) && [[ "${args[0]}" == profile ]]; then _runlog_complete words create copy rename delete use
            elif ((n == 2)) && [[ "${args[0]}" == profile ]] && [[ "${args[1]}" == copy ]]; then _runlog_complete profiles
            elif ((n == 2)) && [[ "${args[0]}" == profile ]] && [[ "${args[1]}" == rename ]]; then _runlog_complete profiles
            elif ((n == 2)) && [[ "${args[0]}" == profile ]] && [[ "${args[1]}" == delete ]]; then _runlog_complete profiles
            elif ((n == 2)) && [[ "${args[0]}" == profile ]] && [[ "${args[1]}" == use ]]; then _runlog_complete profiles
            elif ((n == 1)) && [[ "${args[0]}" == import ]]; then _runlog_complete files json
            fi ;;
        record)
            if ((n == 0)); then _runlog_complete words pause resume lap finish discard
            fi ;;
        users)
            if ((n == 0)); then _runlog_complete words list add disable enable reset-password delete
            fi ;;
        tokens)
            if ((n == 0)); then _runlog_complete words create list revoke
            fi ;;
        completions)
            if ((n == 0)); then _runlog_complete words bash zsh fish
            fi ;;
        help)
            if ((n == 0)); then _runlog_complete words import list show export stats records region reanalyze edit delete search search-sets share settings record live widget serve users tokens completions help
            fi ;;
    esac
}

complete -F _runlog runlog
