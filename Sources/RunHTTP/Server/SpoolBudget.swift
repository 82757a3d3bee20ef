import Foundation
import Synchronization

/// What request bodies being spooled may take at once: bytes in all, bytes from one client
/// address, and room on the disk. A body is admitted by its declared length (`Content-Length`)
/// before a byte of it is written, and holds its share (a ``SpoolReservation``) until it is read
/// whole or dropped; a spooled body that waits afterwards (a queued import) is on the disk, and
/// the next admission sees it in the disk's free space.
///
/// So three clients dripping bodies can hold at most ``Limits/perAddressBytes`` each and
/// ``Limits/totalBytes`` together, and never the last ``Limits/diskReserveBytes`` of the disk
/// (the library needs room to write what it imports).
package final class SpoolBudget: Sendable {
    /// The budget's figures, in bytes.
    package struct Limits: Sendable, Equatable {
        /// Bodies being spooled at once, in all.
        package var totalBytes: Int
        /// Bodies being spooled at once from one client address.
        package var perAddressBytes: Int
        /// Free bytes left on the spool folder's file system after every body being spooled.
        package var diskReserveBytes: Int

        package init(totalBytes: Int, perAddressBytes: Int, diskReserveBytes: Int) {
            self.totalBytes = totalBytes
            self.perAddressBytes = perAddressBytes
            self.diskReserveBytes = diskReserveBytes
        }
    }

    /// Why a body was not admitted.
    package enum Refusal: Error, Sendable, Equatable {
        /// Bodies being spooled in all would pass ``Limits/totalBytes``.
        case busy(limitBytes: Int)
        /// Bodies being spooled from this address would pass ``Limits/perAddressBytes``.
        case addressBusy(limitBytes: Int)
        /// The disk would keep less than ``Limits/diskReserveBytes`` free; `availableBytes` is
        /// what it has now for bodies, the reserve and the bodies being spooled taken off.
        case noRoom(availableBytes: Int)
    }

    private struct State {
        var reserved = 0
        var byAddress: [ClientAddress: Int] = [:]
        var written = 0
    }

    package let limits: Limits
    private let state = Mutex(State())
    private let freeBytes: @Sendable (String) -> Int?

    /// - Parameter freeBytes: the bytes an unprivileged process may still write on the file
    ///   system of a folder, or nil when unknown (by default `statvfs(3)`'s `f_bavail × f_frsize`);
    ///   tests give their own.
    package init(limits: Limits, freeBytes: @escaping @Sendable (String) -> Int? = SpoolBudget.statvfsFreeBytes) {
        self.limits = limits
        self.freeBytes = freeBytes
    }

    /// Reserves `bytes` for a body from `address` to be spooled into `directory`.
    /// - Returns: the reservation (release it by letting it go), or why not.
    package func reserve(_ bytes: Int, address: ClientAddress, directory: String) -> Result<SpoolReservation, Refusal> {
        let free = freeBytes(directory)
        let key = address
        return state.withLock { state -> Result<SpoolReservation, Refusal> in
            // The address's own share first: a client over it is told so, whatever the others do.
            if state.byAddress[key, default: 0] + bytes > limits.perAddressBytes {
                return .failure(.addressBusy(limitBytes: limits.perAddressBytes))
            }
            if state.reserved + bytes > limits.totalBytes { return .failure(.busy(limitBytes: limits.totalBytes)) }
            if let free {
                let available = free - limits.diskReserveBytes - state.reserved
                if bytes > available { return .failure(.noRoom(availableBytes: max(0, available))) }
            }
            state.reserved += bytes
            state.byAddress[key, default: 0] += bytes
            return .success(SpoolReservation(budget: self, bytes: bytes, address: key))
        }
    }

    /// Bytes reserved by bodies being spooled now.
    package var reservedBytes: Int { state.withLock { $0.reserved } }

    /// Bytes written to spool files through this budget's reservations since it was made.
    package var writtenBytes: Int { state.withLock { $0.written } }

    fileprivate func release(_ bytes: Int, address: ClientAddress) {
        state.withLock { state in
            state.reserved -= bytes
            let left = state.byAddress[address, default: 0] - bytes
            state.byAddress[address] = left > 0 ? left : nil
        }
    }

    fileprivate func noteWritten(_ bytes: Int) { state.withLock { $0.written += bytes } }

    /// `statvfs(3)` of `directory`: the blocks available to unprivileged processes times the fragment size.
    package static let statvfsFreeBytes: @Sendable (String) -> Int? = { directory in
        var info = statvfs()
        guard statvfs(directory, &info) == 0 else { return nil }
        let (bytes, overflow) = Int(clamping: info.f_bavail).multipliedReportingOverflow(by: Int(clamping: info.f_frsize))
        return overflow ? Int.max : bytes
    }
}

/// One body's share of a ``SpoolBudget``, given back when the last reference goes (the request
/// read whole or dropped); counts the bytes written to its spool file.
package final class SpoolReservation: Sendable {
    private let budget: SpoolBudget
    /// The bytes reserved (the body's declared length).
    package let bytes: Int
    private let address: ClientAddress

    fileprivate init(budget: SpoolBudget, bytes: Int, address: ClientAddress) {
        self.budget = budget
        self.bytes = bytes
        self.address = address
    }

    deinit { budget.release(bytes, address: address) }

    /// Counts `count` bytes written to the body's file.
    func noteWritten(_ count: Int) { budget.noteWritten(count) }
}
