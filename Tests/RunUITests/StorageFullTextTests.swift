import RunCore
import RunStore
import RunUI
import Testing

/// A full disk under a store, from any implementation (`StorageFailure.isFull`), said in words:
/// the code `diskFull`, the file, the implementation's reason; expected texts written by hand.
@Suite struct StorageFullTextTests {
    /// A storage implementation's failure as the protocol shows it, nothing more.
    struct Failure: StorageFailure {
        var isBusy = false, isDamage = false, isReadOnly = false, isFull = true
        var location: String? = "/data/runlog/library.sqlite"
        var rescueHint: String? = nil
        var message = "database or disk is full"
        var description: String { "engine error 13: \(message)" }
    }

    @Test func aFullDiskInEnglishAndGerman() throws {
        let english = try #require(ErrorText(Failure(), language: .english))
        #expect(english.code == "diskFull")
        #expect(english.sentence == "the disk holding /data/runlog/library.sqlite is full: nothing could be written to it "
                + "(database or disk is full); what only reads still works")
        #expect(english.commandLineHint == "free some space on that disk, then try again")
        #expect(english.data == ["location": .string("/data/runlog/library.sqlite"), "reason": .string("database or disk is full")])
        #expect(ErrorText(Failure(), language: .german)?.sentence
                == "der Datenträger mit /data/runlog/library.sqlite ist voll: es konnte nichts darauf geschrieben werden "
                + "(database or disk is full); was nur liest, geht weiter")
    }

    @Test func otherStorageFailuresAreNotSaidAsAFullDisk() {
        var busy = Failure()
        (busy.isFull, busy.isBusy) = (false, true)
        #expect(ErrorText(busy, language: .english) == nil)
    }
}
