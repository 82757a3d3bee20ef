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

function __runlog_value_option --argument-names cmd token
    # 0: the option takes a value; 2: it may take one; 1: neither.
    switch "$cmd:$token"
        case '*:--library' '*:--profile' 'import:--jobs' 'export:-o' 'export:--output' 'export:--format' 'export:--ids-from' 'records:--sport' 'region:--gap' 'region:--padding' 'region:--minimum-span' 'edit:--sport' 'edit:--name' 'edit:--notes' 'search:--set' 'search-sets:--text' 'search-sets:--period' 'search-sets:--from' 'search-sets:--to' 'search-sets:--distance' 'search-sets:--duration' 'search-sets:--sport' 'search-sets:--heart-rate' 'search-sets:--clear' 'share:-o' 'share:--output' 'share:--to' 'settings:-o' 'record:--replay' 'record:--speed' 'record:--name' 'serve:--host' 'serve:--port' 'serve:--database' 'serve:--public-url' 'serve:--access-log' 'serve:--trust-proxy' 'users:--role' 'tokens:--label'
            return 0
        case 'record:--gpsd'
            return 2
    end
    return 1
end

complete -c runlog -f

# Commands.
complete -c runlog -n __runlog_no_command -a import -d 'import activity files, folders and exports (GPX, FIT, TCX, zip) into the library'
complete -c runlog -n __runlog_no_command -a list -d 'list the runs: this week, then by month with totals, newest first'
complete -c runlog -n __runlog_no_command -a show -d 'show one run\'s numbers'
complete -c runlog -n __runlog_no_command -a export -d 'write runs as GPX 1.1, GeoJSON or CSV (or their original files)'
complete -c runlog -n __runlog_no_command -a stats -d 'show the numbers of activity files (GPX, FIT, TCX) without importing them'
complete -c runlog -n __runlog_no_command -a records -d 'the library\'s best effort at each standard distance'
complete -c runlog -n __runlog_no_command -a region -d 'the map region that shows a run, leaving far-off GPS fixes out'
complete -c runlog -n __runlog_no_command -a reanalyze -d 'recompute runs\' numbers from their stored originals'
complete -c runlog -n __runlog_no_command -a edit -d 'change a run\'s sport, name or notes'
complete -c runlog -n __runlog_no_command -a delete -d 'delete a run from the library'
complete -c runlog -n __runlog_no_command -a search -d 'find runs with a saved search set and words, as a step in a pipeline'
complete -c runlog -n __runlog_no_command -a search-sets -d 'list, create, edit, rename and delete saved searches'
complete -c runlog -n __runlog_no_command -a share -d 'write a run as an e-mail (.eml) with its GPX file attached'
complete -c runlog -n __runlog_no_command -a settings -d 'show and change settings and settings profiles'
complete -c runlog -n __runlog_no_command -a record -d 'record a run live (GPX replay or gpsd); pause, resume, lap, finish it'
complete -c runlog -n __runlog_no_command -a live -d 'follow the recording in progress: one line per change (--json for scripts)'
complete -c runlog -n __runlog_no_command -a widget -d 'a live view of the recording in progress, with pause, lap and finish keys'
complete -c runlog -n __runlog_no_command -a serve -d 'the web UI and JSON API on this machine (http://127.0.0.1:8080)'
complete -c runlog -n __runlog_no_command -a users -d 'add, list, disable, enable, reset the password of and delete a server\'s users'
complete -c runlog -n __runlog_no_command -a tokens -d 'create, list and revoke a server user\'s API tokens'
complete -c runlog -n __runlog_no_command -a completions -d 'print the bash, zsh or fish completion script'
complete -c runlog -n __runlog_no_command -a help -d 'show help for runlog or one command'

# Options before a command.
complete -c runlog -n __runlog_no_command -l version -d 'runlog\'s version'

# Options every command takes.
complete -c runlog -l library -r -F -d 'the library file'
complete -c runlog -l profile -x -a '(__runlog_profiles)' -d 'the settings profile'
complete -c runlog -s h -l help -d 'this help'

# import
complete -c runlog -n '__runlog_is import' -l skip-invalid-points -d 'import what can be read of damaged files: GPX points with an invalid'
complete -c runlog -n '__runlog_is import' -l allow-duplicates -d 'import probable duplicates too'
complete -c runlog -n '__runlog_is import' -l no-split -d 'one run per GPX file, whatever it holds'
complete -c runlog -n '__runlog_is import' -l jobs -x -d 'read N files at once'
complete -c runlog -n '__runlog_is import' -l json -d 'print the report as JSON'
complete -c runlog -n '__runlog_at import 0+' -r -F

# list
complete -c runlog -n '__runlog_is list' -l json -d 'print the sections as JSON'
complete -c runlog -n '__runlog_is list' -l ids -d 'print the runs\' numbers only, one per line, newest first'

# show
complete -c runlog -n '__runlog_is show' -l json -d 'all numbers as JSON'
complete -c runlog -n '__runlog_at show 0' -f -a '(__runlog_query list --ids)' -d run

