@testable import RunCLI
import Testing

/// The help made from the declarations, against texts written here from the declarations: the
/// usage lines and the options part are generated; the overview is the command's own prose.
@Suite struct HelpTextTests {
    @Test func deleteHelp() {
        #expect(DeleteCommand.help == """
            usage: runlog delete [--json] RUN

            \(DeleteCommand.overview)

            options:
              --json          print {"deleted": RUN}
              --library PATH  the library file
              --profile NAME  the settings profile (default: the active one)
              -h, --help      this help
            """)
    }

    @Test func reanalyzeHelpNamesTheChoices() {
        #expect(ReanalyzeCommand.help == """
            usage: runlog reanalyze [--json] (RUN... | --all | --stale)

            \(ReanalyzeCommand.overview)

            options:
              --all           every run
              --stale         the runs analysed by an older method or with other settings
                              (what 'runlog list' points out)
              --json          print {"reanalyzed": [...], "failed": [...]}
              --library PATH  the library file
              --profile NAME  the settings profile (default: the active one)
              -h, --help      this help
            """)
    }

    /// One usage line per action, an action's actions included; the help lists no --library for a
    /// command that reads no library, and what follows the options comes last.
    @Test func settingsUsageHasALinePerAction() {
        #expect(HelpText.usage(name: SettingsCommand.name, shape: SettingsCommand.shape) == """
            usage: runlog settings [list] [--json]
                   runlog settings get KEY [--json]
                   runlog settings set KEY VALUE [--json]
                   runlog settings reset [KEY]
                   runlog settings profiles [--json]
                   runlog settings profile create NAME
                   runlog settings profile copy [FROM] NAME
                   runlog settings profile rename [OLD] NAME
                   runlog settings profile delete NAME
                   runlog settings profile use NAME
                   runlog settings export [-o FILE]
                   runlog settings import FILE|-
            """)
        #expect(SettingsCommand.help.hasSuffix("""
            options:
              --json          machine-readable output (list, get, set, profiles)
              -o FILE         export: write to FILE instead of standard output
              --profile NAME  the profile to read or change (default: the active one)
              --library PATH  the library to recompute after analysis settings change
              -h, --help      this help
            """))
    }

    @Test func recordHelpHasItsSourcesApart() {
        let help = RecordCommand.help
        #expect(help.hasPrefix("""
            usage: runlog record --replay FILE [--speed N] [--name NAME] [--json]
                   runlog record --gpsd [HOST:PORT] [--name NAME] [--json]
                   runlog record --recover [--replay FILE [--speed N] | --gpsd [HOST:PORT] | --discard]
                   runlog record pause|resume|lap|finish|discard

            """))
        #expect(help.contains("""
            sources:
              --replay FILE       replays a GPX file's track points in time (its own times), N times faster
                                  with --speed N (default 1); the recording finishes at the file's end
              --gpsd [HOST:PORT]  a live GPS through gpsd's JSON protocol (default 127.0.0.1:2947);
                                  Ctrl-C finishes

            options:
              --speed N       replay speed (a positive number, default 1)
            """))
    }

    @Test func statsListsNoLibraryAndEveryOptionInItsUsage() {
        #expect(StatsCommand.help.hasPrefix("usage: runlog stats [--skip-invalid-points] [--json] FILE...\n"))
        #expect(StatsCommand.help.hasSuffix("""
            options:
              --skip-invalid-points  leave out points with an invalid position instead of refusing the file
                                     (FIT: keep the records before a truncation or an undefined message)
              --json                 a JSON array with one object per file (an "error" object for files
                                     that cannot be read)
              --profile NAME         the settings profile (default: the active one)
              -h, --help             this help
            """))
    }

    /// Every option a command declares is in its help, and its usage names no option it does not declare.
    @Test func everyDeclaredOptionIsInTheHelp() {
        for command in CLI.commands {
            let help = command.help
            for option in command.shape.commandOptions + command.shape.globalOptions {
                #expect(help.contains("\n  " + option.label + " "), "\(command.name): \(option.label)")
            }
            let usage = HelpText.usage(name: command.name, shape: command.shape)
            let declared = Set(command.shape.allOptions.flatMap(\.names))
            for word in usage.split(whereSeparator: { " []()|".contains($0) }) where word.hasPrefix("-") && word != "-" {   // ("FILE|-": standard input)
                #expect(declared.contains(String(word)), "\(command.name): \(word)")
            }
        }
    }

    /// `runlog --help`: the command list from the command table (names padded to the longest,
    /// "search-sets" and "completions"), the options from `CLI.generalOptions`.
    @Test func generalHelp() {
        #expect(CLI.generalHelp == """
            runlog — a run log for GPX recordings

            usage: runlog COMMAND [options] [arguments]

            commands:
              import       import activity files, folders and exports (GPX, FIT, TCX, zip) into the library
              list         list the runs: this week, then by month with totals, newest first
              show         show one run's numbers
              export       write runs as GPX 1.1, GeoJSON or CSV (or their original files)
              stats        show the numbers of activity files (GPX, FIT, TCX) without importing them
              records      the library's best effort at each standard distance
              totals       totals by week, month or year, with the change from the period before
              calendar     a month as a calendar: each day's runs, each week's distance
              load         training load by day: each day's load, fitness, fatigue and form
              region       the map region that shows a run, leaving far-off GPS fixes out
              reanalyze    recompute runs' numbers from their stored originals
              edit         change a run's sport, name or notes
              delete       delete a run from the library
              search       find runs with a saved search set and words, as a step in a pipeline
              search-sets  list, create, edit, rename and delete saved searches
              share        write a run as an e-mail (.eml) with its GPX file attached
              settings     show and change settings and settings profiles
              record       record a run live (GPX replay or gpsd); pause, resume, lap, finish it
              live         follow the recording in progress: one line per change (--json for scripts)
              widget       a live view of the recording in progress, with pause, lap and finish keys
              serve        the web UI and JSON API on this machine (http://127.0.0.1:8080)
              users        add, list, disable, enable, reset the password of and delete a server's users
              tokens       create, list and revoke a server user's API tokens
              completions  print the bash, zsh or fish completion script
              help         show help for runlog or one command

            options (before or after the command):
              --library PATH  the library file (default: $RUNLOG_HOME/library.sqlite, else
                              $XDG_DATA_HOME/runlog/library.sqlite, else ~/.local/share/runlog/library.sqlite)
              --profile NAME  the settings profile to use (default: the active one; see 'runlog settings')
              --json          machine-readable output, for the commands that print results
                              (SI units with the unit in the key, ISO 8601 UTC times)
              -h, --help      help for runlog or the command
              --version       runlog's version

            Times for people are in your time zone (TZ); times in JSON are UTC.

            Data is kept in files under $RUNLOG_HOME; RUNLOG_DATABASE_URL (postgresql://…) keeps it in
            a PostgreSQL database instead, as the runlog user RUNLOG_USER ('runlog users' and
            'runlog tokens' manage the database's accounts).

            exit codes: 0 success, 1 failure, 64 bad usage. 'runlog COMMAND --help' tells more.
            """)
    }
}
