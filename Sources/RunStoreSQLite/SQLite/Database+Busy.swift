import RunStore
import Dispatch
import Foundation

extension Database {
    /// Runs `body` again while it fails with `SQLITE_BUSY`, with a growing random pause, for up
    /// to `seconds`. Opening a database that several processes create at once needs it:
    /// `PRAGMA journal_mode=WAL` on a new file answers `SQLITE_BUSY` at once, without waiting
    /// through the busy timeout.
    static func retryingWhileBusy<T>(seconds: Double = 5, _ body: () throws -> T) throws -> T {
        let deadline = DispatchTime.now().uptimeNanoseconds + UInt64(seconds * 1e9)
        var pause: UInt32 = 1_000
        while true {
            do {
                return try body()
            } catch let error as SQLiteError where error.primaryCode == 5 && DispatchTime.now().uptimeNanoseconds < deadline {
                usleep(pause + UInt32.random(in: 0..<pause))
                pause = min(pause * 2, 50_000)
            }
        }
    }
}
