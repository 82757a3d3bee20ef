# fish completion for runlog — commands, options, run numbers and search set names.
# Run numbers come from `runlog list --ids`, set names from `runlog search-sets --names`, with the
# --library and --profile given on the line. Installed to share/fish/vendor_completions.d/runlog.fish.

function __runlog_query
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

function __runlog_is
    # Whether the command (the first word that is not an option or an option's value) is one of $argv.
    set -l tokens (commandline -opc)
    set -l skip 0
    for token in $tokens[2..-1]
        if test $skip = 1
            set skip 0
            continue
        end
        switch $token
            case --library --profile
                set skip 1
            case '-*'
            case '*'
                contains -- $token $argv
                return
        end
    end
    return 1
end

function __runlog_search_sets_action
    set -l tokens (commandline -opc)
    contains -- search-sets $tokens; or return 1
    set -l after (contains -i -- search-sets $tokens)
    set -l action $tokens[(math $after + 1)]
    test -n "$action"; and contains -- $action $argv
end

set -l commands import list show export stats records region reanalyze edit delete search search-sets share settings record live widget serve help
complete -c runlog -f
for entry in \
        "import:import GPX files or folders into the library" \
        "list:list the runs by month with totals" \
        "show:show one run's numbers" \
        "export:write runs as GPX, GeoJSON or CSV" \
        "stats:numbers of a file without importing it" \
        "records:the library's best efforts" \
        "region:the map region of a run" \
        "reanalyze:recompute runs from their originals" \
        "edit:change a run's sport, name or notes" \
        "delete:delete a run" \
        "search:find runs with a saved search set and words" \
        "search-sets:list, create, edit, rename, delete saved searches" \
        "share:write a run as an e-mail with its GPX attached" \
        "settings:show and change settings and profiles" \
        "record:record a run, or send pause, resume, lap, finish, discard" \
        "live:follow the recording in progress" \
        "widget:the recording in progress in the terminal" \
        "serve:the web UI and JSON API on this machine" \
        "help:help for a command"
    set -l parts (string split -m 1 : -- $entry)
    complete -c runlog -n "not __fish_seen_subcommand_from $commands" -a $parts[1] -d $parts[2]
end

# Global options.
complete -c runlog -l library -r -F -d 'the library file'
complete -c runlog -l profile -x -a "(__runlog_query settings profiles | string replace -r '^[* ] ' '')" -d 'settings profile'
complete -c runlog -s h -l help -d 'help'
complete -c runlog -n "not __fish_seen_subcommand_from $commands" -l version -d "runlog's version"

# Run numbers.
complete -c runlog -n "__runlog_is show export edit delete share region reanalyze" -a "(__runlog_query list --ids)" -d run
complete -c runlog -n "__runlog_is import stats" -F

# Command options.
complete -c runlog -n "__runlog_is import" -l skip-invalid-points -l allow-duplicates -l no-split
complete -c runlog -n "__runlog_is list" -l ids -d 'run numbers only'
complete -c runlog -n "__runlog_is import list show records region reanalyze edit delete stats search search-sets settings" -l json -d 'JSON output'
complete -c runlog -n "__runlog_is export share settings" -s o -l output -r -F -d 'write to a file or folder'
complete -c runlog -n "__runlog_is export" -l format -x -a 'gpx geojson csv'
complete -c runlog -n "__runlog_is export" -l ids-from -r -F -d 'run numbers from a file or -'
complete -c runlog -n "__runlog_is export" -l original -d 'the imported file'
complete -c runlog -n "__runlog_is search" -l set -x -a "(__runlog_query search-sets --names)" -d 'search set'
complete -c runlog -n "__runlog_is search" -l ids -d 'run numbers only'
complete -c runlog -n "__runlog_is share" -l to -x -d 'recipient address'

# search-sets actions, set names and filters.
complete -c runlog -n "__runlog_is search-sets; and not __fish_seen_subcommand_from list show create edit rename delete" -a 'list show create edit rename delete'
complete -c runlog -n "__runlog_search_sets_action show edit rename delete" -a "(__runlog_query search-sets --names)" -d 'search set'
complete -c runlog -n "__runlog_is search-sets" -l names -d 'names only'
complete -c runlog -n "__runlog_is search-sets" -l text -x -d 'words to find'
complete -c runlog -n "__runlog_is search-sets" -l period -x -a "today yesterday 'this week' 'last week' 'this month' 'last month' 'this year' 'last year' 'last 30 days'"
complete -c runlog -n "__runlog_is search-sets" -l from -x -d 'YYYY-MM-DD'
complete -c runlog -n "__runlog_is search-sets" -l to -x -d 'YYYY-MM-DD'
complete -c runlog -n "__runlog_is search-sets" -l distance -x -d 'MIN..MAX, e.g. 5km..10km'
complete -c runlog -n "__runlog_is search-sets" -l duration -x -d 'MIN..MAX, e.g. 30min..1h'
complete -c runlog -n "__runlog_is search-sets" -l sport -x -a 'running trailRunning walking hiking cycling swimming other'
complete -c runlog -n "__runlog_is edit" -l sport -x -a 'running trailRunning walking hiking cycling swimming other auto'
complete -c runlog -n "__runlog_is edit" -l name -x -d 'the run\'s name'
complete -c runlog -n "__runlog_is edit" -l notes -x -d 'notes, or - for standard input'
complete -c runlog -n "__runlog_is search-sets" -l heart-rate -x -a 'yes no'
complete -c runlog -n "__runlog_is search-sets" -l clear -x -a 'text date distance duration sport heart-rate'

# serve.
complete -c runlog -n "__runlog_is serve" -l host -x -d 'the address to listen on (default 127.0.0.1)'
complete -c runlog -n "__runlog_is serve" -l port -x -d 'the TCP port (default 8080)'

# record and live.
complete -c runlog -n "__runlog_is record; and not __fish_seen_subcommand_from pause resume lap finish discard" -a 'pause resume lap finish discard'
complete -c runlog -n "__runlog_is record" -l replay -r -F -d 'a GPX file to replay'
complete -c runlog -n "__runlog_is record" -l gpsd -d 'a live GPS through gpsd'
complete -c runlog -n "__runlog_is record" -l speed -x -d 'replay speed'
complete -c runlog -n "__runlog_is record" -l name -x -d "the run's name"
complete -c runlog -n "__runlog_is record" -l recover -d 'store an interrupted recording'
complete -c runlog -n "__runlog_is record" -l discard -d 'with --recover: drop it'
complete -c runlog -n "__runlog_is record live" -l json -d 'JSON output'
complete -c runlog -n "__runlog_is live" -l once -d 'the current state only'
complete -c runlog -n "__runlog_is live" -l follow -d 'also the recordings after this one'

# settings actions and help topics.
complete -c runlog -n "__runlog_is settings; and not __fish_seen_subcommand_from list get set reset profiles profile export import" -a 'list get set reset profiles profile export import'
complete -c runlog -n "__runlog_is help" -a "$commands"
