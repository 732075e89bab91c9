import Foundation
import Synchronization
import Testing

@testable import PixelOps

/// Band scratch memory: a thread's next band gets back the buffer its last band used (from the
/// thread's own slot, no lock), nested uses get distinct buffers, and buffers in use at once on
/// different threads never overlap.
@Suite("Scheduling: band scratch")
struct BandScratchTests {
  static func address(_ pointer: UnsafeMutableRawPointer) -> UInt { UInt(bitPattern: pointer) }

  @Test("a thread's next band gets the buffer its last one used, still holding what it left")
  func sameThreadGetsItsBufferBack() throws {
    let first = try BandScratch.withBuffer(byteCount: 4096) { base in
      base.storeBytes(of: 0x5EED_F00D, as: UInt64.self)
      return Self.address(base)
    }
    // Unrelated pool traffic on other threads in between must not take this thread's buffer.
    let others = Thread { _ = try? BandScratch.withBuffer(byteCount: 4096) { $0.storeBytes(of: 0, as: UInt64.self) } }
    others.start()
    while !others.isFinished { usleep(100) }
    let (second, kept) = try BandScratch.withBuffer(byteCount: 1024) { base in
      (Self.address(base), base.load(as: UInt64.self))
    }
    #expect(second == first)
    #expect(kept == 0x5EED_F00D)
  }

  @Test("a nested use gets another buffer, and both are kept for the next bands")
  func nestedUsesGetDistinctBuffers() throws {
    let (outer, inner) = try BandScratch.withBuffer(byteCount: 2048) { (outerBase) throws(PixelError) in
      let innerAddress = try BandScratch.withBuffer(byteCount: 2048) { Self.address($0) }
      return (Self.address(outerBase), innerAddress)
    }
    #expect(outer != inner)
    // The outer (returned last) waits in the slot; the inner one is in the shared pool.
    let next = try BandScratch.withBuffer(byteCount: 2048) { Self.address($0) }
    #expect(next == outer)
  }

  @Test("a larger request replaces the thread's buffer; alignment and size hold", arguments: [1, 64, 100_000, 5 << 20])
  func growsAndAligns(byteCount: Int) throws {
    _ = try BandScratch.withBuffer(byteCount: 16) { _ in }
    try BandScratch.withBuffer(byteCount: byteCount) { base in
      #expect(Self.address(base) % 64 == 0)
      // The whole request is writable (AddressSanitizer or a crash would say otherwise).
      base.initializeMemory(as: UInt8.self, repeating: 0xA5, count: byteCount)
      #expect(base.load(fromByteOffset: byteCount - 1, as: UInt8.self) == 0xA5)
    }
    let again = try BandScratch.withBuffer(byteCount: byteCount) { Self.address($0) % 64 }
    #expect(again == 0)
  }

  @Test("buffers in use at once on different threads never overlap")
  func concurrentBandsOwnTheirMemory() throws {
    let clashes = Atomic<Int>(0)
    for threads in [2, 4, 8] {
      try ThreadPool.shared.run(bandCount: 64, parallelism: .testThreads(threads)) { band in
        let byteCount = 512 + (band % 5) * 4096
        try? BandScratch.withBuffer(byteCount: byteCount) { base in
          let words = base.bindMemory(to: Int.self, capacity: byteCount / 8)
          for index in 0..<(byteCount / 8) { words[index] = band }
          let start = ContinuousClock.now
          while ContinuousClock.now - start < .microseconds(20) {}
          for index in 0..<(byteCount / 8) where words[index] != band {
            clashes.add(1, ordering: .relaxed)
            break
          }
        }
      }
    }
    #expect(clashes.load(ordering: .relaxed) == 0)
  }
}
