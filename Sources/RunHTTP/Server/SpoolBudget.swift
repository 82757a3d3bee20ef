import Foundation
import Synchronization

/// What request bodies being spooled may take at once: bytes in all, shared fairly among client
/// addresses (``FairPool``), at most ``Limits/perAddressBytes`` from one address, and room on the
/// disk. A body is admitted by its declared length (`Content-Length`) before a byte of it is
/// written, and holds its share (a ``SpoolReservation``) until it is read whole, dropped, or cut
/// for a newcomer; a spooled body that waits afterwards (a queued import) is on the disk, and the
/// next admission sees it in the disk's free space.
///
/// So clients dripping bodies can hold at most ``Limits/perAddressBytes`` each and
/// ``Limits/totalBytes`` together, and never the last ``Limits/diskReserveBytes`` of the disk
/// (the library needs room to write what it imports); and when they hold it all, an address
/// asking for no more than its share (`totalBytes / addresses`) still gets it: the newest body
/// still arriving from the address holding the most is cut, its bytes given back at once: the
/// server shuts its connection down and drops its file (libmicrohttpd 0.9.75 queues an answer
/// only at a request's head or once its body is whole — `MHD_queue_response` refuses in
/// between —, so a body cut while it arrives is closed, not answered).
/// (Breaker finding U2: two addresses each declaring 256 MiB and dripping a byte every 8 s made
/// every other upload 503 `uploadsBusy`.)
package final class SpoolBudget: Sendable {
    /// The budget's figures, in bytes.
    package struct Limits: Sendable, Equatable {
        /// Bodies being spooled at once, in all (shared fairly among addresses).
        package var totalBytes: Int
        /// Bodies being spooled at once from one client address, at most (even alone).
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
        /// Bodies being spooled in all take ``Limits/totalBytes``, and this address would pass its share.
        case busy(limitBytes: Int)
        /// Bodies being spooled from this address would pass ``Limits/perAddressBytes``.
        case addressBusy(limitBytes: Int)
        /// The disk would keep less than ``Limits/diskReserveBytes`` free; `availableBytes` is
        /// what it has now for bodies, the reserve and the bodies being spooled taken off.
        case noRoom(availableBytes: Int)
    }

    package let limits: Limits
    private let pool: FairPool
    /// Held while a body is admitted, so the disk's room and the pool are looked at together.
    private let admitting = Mutex(())
    private let written = Atomic<Int>(0)
    private let freeBytes: @Sendable (String) -> Int?

    /// - Parameter freeBytes: the bytes an unprivileged process may still write on the file
    ///   system of a folder, or nil when unknown (by default `statvfs(3)`'s `f_bavail × f_frsize`);
    ///   tests give their own.
    package init(limits: Limits, freeBytes: @escaping @Sendable (String) -> Int? = SpoolBudget.statvfsFreeBytes) {
        self.limits = limits
        pool = FairPool(limit: limits.totalBytes, addressLimit: limits.perAddressBytes)
        self.freeBytes = freeBytes
    }

    /// Reserves `bytes` for a body from `address` to be spooled into `directory`, cutting a body
    /// of a richer address if the fair share says so.
    /// - Returns: the reservation (release it by letting it go), or why not.
    package func reserve(_ bytes: Int, address: ClientAddress, directory: String) -> Result<SpoolReservation, Refusal> {
        let free = freeBytes(directory)
        return admitting.withLock { _ -> Result<SpoolReservation, Refusal> in
            // The address's own ceiling first: a client over it is told so, whatever the others do.
            if pool.heldAmount(by: address) + bytes > limits.perAddressBytes {
                return .failure(.addressBusy(limitBytes: limits.perAddressBytes))
            }
            if let free {
                let available = free - limits.diskReserveBytes - pool.heldAmount
                if bytes > available { return .failure(.noRoom(availableBytes: max(0, available))) }
            }
            switch pool.take(bytes, for: address) {
            case .success(let place): return .success(SpoolReservation(budget: self, place: place))
            case .failure(.addressLimit): return .failure(.addressBusy(limitBytes: limits.perAddressBytes))
            case .failure(.full): return .failure(.busy(limitBytes: limits.totalBytes))
            }
        }
    }

    /// Bytes reserved by bodies being spooled now.
    package var reservedBytes: Int { pool.heldAmount }

    /// Bytes written to spool files through this budget's reservations since it was made.
    package var writtenBytes: Int { written.load(ordering: .relaxed) }

    fileprivate func noteWritten(_ bytes: Int) { written.add(bytes, ordering: .relaxed) }

    /// `statvfs(3)` of `directory`: the blocks available to unprivileged processes times the fragment size.
    package static let statvfsFreeBytes: @Sendable (String) -> Int? = { directory in
        var info = statvfs()
        guard statvfs(directory, &info) == 0 else { return nil }
        let (bytes, overflow) = Int(clamping: info.f_bavail).multipliedReportingOverflow(by: Int(clamping: info.f_frsize))
        return overflow ? Int.max : bytes
    }
}

/// One body's share of a ``SpoolBudget``, given back when the last reference goes (the request
/// read whole or dropped) or at once when a newcomer cuts it; counts the bytes written to its
/// spool file.
package final class SpoolReservation: Sendable {
    private let budget: SpoolBudget
    private let place: FairPlace

    fileprivate init(budget: SpoolBudget, place: FairPlace) {
        self.budget = budget
        self.place = place
    }

    /// The bytes reserved (the body's declared length).
    package var bytes: Int { place.amount }

    /// Whether a newcomer took these bytes: the body should be answered and dropped.
    package var isCut: Bool { place.isCut }

    /// Lets a newcomer from a poorer address take these bytes while the body arrives: `cut`
    /// closes the connection (called once, on the newcomer's thread).
    func allowCut(_ cut: @escaping @Sendable () -> Void) { place.allowCut(cut) }

    /// Counts `count` bytes written to the body's file.
    func noteWritten(_ count: Int) { budget.noteWritten(count) }
}
