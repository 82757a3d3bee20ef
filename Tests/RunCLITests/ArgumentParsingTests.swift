@testable import RunCLI
import Testing

/// `ParsedArguments.parse` reads the commands' declarations: options anywhere, `--opt=value`, `--`,
/// `-` and negative numbers as positionals, and the same usage errors as before the declarations.
@Suite struct ArgumentParsingTests {
    static let json = Option("--json", help: "JSON")
    static let output = Option("--output", short: "-o", .required("FILE", .anyFile), help: "where")
    static let gpsd = Option("--gpsd", .optional("HOST:PORT"), help: "gpsd")
    static let shape = CommandShape(options: [json, output, gpsd], positionals: [Positional("RUN", optional: true, repeats: true)])

    func parse(_ arguments: String..., shape: CommandShape = Self.shape) throws -> ParsedArguments {
        try ParsedArguments.parse(arguments, shape: shape, command: "test")
    }

    func usageError(_ arguments: String..., shape: CommandShape = Self.shape) -> String? {
        do {
            _ = try ParsedArguments.parse(arguments, shape: shape, command: "test")
            return nil
        } catch let error as UsageError {
            #expect(error.command == "test")
            return error.message
        } catch {
            return "\(error)"
        }
    }

    @Test func optionsAnywhereInEitherSpelling() throws {
        let parsed = try parse("1", "--json", "2", "-o", "a.gpx", "--library=x.sqlite", "3")
        #expect(parsed.positionals == ["1", "2", "3"])
        #expect(parsed.has(Self.json) && parsed.value(Self.output) == "a.gpx")
        #expect(parsed.value(GlobalOptions.library) == "x.sqlite")
        #expect(try parse("--output=b.gpx").value(Self.output) == "b.gpx")
        #expect(try parse("--output", "b.gpx").value(Self.output) == "b.gpx")
        // The last one given counts, whichever name it was given by.
        #expect(try parse("-o", "a", "--output", "b").value(Self.output) == "b")
        #expect(try parse("-h").has(GlobalOptions.help) && parse("--help").has(GlobalOptions.help))
    }

    @Test func positionalsThatLookLikeOptions() throws {
        #expect(try parse("--", "--json", "-o").positionals == ["--json", "-o"])
        #expect(try parse("--", "--json").has(Self.json) == false)
        #expect(try parse("-").positionals == ["-"])
        #expect(try parse("-5", "-0.5", "-.5").positionals == ["-5", "-0.5", "-.5"])
        #expect(try parse("-o", "-5").value(Self.output) == "-5")   // a value may start with a dash
    }

    @Test func anOptionalValue() throws {
        #expect(try parse("--gpsd").value(Self.gpsd) == "")
        #expect(try parse("--gpsd", "host:1").value(Self.gpsd) == "host:1")
        let beforeAnOption = try parse("--gpsd", "--json")
        #expect(beforeAnOption.value(Self.gpsd) == "" && beforeAnOption.has(Self.json))
        #expect(try parse("--gpsd=h:2").value(Self.gpsd) == "h:2")
    }

    @Test func usageErrorsSayWhatIsWrong() {
        #expect(usageError("--frob") == "unknown option --frob")
        #expect(usageError("--frob=1") == "unknown option --frob")
        #expect(usageError("--json=yes") == "--json takes no value")
        #expect(usageError("-h=1") == "unknown option -h=1")   // only long options take =value
        #expect(usageError("--output") == "--output needs a value")
        #expect(usageError("1", "-o") == "-o needs a value")
        let one = CommandShape(positionals: [Positional("RUN")])
        #expect(usageError(shape: one) == "missing argument")
        #expect(usageError("1", "2", shape: one) == "unexpected argument '2'")
        #expect(usageError("--help", shape: one) == nil)   // help needs no arguments
        let two = CommandShape(positionals: [Positional("NAME"), Positional("NEW-NAME")])
        #expect(usageError("a", shape: two) == "missing arguments")
    }

    /// How many arguments each declaration takes: counted by hand from the usage lines.
    @Test func argumentCountsFollowTheDeclarations() {
        func count(_ command: any Command.Type) -> (Int, Int?) { Positional.count(of: command.shape.positionals) }
        #expect(count(ImportCommand.self) == (1, nil))
        #expect(count(ListCommand.self) == (0, 0))
        #expect(count(ShowCommand.self) == (1, 1))
        #expect(count(ExportCommand.self) == (0, nil))
        #expect(count(ReanalyzeCommand.self) == (0, nil))
        #expect(count(RecordCommand.self) == (0, 1))        // pause|resume|lap|finish|discard
        #expect(count(SearchSetsCommand.self) == (0, 3))    // rename NAME NEW-NAME
        #expect(count(SettingsCommand.self) == (0, 4))      // profile copy FROM NAME
        #expect(count(HelpCommand.self) == (0, 1))
        #expect(count(CompletionsCommand.self) == (1, 1))
    }

    /// No command declares a name twice, nor one of the global options' names.
    @Test func everyNameIsDeclaredOnce() {
        for command in CLI.commands {
            let names = command.shape.allOptions.flatMap(\.names)
            #expect(Set(names).count == names.count, "\(command.name): \(names)")
        }
    }
}
