import RunCore
import RunStore
import RunUI
import Testing

/// A failure of the storage itself, from any implementation (`StorageFailure`), said in words: a
/// full disk, a damaged, read-only or busy store — the code, the file, the implementation's reason;
/// expected texts written by hand.
@Suite struct StorageFailureTextTests {
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

    @Test func damagedReadOnlyAndBusyStores() throws {
        var damaged = Failure()
        (damaged.isFull, damaged.isDamage, damaged.message) = (false, true, "database disk image is malformed")
        damaged.rescueHint = "sqlite3 /data/runlog/library.sqlite .recover > rescued.sql"
        let text = try #require(ErrorText(damaged, language: .english))
        #expect(text.code == "storeDamaged")
        #expect(text.sentence == "/data/runlog/library.sqlite is damaged (database disk image is malformed); keep a copy of it before anything else")
        #expect(text.commandLineHint == "sqlite3 /data/runlog/library.sqlite .recover > rescued.sql, or restore it from a backup")
        #expect(ErrorText(damaged, language: .german)?.sentence
                == "/data/runlog/library.sqlite ist beschädigt (database disk image is malformed); zuerst eine Kopie davon sichern")
        var readOnly = Failure()
        (readOnly.isFull, readOnly.isReadOnly, readOnly.message) = (false, true, "attempt to write a readonly database")
        #expect(ErrorText(readOnly, language: .english)?.code == "storeReadOnly")
        #expect(ErrorText(readOnly, language: .german)?.sentence
                == "/data/runlog/library.sqlite darf hier nur gelesen werden (attempt to write a readonly database): nichts wurde geändert")
        var busy = Failure()
        (busy.isFull, busy.isBusy) = (false, true)
        #expect(ErrorText(busy, language: .english)?.code == "storeBusy" && ErrorText(busy, language: .english)?.commandLineHint == nil)
        var other = Failure()
        other.isFull = false
        #expect(ErrorText(other, language: .english) == nil)   // none of the four: said as it was
    }
}