# export
complete -c runlog -n '__runlog_is export' -s o -l output -r -F -d 'write to FILE'
complete -c runlog -n '__runlog_is export' -l format -x -a 'gpx geojson csv' -d 'gpx'
complete -c runlog -n '__runlog_is export' -l ids-from -r -F -d 'also export the runs numbered in FILE'
complete -c runlog -n '__runlog_is export' -l original -d 'write the files exactly as they were imported instead'
complete -c runlog -n '__runlog_at export 0+' -f -a '(__runlog_query list --ids)' -d run

# stats
complete -c runlog -n '__runlog_is stats' -l skip-invalid-points -d 'leave out points with an invalid position instead of refusing the file'
complete -c runlog -n '__runlog_is stats' -l json -d 'a JSON array with one object per file'
complete -c runlog -n '__runlog_at stats 0+' -r -F

# records
complete -c runlog -n '__runlog_is records' -l sport -x -a 'running trailRunning walking hiking cycling swimming other all' -d 'the runs of one sport: running'
complete -c runlog -n '__runlog_is records' -l json -d 'print the records as JSON'

# region
complete -c runlog -n '__runlog_is region' -l gap -x -d 'the largest gap inside a cluster'
complete -c runlog -n '__runlog_is region' -l padding -x -d 'margin added on each side, as a fraction of the span'
complete -c runlog -n '__runlog_is region' -l minimum-span -x -d 'the smallest span of either side'
complete -c runlog -n '__runlog_is region' -l json -d 'print the region as JSON'
complete -c runlog -n '__runlog_at region 0' -f -a '(__runlog_query list --ids)' -d run

# reanalyze
complete -c runlog -n '__runlog_is reanalyze' -l all -d 'every run'
complete -c runlog -n '__runlog_is reanalyze' -l stale -d 'the runs analysed by an older method or with other settings'
complete -c runlog -n '__runlog_is reanalyze' -l json -d 'print {"reanalyzed": [...], "failed": [...]}'
complete -c runlog -n '__runlog_at reanalyze 0+' -f -a '(__runlog_query list --ids)' -d run

# edit
complete -c runlog -n '__runlog_is edit' -l sport -x -a 'running trailRunning walking hiking cycling swimming other auto' -d 'running, trailRunning, walking, hiking, cycling, swimming, other, or auto'
complete -c runlog -n '__runlog_is edit' -l name -x -d 'the run\'s name'
complete -c runlog -n '__runlog_is edit' -l notes -x -d 'your notes'
complete -c runlog -n '__runlog_is edit' -l json -d 'print the run as \'runlog show --json\' does'
complete -c runlog -n '__runlog_at edit 0' -f -a '(__runlog_query list --ids)' -d run

# delete
complete -c runlog -n '__runlog_is delete' -l json -d 'print {"deleted": RUN}'
complete -c runlog -n '__runlog_at delete 0' -f -a '(__runlog_query list --ids)' -d run

# search
complete -c runlog -n '__runlog_is search' -l set -x -a '(__runlog_query search-sets --names)' -d 'the search set to use'
complete -c runlog -n '__runlog_is search' -l ids -d 'print the runs\' numbers only, one per line'
complete -c runlog -n '__runlog_is search' -l json -d 'print the sections as JSON, with the set and the words searched'

# search-sets
complete -c runlog -n '__runlog_is search-sets' -l text -x -d 'words that must all occur in the run\'s name, notes or place'
complete -c runlog -n '__runlog_is search-sets' -l period -x -a 'today yesterday \'this week\' \'last week\' \'this month\' \'last month\' \'this year\' \'last year\' \'last 7 days\' \'last 30 days\'' -d 'start relative to now: today, yesterday, this|last week|month|year,'
complete -c runlog -n '__runlog_is search-sets' -l from -x -d 'start on or after DAY'
complete -c runlog -n '__runlog_is search-sets' -l to -x -d 'start on or before DAY, or before TIME'
complete -c runlog -n '__runlog_is search-sets' -l distance -x -d 'distance with units m, km, mi; either end may be left out: 5km..10km, ..3mi'
complete -c runlog -n '__runlog_is search-sets' -l duration -x -d 'moving time'
complete -c runlog -n '__runlog_is search-sets' -l sport -x -a 'running trailRunning walking hiking cycling swimming other' -d 'running, trailRunning, walking, hiking, cycling, swimming, other'
complete -c runlog -n '__runlog_is search-sets' -l heart-rate -x -a 'yes no' -d 'with or without heart-rate data'
complete -c runlog -n '__runlog_is search-sets' -l clear -x -a 'text date distance duration sport heart-rate' -d 'edit: remove filters'
complete -c runlog -n '__runlog_is search-sets' -l json -d 'machine-readable output'
complete -c runlog -n '__runlog_is search-sets' -l names -d 'list: the names only, one per line'
complete -c runlog -n '__runlog_at search-sets 0' -f -a 'list show create edit rename delete'
complete -c runlog -n '__runlog_at search-sets 1 show' -f -a '(__runlog_query search-sets --names)' -d 'search set'
complete -c runlog -n '__runlog_at search-sets 1 edit' -f -a '(__runlog_query search-sets --names)' -d 'search set'
complete -c runlog -n '__runlog_at search-sets 1 rename' -f -a '(__runlog_query search-sets --names)' -d 'search set'
complete -c runlog -n '__runlog_at search-sets 1 delete' -f -a '(__runlog_query search-sets --names)' -d 'search set'

