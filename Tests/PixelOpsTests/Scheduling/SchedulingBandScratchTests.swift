import Foundation
import Synchronization
import Testing

@testable import PixelOps

/// Band scratch memory: a thread's next band gets back the buffer its last band used (from the
/// thread's own slot, no lock), also after a throw or a failed allocation; nested uses get
/// distinct buffers; a request larger than a slot keeps leaves the slot's buffer alone; and
/// buffers lent at once never overlap.
@Suite("Scheduling: band scratch")
struct SchedulingBandScratchTests {
  static func address(_ pointer: UnsafeMutableRawPointer) -> UInt { UInt(bitPattern: pointer) }

  /// The address of a small buffer lent to this thread now.
  static func smallBufferAddress() throws -> UInt { try BandScratch.withBuffer(byteCount: 16) { address($0) } }

  @Test("a thread's next band gets the buffer its last one used, still holding what it left")
  func sameThreadGetsItsBufferBack() throws {
    let first = try BandScratch.withBuffer(byteCount: 4096) { base in
      base.storeBytes(of: 0x5EED_F00D, as: UInt64.self)
      return Self.address(base)
    }
    // Pool traffic on another thread in between must not take this thread's buffer (the other
    // thread exits, and its slot's buffer is freed then).
    let other = Thread { _ = try? BandScratch.withBuffer(byteCount: 4096) { $0.storeBytes(of: 0, as: UInt64.self) } }
    other.start()
    while !other.isFinished { usleep(100) }
    let (second, kept) = try BandScratch.withBuffer(byteCount: 1024) { base in
      (Self.address(base), base.load(as: UInt64.self))
    }
    #expect(second == first)
    #expect(kept == 0x5EED_F00D)
  }

  /// What a band keeps for its call's later bands (a gradient's master rows) is valid only if
  /// nothing used the buffer in between: a key kept in the bytes survived another draw's use
  /// that wrote elsewhere in the buffer.
  @Test("a band learns whether its buffer's last user passed the same key; any other use in between says no")
  func keptForTheSameKeyOnly() throws {
    let (key, otherKey) = (MasterRowKeys.next(), MasterRowKeys.next())
    func use(_ key: UInt64) throws -> (UInt, Bool) {
      try BandScratch.withBuffer(byteCount: 2048, keptFor: key) { (base, isKept) in (Self.address(base), isKept) }
    }
    let first = try use(key)
    #expect(!first.1)  // a key no band passed before
    let second = try use(key)
    #expect(second.0 == first.0 && second.1)
    _ = try BandScratch.withBuffer(byteCount: 16) { $0.storeBytes(of: 1, as: UInt8.self) }  // keeps nothing
    let third = try use(key)
    #expect(third.0 == first.0 && !third.1)
    #expect(try use(key).1)
    _ = try use(otherKey)
    let fifth = try use(key)
    #expect(fifth.0 == first.0 && !fifth.1)
    // A key of 0 keeps nothing.
    #expect(try !use(0).1 && !use(0).1)
  }

  @Test("a nested use gets another buffer; the outer one is the thread's next")
  func nestedUsesGetDistinctBuffers() throws {
    let (outer, inner) = try BandScratch.withBuffer(byteCount: 2048) { (outerBase) throws(PixelError) in
      let innerAddress = try BandScratch.withBuffer(byteCount: 2048) { Self.address($0) }
      return (Self.address(outerBase), innerAddress)
    }
    #expect(outer != inner)
    #expect(try Self.smallBufferAddress() == outer)
  }

  @Test("a band that throws still returns its buffer to the thread")
  func throwingBandReturnsItsBuffer() throws {
    let before = try Self.smallBufferAddress()
    #expect(throws: PixelError.cancelled) {
      _ = try BandScratch.withBuffer(byteCount: 16) { (_) throws(PixelError) -> Int in throw .cancelled }
    }
    #expect(try Self.smallBufferAddress() == before)
  }

  @Test("a request that cannot be had is a typed error and leaves the thread's buffer")
  func failedAllocationLeavesTheSlot() throws {
    let before = try Self.smallBufferAddress()
    #expect(throws: PixelError.allocationFailed(bytes: Int.max / 2)) {
      try BandScratch.withBuffer(byteCount: Int.max / 2) { _ in }
    }
    #expect(try Self.smallBufferAddress() == before)
  }

  @Test("a request larger than a slot keeps goes to the shared pool and leaves the slot's buffer")
  func largeRequestLeavesTheSlot() throws {
    let before = try Self.smallBufferAddress()
    let large = BandScratch.maximumThreadBytes + 1
    try BandScratch.withBuffer(byteCount: large) { base in
      // The whole request is writable (AddressSanitizer in CI checks the bounds).
      _ = base.initializeMemory(as: UInt8.self, repeating: 0xA5, count: large)
    }
    #expect(try Self.smallBufferAddress() == before)
  }

  @Test("a request a slot can keep never takes a pooled buffer too large for a slot")
  func smallRequestLeavesLargePooledBuffers() throws {
    let large = try BandScratch.withBuffer(byteCount: BandScratch.maximumThreadBytes + 64) { Self.address($0) }
    // A new thread's slot is empty, so its first band looks in the shared pool.
    let small = Locked<UInt?>(nil)
    let other = Thread { small.withLock { $0 = try? Self.smallBufferAddress() } }
    other.start()
    while !other.isFinished { usleep(100) }
    let got = try #require(small.withLock { $0 })
    #expect(got != large)
  }

  @Test("a larger request the slot can keep replaces its buffer; alignment holds", arguments: [1, 64, 100_000, 3 << 20])
  func growsAndAligns(byteCount: Int) throws {
    _ = try Self.smallBufferAddress()
    let grown = try BandScratch.withBuffer(byteCount: byteCount) { base in
      _ = base.initializeMemory(as: UInt8.self, repeating: 0xA5, count: byteCount)
      return Self.address(base)
    }
    #expect(grown % 64 == 0)
    #expect(try Self.smallBufferAddress() == grown, "the grown buffer is the thread's next")
  }

  @Test("buffers lent at once, on any threads, never overlap")
  func concurrentBandsOwnTheirMemory() throws {
    let lent = Locked([Range<UInt>]())
    let overlaps = Atomic<Int>(0)
    for threads in [2, 4, 8] {
      try ThreadPool.shared.run(bandCount: 64, parallelism: .testThreads(threads)) { band in
        let byteCount = 512 + (band % 5) * 4096
        do {
          try BandScratch.withBuffer(byteCount: byteCount) { base in
            let range = Self.address(base)..<(Self.address(base) + UInt(byteCount))
            lent.withLock { ranges in
              if ranges.contains(where: { $0.overlaps(range) }) { overlaps.add(1, ordering: .relaxed) }
              ranges.append(range)
            }
            let start = ContinuousClock.now
            while ContinuousClock.now - start < .microseconds(20) {}
            lent.withLock { ranges in ranges.removeAll { $0 == range } }
          }
        } catch {
          Issue.record("band \(band): \(error)")
        }
      }
    }
    #expect(overlaps.load(ordering: .relaxed) == 0)
  }
}
