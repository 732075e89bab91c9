/// Working memory of one band of a call (resampling rings, materialised source or coverage rows),
/// reused from call to call.
///
/// Bands check a buffer out of a small shared pool (preferably the one their thread returned
/// last), grow it if the call needs more, and check it back in, so after the first calls no
/// resampling call allocates. The pool keeps at most
/// ``maximumPooled`` buffers of at most ``maximumPooledBytes`` each; larger ones are freed on
/// return, so one huge call does not pin its memory.
enum BandScratch {
  static let maximumPooled = 16
  static let maximumPooledBytes = 16 << 20

  struct Buffer: @unchecked Sendable {
    var base: UnsafeMutableRawPointer
    var capacity: Int
    /// ``PlatformThreads/currentThreadKey()`` of the thread that returned it last.
    var lastThread: UInt = 0
  }

  /// A pthread mutex (`ConditionLock`), which ThreadSanitizer sees, unlike Synchronization's
  /// `Mutex` on Linux.
  private static let pool = ConditionLock<[Buffer]>(
    {
      var buffers: [Buffer] = []
      buffers.reserveCapacity(maximumPooled)
      return buffers
    }())

  /// `byteCount` rounded up to a whole number of 64-byte lines, so regions laid out one after
  /// another in a buffer stay aligned.
  static func aligned(_ byteCount: Int) -> Int { (byteCount &+ 63) & ~63 }

  /// Runs `body` with at least `byteCount` bytes of 64-byte aligned scratch memory.
  ///
  /// - Throws: ``PixelError/allocationFailed(bytes:)`` when the memory cannot be had.
  static func withBuffer<Result>(
    byteCount: Int, _ body: (UnsafeMutableRawPointer) throws(PixelError) -> Result
  ) throws(PixelError) -> Result {
    // The buffer this thread returned last if it fits, else the most recently returned one that
    // fits: a band gets the memory its thread's last band left, still in that core's cache and
    // still holding what a source keeps across bands (a gradient's master rows). Taking
    // another thread's buffer would move it between cores, and the source would remake what
    // it kept there for the other thread's rows.
    let thread = PlatformThreads.currentThreadKey()
    var buffer = pool.withLock { buffers in
      let index =
        buffers.lastIndex { $0.capacity >= byteCount && $0.lastThread == thread }
        ?? buffers.lastIndex { $0.capacity >= byteCount }
        // None fits: this thread's own one is replaced by a larger one, not another's.
        ?? buffers.lastIndex { $0.lastThread == thread }
      return index.map { buffers.remove(at: $0) } ?? buffers.popLast()
    }
    if let existing = buffer, existing.capacity < byteCount {
      AlignedMemory.deallocate(existing.base)
      buffer = nil
    }
    if buffer == nil {
      buffer = Buffer(base: try AlignedMemory.allocateZeroed(byteCount: byteCount), capacity: max(byteCount, 1))
    }
    var held = buffer.unsafelyUnwrapped
    held.lastThread = thread
    defer { checkIn(held) }
    return try body(held.base)
  }

  private static func checkIn(_ buffer: Buffer) {
    let kept =
      buffer.capacity <= maximumPooledBytes
      && pool.withLock { buffers in
        guard buffers.count < maximumPooled else { return false }
        buffers.append(buffer)
        return true
      }
    if !kept { AlignedMemory.deallocate(buffer.base) }
  }
}