# share
complete -c runlog -n '__runlog_is share' -s o -l output -x -a '(__runlog_files eml)' -d 'write to FILE'
complete -c runlog -n '__runlog_is share' -l to -x -d 'the recipient'
complete -c runlog -n '__runlog_at share 0' -f -a '(__runlog_query list --ids)' -d run

# settings
complete -c runlog -n '__runlog_is settings' -l json -d 'machine-readable output'
complete -c runlog -n '__runlog_is settings' -s o -x -a '(__runlog_files json)' -d 'export: write to FILE instead of standard output'
complete -c runlog -n '__runlog_at settings 0' -f -a 'list get set reset profiles profile export import'
complete -c runlog -n '__runlog_at settings 1 get' -f -a '(__runlog_settings_keys)' -d setting
complete -c runlog -n '__runlog_at settings 1 set' -f -a '(__runlog_settings_keys)' -d setting
complete -c runlog -n '__runlog_at settings 1 reset' -f -a '(__runlog_settings_keys)' -d setting
complete -c runlog -n '__runlog_at settings 1 profile' -f -a 'create copy rename delete use'
complete -c runlog -n '__runlog_at settings 2 profile copy' -f -a '(__runlog_profiles)' -d profile
complete -c runlog -n '__runlog_at settings 2 profile rename' -f -a '(__runlog_profiles)' -d profile
complete -c runlog -n '__runlog_at settings 2 profile delete' -f -a '(__runlog_profiles)' -d profile
complete -c runlog -n '__runlog_at settings 2 profile use' -f -a '(__runlog_profiles)' -d profile
complete -c runlog -n '__runlog_at settings 1 import' -f -a '(__runlog_files json)'

# record
complete -c runlog -n '__runlog_is record' -l replay -x -a '(__runlog_files gpx)' -d 'replays a GPX file\'s track points in time'
complete -c runlog -n '__runlog_is record' -l gpsd -d 'a live GPS through gpsd\'s JSON protocol'
complete -c runlog -n '__runlog_is record' -l speed -x -d 'replay speed'
complete -c runlog -n '__runlog_is record' -l name -x -d 'the run\'s name'
complete -c runlog -n '__runlog_is record' -l recover -d 'store'
complete -c runlog -n '__runlog_is record' -l discard -d 'with --recover: drop the interrupted recording'
complete -c runlog -n '__runlog_is record' -l json -d 'print the final state as JSON'
complete -c runlog -n '__runlog_at record 0' -f -a 'pause resume lap finish discard'

# live
complete -c runlog -n '__runlog_is live' -l json -d 'one JSON object per line'
complete -c runlog -n '__runlog_is live' -l once -d 'print the current state — the last recording\'s, finished or discarded, when'
complete -c runlog -n '__runlog_is live' -l follow -d 'keep following the recordings that start after this one'

# serve
complete -c runlog -n '__runlog_is serve' -l host -x -d 'where to listen: 127.0.0.1'
complete -c runlog -n '__runlog_is serve' -l port -x -d 'the TCP port'
complete -c runlog -n '__runlog_is serve' -l database -x -d 'the PostgreSQL database to serve'
complete -c runlog -n '__runlog_is serve' -l public-url -x -d 'where people reach the server, behind a reverse proxy'
complete -c runlog -n '__runlog_is serve' -l access-log -x -a 'on off' -d 'a line per request on standard error: time, method, path'
complete -c runlog -n '__runlog_is serve' -l trust-proxy -x -d 'the reverse proxies in front'

# users
complete -c runlog -n '__runlog_is users' -l json -d 'list: machine-readable output'
complete -c runlog -n '__runlog_is users' -l role -x -a 'admin runner' -d 'add: runner'
complete -c runlog -n '__runlog_is users' -l password-stdin -d 'add, reset-password: read the password from standard input\'s first line'
complete -c runlog -n '__runlog_is users' -l yes -d 'delete: delete without asking'
complete -c runlog -n '__runlog_at users 0' -f -a 'list add disable enable reset-password delete'

# tokens
complete -c runlog -n '__runlog_is tokens' -l json -d 'create, list: machine-readable output'
complete -c runlog -n '__runlog_is tokens' -l label -x -d 'create: what the token is for'
complete -c runlog -n '__runlog_at tokens 0' -f -a 'create list revoke'

# completions
complete -c runlog -n '__runlog_at completions 0' -f -a 'bash zsh fish'

# help
complete -c runlog -n '__runlog_at help 0' -f -a 'import list show export stats records region reanalyze edit delete search search-sets share settings record live widget serve users tokens completions help'
