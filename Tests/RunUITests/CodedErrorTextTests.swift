import Foundation
import RunApp
import RunCore
import RunFormats
import RunLive
import RunUI
import Testing
import TestSupport

/// Every code of the recorder's, the fix sources', the region fitter's and the writers' errors is
/// said in English and in German — two different sentences, each naming what the error's data
/// tell (the file, the address, the port, the command and the state) — with the code and data
/// for machines; the hint, for the command line only, names a command or flag where one helps.
/// Expected texts written by hand.
@Suite struct CodedErrorTextTests {
    /// One error per code, and the texts of its data each sentence must carry, per language.
    struct Case: Sendable, CustomStringConvertible {
        let error: any CodedError
        let english: [String]
        let german: [String]
        var description: String { "\(error.codeName)" }
    }

    static let fixSourceCases = [
        Case(error: FixSourceError(.noTrackPoints, file: "waypoints.gpx"), english: ["waypoints.gpx", "no track points"],
             german: ["waypoints.gpx", "keine Trackpunkte"]),
        Case(error: FixSourceError(.invalidAddress, address: "gps:99999"), english: ["gps:99999", "HOST:PORT"],
             german: ["„gps:99999“", "HOST:PORT"]),
        Case(error: FixSourceError(.hostNotFound, host: "gps.invalid", port: 2947, reason: "Name or service not known"),
             english: ["gps.invalid", "Name or service not known"], german: ["gps.invalid", "(Name or service not known)"]),
        Case(error: FixSourceError(.cannotConnect, host: "127.0.0.1", port: 2948, reason: "Connection refused"),
             english: ["127.0.0.1:2948", "Connection refused"], german: ["127.0.0.1:2948", "(Connection refused)"]),
        Case(error: FixSourceError(.connectionFailed, host: "::1", port: 2947, reason: "Connection reset by peer"),
             english: ["[::1]:2947", "Connection reset by peer"], german: ["[::1]:2947", "(Connection reset by peer)"]),
    ]

    static let regionFitCases = [
        Case(error: RegionFitError(code: .noCoordinates).fitting(runID: 7), english: ["run 7:", "no track points"],
             german: ["Lauf 7:", "keine Trackpunkte"]),
        Case(error: RegionFitError(code: .invalidCoordinate, index: 2, latitudeDegrees: 91.5, longitudeDegrees: 8).fitting(file: "far.gpx"),
             english: ["far.gpx:", "coordinate 2", "latitude 91.5", "longitude 8"],
             german: ["far.gpx:", "Koordinate 2", "Breite 91,5", "Länge 8"]),
        Case(error: RegionFitError(code: .invalidParameter, parameter: "minimumSpanDegrees", value: 200, allowedRange: "[0, 180]"),
             english: ["the minimum span is 200°", "[0, 180]"], german: ["die kleinste Spanne ist 200°", "[0, 180]"]),
    ]

    static let outputCases = [
        Case(error: OutputError(.diskFull, file: "export/run.gpx", reason: "No space left on device"),
             english: ["export/run.gpx", "No space left on device"], german: ["export/run.gpx", "voll", "(No space left on device)"]),
        Case(error: OutputError(.writeFailed, file: "run.geojson", reason: "Broken pipe"),
             english: ["run.geojson", "Broken pipe"], german: ["run.geojson", "(Broken pipe)"]),
    ]

    /// An upload's caps: the cap's value and the file that passed it.
    static let uploadCases = [
        Case(error: UploadError.tooManyFiles(limit: 1000), english: ["more than 1000 files", "at most 1000"],
             german: ["mehr als 1.000 Dateien", "höchstens 1.000"]),
        Case(error: UploadError.tooManyEntries(file: "export.zip", limit: 20_000), english: ["export.zip:", "more than 20000 files and archive members"],
             german: ["export.zip:", "mehr als 20.000 Dateien und Archiveinträge"]),
        Case(error: UploadError.inflatesTooMuch(file: "bomb.gpx.gz", limit: 2 << 30), english: ["bomb.gpx.gz:", "more than 2 GiB"],
             german: ["bomb.gpx.gz:", "größer als 2 GiB"]),
    ]

    /// Every refusal the recorder can give, from the rule itself: each names the command and the state.
    static let liveCommandCases: [Case] = LiveCommandKind.allCases.flatMap { command in
        RecordingState.allCases.compactMap { state in
            LiveCommandError.refusal(of: command, in: state).map { error in
                Case(error: error, english: ["\(command.rawValue):", LiveStrings.english.state(state).lowercased()],
                     german: ["\(LiveStrings.german.commandName(command)):", LiveStrings.german.state(state).lowercased()])
            }
        }
    }

