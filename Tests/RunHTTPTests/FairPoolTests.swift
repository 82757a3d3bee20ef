@testable import RunHTTP
import Synchronization
import Testing

/// The one fair-share policy every pool uses (``FairPool``): counts worked by hand from
/// ``FairShare``'s rule — a share is `limit / addresses`, rounded down — not read from the pool.
@Suite struct FairPoolTests {
    private static func address(_ n: UInt8) -> ClientAddress { ClientAddress(bytes: [10, 0, 0, n]) }

    /// A counter of cuts, for holders that say how they are cut.
    private final class Cuts: Sendable {
        let count = Atomic<Int>(0)
        func note() { count.add(1, ordering: .relaxed) }
        var value: Int { count.load(ordering: .relaxed) }
    }

    @Test func aNewcomerCutsTheNewestCuttableHolderOfTheRichestAddress() throws {
        let pool = FairPool(limit: 8, addressLimit: 2)
        let cuts = Cuts()
        // Four addresses with two each fill the eight places (the breaker's downloads).
        var places: [FairPlace] = []
        for n in UInt8(1)...4 {
            for _ in 0..<2 {
                let place = try pool.take(for: Self.address(n)).get()
                place.allowCut { cuts.note() }
                places.append(place)
            }
        }
        #expect(pool.heldAmount == 8)
        // A fifth address: share 8 / 5 = 1, it holds 0, four addresses hold 2 > 0 + 1: one is cut.
        let newcomer = try pool.take(for: Self.address(5)).get()
        #expect(cuts.value == 1 && pool.heldAmount == 8)
        #expect(places.filter(\.isCut).count == 1)
        let cut = try #require(places.firstIndex { $0.isCut })
        #expect(cut % 2 == 1, "the newer of its address's two")
        // The address that lost one now holds 1 = its share: asking again takes nobody's place.
        #expect(pool.take(for: places[cut].address).failure == .full(8))
        // The cut place's release gives nothing back twice.
        places[cut].release()
        #expect(pool.heldAmount == 8)
        // A sixth, seventh address: two more cuts (share 1, three addresses still hold 2); an eighth finds none above 1.
        let later = try [pool.take(for: Self.address(6)).get(), pool.take(for: Self.address(7)).get(), pool.take(for: Self.address(8)).get()]
        #expect(cuts.value == 4)
        #expect(pool.take(for: Self.address(9)).failure == .full(8))
        #expect(pool.take(for: Self.address(5)).failure == .full(8))
        withExtendedLifetime((newcomer, later)) {}   // held to the end
    }

    @Test func theCeilingPerAddressHoldsEvenAlone() throws {
        let pool = FairPool(limit: 8, addressLimit: 2)
        let held = [try pool.take(for: Self.address(1)).get(), try pool.take(for: Self.address(1)).get()]
        #expect(pool.take(for: Self.address(1)).failure == .addressLimit(2))
        held[0].release()
        #expect((try? pool.take(for: Self.address(1)).get()) != nil)
    }

    @Test func bytesAreSharedAsPlacesAre() throws {
        // The upload budget: 512 in all, 256 per address; two addresses hold 256 each.
        let pool = FairPool(limit: 512, addressLimit: 256)
        let cuts = Cuts()
        let first = try pool.take(256, for: Self.address(1)).get()
        let second = try pool.take(256, for: Self.address(2)).get()
        first.allowCut { cuts.note() }
        second.allowCut { cuts.note() }
        // A third's share is 512 / 3 = 170: 171 is refused, cutting nobody; 10 cuts one of the two.
        #expect(pool.take(171, for: Self.address(3)).failure == .full(512))
        #expect(cuts.value == 0)
        let third = try pool.take(10, for: Self.address(3)).get()
        #expect(cuts.value == 1 && pool.heldAmount == 256 + 10)
        #expect(first.isCut != second.isCut)
        withExtendedLifetime(third) {}
    }

    @Test func whereNothingCanBeCutTheNewcomerHasTheNextPlace() throws {
        // The import queue: 8 places, nothing cut; one address holds all 8.
        let pool = FairPool(limit: 8, priorityHold: .seconds(60))
        var held = try (0..<8).map { _ in try pool.take(for: Self.address(1)).get() }
        #expect(pool.check(for: Self.address(2)) == .full(8))   // asked from an upload's head: refused, noted
        #expect(pool.waitingAddresses == [Self.address(2)])
        // A place frees: the holder's next request is refused, the newcomer's taken.
        held.removeLast().release()
        #expect(pool.take(for: Self.address(1)).failure == .full(8))
        #expect(pool.check(for: Self.address(2)) == nil)
        let newcomer = try pool.take(for: Self.address(2)).get()
        #expect(pool.waitingAddresses.isEmpty && pool.heldAmount == 8)
        // Another place frees: first-come again (nobody waits).
        held.removeLast().release()
        #expect((try? pool.take(for: Self.address(1)).get()) != nil)
        withExtendedLifetime(newcomer) {}
    }

    @Test func aPriorityLapses() throws {
        let pool = FairPool(limit: 2, priorityHold: .milliseconds(1))
        let held = try (0..<2).map { _ in try pool.take(for: Self.address(1)).get() }
        #expect(pool.take(for: Self.address(2)).failure == .full(2))
        held[0].release()
        let start = ContinuousClock.now
        while ContinuousClock.now - start < .milliseconds(5) {}   // the hold's 1 ms past (a clock, not a wait on state)
        #expect((try? pool.take(for: Self.address(1)).get()) != nil)
    }

    @Test func aCutRegisteredAfterTheCutRunsAtOnce() throws {
        let pool = FairPool(limit: 2)
        let cuts = Cuts()
        let place = try pool.take(for: Self.address(1)).get()
        let uncuttable = try pool.take(for: Self.address(1)).get()
        place.allowCut { cuts.note() }
        // Share 2 / 2 = 1; 10.0.0.1 holds 2 > 0 + 1: its only cuttable place goes.
        _ = try pool.take(for: Self.address(2)).get()
        #expect(!uncuttable.isCut)
        #expect(place.isCut && cuts.value == 1)
        place.allowCut { cuts.note() }   // the work registered late: told at once
        #expect(cuts.value == 2)
    }
}

extension Result {
    /// The failure, or nil.
    var failure: Failure? {
        if case .failure(let failure) = self { return failure }
        return nil
    }
}
