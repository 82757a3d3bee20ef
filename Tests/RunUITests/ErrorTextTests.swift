import RunCore
import RunFormats
import RunUI
import Testing

/// Errors of the layers below said by the front ends: the sentence in each language from the code
/// and the data, the hint naming the flag for the command line only. Expected texts written by hand.
@Suite struct ErrorTextTests {
    @Test func aReadErrorInEnglishAndGerman() throws {
        let tooLarge = ReadError(code: .tooLarge, message: "larger than 64 MB, more than this version reads as one activity file",
                                 file: "big.fit", limitBytes: 64 << 20)
        let english = try #require(ErrorText(tooLarge, language: .english))
        #expect(english.sentence == "big.fit: larger than 64 MB, more than this version reads as one activity file")
        #expect(english.code == "tooLarge" && english.commandLineHint == nil)
        #expect(english.data == ["file": .string("big.fit"), "limitBytes": .integer(67_108_864)])
        #expect(ErrorText(tooLarge, language: .german)?.sentence == "big.fit: größer als 64 MiB; mehr liest diese Version nicht")

        let damaged = ReadError(code: .truncated, message: "The FIT file is cut off.", file: "cut.fit", offset: 1200, remedy: .readLeniently)
        #expect(ErrorText(damaged, language: .german)?.sentence
                == "cut.fit: Byte 1200: die Datei bricht mitten in den Daten ab; nachsichtig gelesen bleibt der entschlüsselte Teil erhalten"
                + " (The FIT file is cut off.)")
        #expect(ErrorText(damaged, language: .german)?.commandLineHint == "pass --skip-invalid-points to keep the decoded part")
        #expect(ErrorText(damaged, language: .english)?.data["offsetBytes"] == .integer(1200))
    }

    /// The refusals of a hostile file's cost: a read past what one activity may take, too many
    /// names, too many attributes in a tag (ReadCostTests has the readers' side).
    @Test func theCostRefusalsInEnglishAndGerman() throws {
        let memory = ReadError(code: .tooLarge, message: "the activity read up to this <trk> would take more than 512 MiB in memory, "
                               + "more than this version keeps of one activity", file: "t.gpx", line: 4, column: 9, limitBytes: 512 << 20)
        #expect(ErrorText(memory, language: .german)?.sentence == "t.gpx:4:9: größer als 512 MiB; mehr liest diese Version nicht")
        let names = ReadError(code: .tooManyNames, message: "the document uses more than 10000 different names", file: "n.gpx",
                              line: 4, limitNames: 10_000)
        #expect(ErrorText(names, language: .german)?.sentence
                == "n.gpx:4: die Datei verwendet mehr als 10000 verschiedene Namen von Elementen und Attributen; so viele liest diese Version nicht")
        #expect(ErrorText(names, language: .english)?.data == ["file": .string("n.gpx"), "line": .integer(4), "limitNames": .integer(10_000)])
        let attributes = ReadError(code: .tooManyAttributes, message: "a tag holds more than 10000 attributes", file: "a.tcx",
                                   line: 2, limitAttributes: 10_000)
        #expect(ErrorText(attributes, language: .german)?.sentence == "a.tcx:2: ein Tag enthält mehr als 10000 Attribute; so viele liest diese Version nicht")
        #expect(ErrorText(attributes, language: .english)?.data["limitAttributes"] == .integer(10_000))
    }

    @Test func aSearchErrorInEnglishAndGerman() throws {
        let unknown = SearchError(.unknownSet, "there is no search set 'parks'; the sets are: 'All runs', 'long'",
                                  name: "parks", sets: ["All runs", "long"])
        #expect(ErrorText(unknown, language: .english)?.commandLineHint == "see 'runlog search-sets'")
        #expect(ErrorText(unknown, language: .german)?.sentence == "es gibt keine Suche „parks“; es gibt: „All runs“, „long“")
        #expect(ErrorText(unknown, language: .german)?.data == ["name": .string("parks"), "sets": .array([.string("All runs"), .string("long")])])
        let newer = SearchError(.invalidDefinition, "the search definition was written by a newer version (version 3)", version: 3)
        #expect(ErrorText(newer, language: .german)?.sentence
                == "die Suche stammt aus einer neueren Version (Version 3) und ist hier nicht lesbar")
        #expect(ErrorText(newer, language: .english)?.commandLineHint == nil)
        // The hints the front ends once wrote into RunApp's messages are the CLI's, from the data.
        let inUse = SearchError(.setInUse, "the search set 'Hills' is the default search set of settings profile 'easy trail'; "
                                + "make another set its default first", name: "Hills", profile: "easy trail")
        #expect(ErrorText(inUse, language: .english)?.commandLineHint
                == "choose another first: runlog --profile 'easy trail' settings set search.defaultSet NAME")
        var gone = SearchError(.unknownSet, "the search.defaultSet setting names 'Gone', which is not a search set", name: "Gone", sets: ["All runs"])
        gone.setting = "search.defaultSet"
        #expect(ErrorText(gone, language: .english)?.commandLineHint == "choose one with 'runlog settings set search.defaultSet NAME', or name one with --set")
    }

    @Test func anErrorOfNoKnownAreaHasNoText() {
        struct Other: Error {}
        #expect(ErrorText(Other(), language: .english) == nil)
    }
}