    @Test(arguments: fixSourceCases + regionFitCases + outputCases + liveCommandCases + uploadCases)
    func eachCodeIsSaidInBothLanguagesWithItsData(_ example: Case) throws {
        let english = try #require(ErrorText(example.error, language: .english))
        let german = try #require(ErrorText(example.error, language: .german))
        #expect(!english.sentence.isEmpty && !german.sentence.isEmpty)
        #expect(english.sentence != german.sentence)
        for text in example.english { #expect(english.sentence.contains(text), "\(english.sentence) lacks \(text)") }
        for text in example.german { #expect(german.sentence.contains(text), "\(german.sentence) lacks \(text)") }
        #expect(english.code == example.error.codeName && german.code == english.code)
        #expect(english.data == example.error.data && !english.data.isEmpty)
        // The hint is the command line's, the same in every language; the sentences name no command or flag.
        #expect(german.commandLineHint == english.commandLineHint)
        for sentence in [english.sentence, german.sentence] {
            #expect(!sentence.contains("runlog ") && sentence.firstRange(of: /--[a-z]/) == nil, "\(sentence)")
        }
    }

    /// The tables above hold every code of each area.
    @Test func everyCodeHasACase() {
        func codes(_ cases: [Case]) -> Set<String> { Set(cases.map(\.error.codeName)) }
        #expect(codes(Self.fixSourceCases) == Set(FixSourceError.Code.all.map(\.rawValue)))
        #expect(codes(Self.regionFitCases) == Set(RegionFitError.Code.all.map(\.rawValue)))
        #expect(codes(Self.outputCases) == Set(OutputError.Code.all.map(\.rawValue)))
        #expect(codes(Self.liveCommandCases) == Set(LiveCommandError.Code.all.map(\.rawValue)))
        #expect(codes(Self.uploadCases) == Set(UploadError.Code.all.map(\.rawValue)))
    }

    @Test func aRefusedLapInEnglishAndGerman() throws {
        let error = LiveCommandError(.lapNotRunning, command: .lap, state: .paused)
        let english = try #require(ErrorText(error, language: .english))
        #expect(english.sentence == "lap: a lap can only be marked while running (the recording is paused)")
        #expect(english.commandLineHint == "'runlog record resume' first, then 'runlog record lap'")
        #expect(english.data == ["command": .string("lap"), "state": .string("paused")])
        #expect(ErrorText(error, language: .german)?.sentence
                == "Runde: eine Runde lässt sich nur während des Laufens markieren (Zustand: pausiert)")
        #expect(ErrorText(LiveCommandError(.alreadyPaused, command: .pause, state: .paused), language: .german)?.sentence
                == "Pause: die Aufzeichnung ist schon pausiert")
    }

    @Test func gpsdAndRegionHintsNameTheFlag() throws {
        let refused = FixSourceError(.cannotConnect, host: "127.0.0.1", port: 2948, reason: "Connection refused")
        #expect(ErrorText(refused, language: .english)?.sentence == "cannot connect to gpsd at 127.0.0.1:2948: Connection refused")
        #expect(ErrorText(refused, language: .german)?.sentence == "keine Verbindung zu gpsd unter 127.0.0.1:2948 (Connection refused)")
        #expect(ErrorText(refused, language: .english)?.commandLineHint == "start gpsd, or name its address with 'runlog record --gpsd HOST:PORT'")
        #expect(ErrorText(refused, language: .english)?.data == ["host": .string("127.0.0.1"), "port": .integer(2948),
                                                                   "reason": .string("Connection refused")])
        let span = RegionFitError(code: .invalidParameter, parameter: "minimumSpanDegrees", value: 200, allowedRange: "[0, 180]")
        #expect(ErrorText(span, language: .english)?.commandLineHint == "pass --minimum-span with a number of degrees in [0, 180]")
        #expect(ErrorText(span, language: .german)?.sentence == "die kleinste Spanne ist 200°; erlaubt sind Werte in [0, 180]")
        #expect(span.data == ["parameter": .string("minimumSpanDegrees"), "value": .number(200), "allowedRange": .string("[0, 180]")])
        // A non-finite coordinate is said, and left out of the data (JSON has no NaN).
        let nan = RegionFitError(code: .invalidCoordinate, index: 0, latitudeDegrees: .nan, longitudeDegrees: 8)
        #expect(ErrorText(nan, language: .english)?.sentence.contains("latitude NaN") == true)
        #expect(nan.data == ["index": .integer(0), "longitudeDegrees": .number(8)])
    }

    @Test func aFullDiskNamesTheOutputOptionForAFileOnly() throws {
        let file = OutputError(file: "run.gpx", errorNumber: ENOSPC)
        #expect(file.code == .diskFull && file.reason == String(cString: strerror(ENOSPC)))
        #expect(ErrorText(file, language: .english)?.commandLineHint == "free some space, or write elsewhere with --output FILE")
        let standardOutput = OutputError(file: "standard output", errorNumber: ENOSPC)
        #expect(ErrorText(standardOutput, language: .english)?.commandLineHint == nil)
        #expect(ErrorText(standardOutput, language: .german)?.sentence.hasPrefix("kann nicht in die Standardausgabe schreiben: der Datenträger ist voll") == true)
        #expect(OutputError(file: "x", errorNumber: EPIPE).code == .writeFailed)
    }

    /// Every error type below the front ends that is a `CodedError` has its case in `ErrorText`:
    /// found in the sources, so a new area without its texts fails here.
    @Test func everyCodedErrorHasItsText() throws {
        var found: [String] = []
        for module in ["RunCore", "RunFormats", "RunStore", "RunStoreSQLite", "RunStorePostgres", "RunLive", "RunApp"] {
            let root = SharedData.repository("Sources/\(module)")
            let files = try #require(FileManager.default.enumerator(atPath: root)).compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }
            for file in files {
                let source = try String(contentsOfFile: root + "/" + file, encoding: .utf8)
                for match in source.matches(of: /package struct (\w+): CodedError/) { found.append(String(match.1)) }
            }
        }
        let dispatch = try String(contentsOfFile: SharedData.repository("Sources/RunUI/Errors/ErrorText.swift"), encoding: .utf8)
        #expect(Set(found).isSuperset(of: ["ReadError", "SearchError", "LiveCommandError", "FixSourceError", "RegionFitError", "OutputError",
                                           "LibraryError", "SettingsError", "LiveError", "StorageOpenError", "StoredDataError", "UploadError"]), "\(found)")
        for name in found { #expect(dispatch.contains("case let error as \(name):"), "\(name) has no case in ErrorText.init") }
    }
}
