/// Working memory of one band of a call (resampling rings, materialised source or coverage rows),
/// reused from call to call.
///
/// A band may keep something in its buffer for the later bands of its call (a gradient's master
/// rows): it passes a key (``withBuffer(byteCount:keptFor:_:)``), and a later band passing the
/// same key learns whether the buffer's last user was a band with that key. Any other band's use
/// in between, keyed or not, wherever in the buffer it wrote, makes the answer no: a buffer moves
/// between threads and calls through the shared pool.
///
/// A band takes the buffer its thread's last band used from the thread's own slot
/// (``ThreadScratchSlot``), without a lock, and puts it back there: back-to-back calls on many
/// threads then never meet on a shared lock, and each thread keeps its buffer (and what a
/// source left in it, a gradient's master rows) in its own core's cache. Bands that find their
/// slot empty or too small (a nested call, a larger call) take one that fits from a small shared
/// pool, preferring the buffer their thread returned there last, or make one. So after the first
/// calls no call allocates.
///
/// Memory kept: one buffer of at most ``maximumThreadBytes`` per thread that ran bands, until
/// the thread exits (pool workers never do; every caller thread, such as the main thread or a
/// Swift concurrency thread, keeps its own too), plus at most ``maximumPooled`` buffers of at
/// most ``maximumPooledBytes`` in the shared pool; larger ones are freed on return, so one huge
/// call does not pin its memory.
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
    /// The key its last band passed (``withBuffer(byteCount:keptFor:_:)``); 0 for none.
    var lastKey: UInt64 = 0
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
    try withBuffer(byteCount: byteCount, keptFor: 0) { (base, _) throws(PixelError) in try body(base) }
  }

  /// Runs `body` with at least `byteCount` bytes of 64-byte aligned scratch memory and whether
  /// the buffer's last user was a band that passed the same `key`, so that what it left there is
  /// still there. A `key` of 0 keeps nothing (the answer is then always no); a nonzero key must
  /// belong to one call's bands alone.
  ///
  /// - Throws: ``PixelError/allocationFailed(bytes:)`` when the memory cannot be had.
  static func withBuffer<Result>(
    byteCount: Int, keptFor key: UInt64, _ body: (UnsafeMutableRawPointer, _ isKept: Bool) throws(PixelError) -> Result
  ) throws(PixelError) -> Result {
    let slot = ThreadScratchSlot.current()
    var held = try checkOut(byteCount: byteCount, slot: slot)
    let isKept = key != 0 && held.lastKey == key
    held.lastKey = key
    defer { checkIn(held, slot: slot) }
    return try body(held.base, isKept)
  }

  /// A buffer of at least `byteCount` bytes: the slot's if it fits; else one from the shared
  /// pool that fits; else a new one. A request the slot could keep (at most
  /// ``maximumThreadBytes``) that its buffer is too small for replaces that buffer (it goes to
  /// the pool, or is freed if a new one is made); a larger request leaves the slot alone.
  private static func checkOut(byteCount: Int, slot: ThreadScratchSlot.Slot?) throws(PixelError) -> Buffer {
    var replaced: Buffer? = nil
    if let slot, let own = slot.pointee {
      if own.capacity >= byteCount {
        slot.pointee = nil
        return own
      }
      if byteCount <= maximumThreadBytes {
        slot.pointee = nil
        replaced = own
      }
    }
    if let pooled = takeFittingFromPool(byteCount: byteCount) {
      if let replaced { checkInToPool(replaced) }
      return pooled
    }
    if let replaced { AlignedMemory.deallocate(replaced.base) }
    return Buffer(base: try AlignedMemory.allocateZeroed(byteCount: byteCount), capacity: max(byteCount, 1))
  }

  /// The buffer this thread returned to the shared pool last if it fits, else the most
  /// recently returned one that fits: a band gets the memory its thread's last band left, still
  /// in that core's cache and still holding what a source keeps across bands (a gradient's
  /// master rows). Taking another thread's buffer would move it between cores, and the source
  /// would remake what it kept there for the other thread's rows. A request a slot can keep
  /// takes only a buffer a slot can keep, so that it ends in the thread's slot. `nil` when none
  /// fits (no other thread's buffer is taken to be grown).
  private static func takeFittingFromPool(byteCount: Int) -> Buffer? {
    let thread = PlatformThreads.currentThreadKey()
    let largest = byteCount <= maximumThreadBytes ? maximumThreadBytes : Int.max
    return pool.withLock { buffers in
      let index =
        buffers.lastIndex { (byteCount...largest).contains($0.capacity) && $0.lastThread == thread }
        ?? buffers.lastIndex { (byteCount...largest).contains($0.capacity) }
      return index.map { buffers.remove(at: $0) }
    }
  }

  /// Puts a buffer back: into the thread's slot unless it is larger than the slot keeps, else
  /// into the shared pool. A buffer the slot held meanwhile (a nested band's) goes to the pool.
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
