/// Working memory of one band of a call (resampling rings, materialised source or coverage rows),
/// reused from call to call.
///
/// A band takes the buffer its thread's last band used from the thread's own slot
/// (``ThreadScratchSlot``), without a lock, and puts it back there: back-to-back calls on many
/// threads then never meet on a shared lock, and each thread keeps its buffer (and what a
/// source left in it, a gradient's master rows) in its own core's cache. Bands that find their
/// slot empty or too small (a nested call, a larger call) use a small shared pool, preferring
/// the buffer their thread returned there last, and grow it if the call needs more. So after
/// the first calls no call allocates.
///
/// Memory kept: one buffer of at most ``maximumThreadBytes`` per thread that ran bands (freed
/// when the thread exits), plus at most ``maximumPooled`` buffers of at most
/// ``maximumPooledBytes`` in the shared pool; larger ones are freed on return, so one huge call
/// does not pin its memory.
enum BandScratch {
  static let maximumPooled = 16
  static let maximumPooledBytes = 16 << 20
  /// The largest buffer a thread keeps in its own slot.
  static let maximumThreadBytes = 4 << 20

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
    let slot = ThreadScratchSlot.current()
    var buffer = slot?.pointee
    if let own = buffer, own.capacity >= byteCount {
      slot.unsafelyUnwrapped.pointee = nil
    } else {
      buffer = takeFromPool(byteCount: byteCount)
    }
    if let existing = buffer, existing.capacity < byteCount {
      AlignedMemory.deallocate(existing.base)
      buffer = nil
    }
    if buffer == nil {
      buffer = Buffer(base: try AlignedMemory.allocateZeroed(byteCount: byteCount), capacity: max(byteCount, 1))
    }
    let held = buffer.unsafelyUnwrapped
    defer { checkIn(held, slot: slot) }
    return try body(held.base)
  }

  /// The buffer this thread returned to the shared pool last if it fits, else the most
  /// recently returned one that fits: a band gets the memory its thread's last band left, still
  /// in that core's cache and still holding what a source keeps across bands (a gradient's
  /// master rows). Taking another thread's buffer would move it between cores, and the source
  /// would remake what it kept there for the other thread's rows. None fits: this thread's own
  /// one, to be replaced by a larger one, not another's.
  private static func takeFromPool(byteCount: Int) -> Buffer? {
    let thread = PlatformThreads.currentThreadKey()
    return pool.withLock { buffers in
      let index =
        buffers.lastIndex { $0.capacity >= byteCount && $0.lastThread == thread }
        ?? buffers.lastIndex { $0.capacity >= byteCount }
        ?? buffers.lastIndex { $0.lastThread == thread }
      return index.map { buffers.remove(at: $0) } ?? buffers.popLast()
    }
  }

  /// Puts a buffer back: into the thread's slot when it is empty (replacing a smaller buffer
  /// left there, which goes to the shared pool) and the buffer is not too large to keep there,
  /// else into the shared pool.
  private static func checkIn(_ buffer: Buffer, slot: ThreadScratchSlot.Slot?) {
    if let slot, buffer.capacity <= maximumThreadBytes {
      let previous = slot.pointee
      slot.pointee = buffer
      guard let previous else { return }
      return checkInToPool(previous)
    }
    checkInToPool(buffer)
  }

  private static func checkInToPool(_ buffer: Buffer) {
    var returned = buffer
    returned.lastThread = PlatformThreads.currentThreadKey()
    let kept =
      returned.capacity <= maximumPooledBytes
      && pool.withLock { buffers in
        guard buffers.count < maximumPooled else { return false }
        buffers.append(returned)
        return true
      }
    if !kept { AlignedMemory.deallocate(returned.base) }
  }
}
