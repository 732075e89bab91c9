import Synchronization

/// One call's bands, shared by the calling thread and the pool workers that help it.
///
/// Bands are split into one contiguous home range per participant: the caller's first, then
/// one per helper in the order helpers join. A participant runs its own range front to back,
/// then takes bands from the back of the others' ranges, so a helper that starts late or runs
/// slow loses bands to the others and nobody waits for a fixed share. Called back to back on
/// rows that fit in the cores' caches, each participant then works on the same rows every
/// call, and the rows stay in its core's cache instead of moving between cores: with one
/// shared counter, which thread got which band changed from call to call.
///
/// Helpers join and leave through one atomic word, so the caller can close the job and wait
/// for its helpers without taking the pool's lock.
///
/// Job records are reused (``ThreadPool`` keeps the finished ones), so that a call allocates
/// nothing once the pool is warm; ``reset(bandCount:helperSlots:cancellationToken:body:)``
/// prepares one for its next call, before it is published to workers under the pool's lock.
///
/// `@unchecked Sendable`: ``openSlots`` is only touched with the pool's lock held. ``body`` is
/// written before the job is queued (under the lock) and cleared by the caller only after it
/// saw every helper leave (``isDrained``, an acquiring load paired with each helper's
/// ``leave()``); helpers read it only between joining and leaving. The home ranges are atomics
/// in memory the record owns, set by `reset` before publication. Everything else is a constant
/// or an atomic.
final class PoolJob: @unchecked Sendable {
  /// The most bands one job hands out: both ends of a home range share one 64-bit word.
  /// ``ThreadPool`` runs larger counts as successive jobs.
  static let maximumBandCount = Int(UInt32.max)

  /// Set by ``reset(bandCount:helperSlots:cancellationToken:body:)`` before publication.
  private(set) var bandCount: Int
  private(set) var cancellationToken: CancellationToken?
  /// The caller and every helper slot: one home range each.
  private(set) var participantCount: Int
  /// One word per participant's home range: the next band from the front in the low 32 bits,
  /// the end (exclusive) in the high 32; empty once they meet. All zero once the job stops
  /// handing out bands (cancelled or failed), so that a claim racing the stop fails. Each word
  /// sits alone in ``rangeStride`` words (``homeRange(_:)``).
  private let homeRanges: UnsafeMutablePointer<Atomic<UInt64>>
  /// Words from one home range to the next: 128 bytes, so that a participant's claims never
  /// take the cache line (or, with the adjacent-line prefetcher, the pair of lines) that another
  /// participant claims from. Packed side by side, every claim found the line in the other
  /// core's cache, where the other's last claim had left it.
  private static let rangeStride = 16
  /// Set (before the ranges are emptied) once a band threw or the token was seen cancelled:
  /// a band claimed after that is not run.
  private let stopped = Atomic<Bool>(false)
  /// Whether a participant found the token cancelled before a band it had claimed.
  private let sawCancellation = Atomic<Bool>(false)
  /// The first error a band threw (later ones are dropped: the call reports one).
  private let firstError = ConditionLock<PixelError?>(nil)
  /// Bit 0: closed (the caller takes no more helpers); the rest: helpers inside, times 2.
  private let helperState = Atomic<Int>(0)
  /// Set when the caller is about to sleep on ``drained``.
  private let callerSleeps = Atomic<Bool>(false)

  /// Helpers that may still join. Guarded by the pool's lock.
  var openSlots: Int
  /// Signalled (under the pool's lock) when the last helper leaves while the caller sleeps.
  let drained = ConditionVariable()
  /// The caller's band body; `nil` once the caller stopped waiting (see the type's comment).
  var body: BandInvocation?

  /// A job of `bandCount` bands (at most ``maximumBandCount``) for the caller and up to
  /// `helperSlots` helpers (at most ``ThreadPool/maximumThreadCount`` participants in all).
  init(bandCount: Int, helperSlots: Int, cancellationToken: CancellationToken?, body: BandInvocation) {
    homeRanges = UnsafeMutableRawPointer.allocate(
      byteCount: ThreadPool.maximumThreadCount * Self.rangeStride * MemoryLayout<UInt64>.stride, alignment: 128
    ).bindMemory(to: Atomic<UInt64>.self, capacity: ThreadPool.maximumThreadCount * Self.rangeStride)
    for participant in 0..<ThreadPool.maximumThreadCount {
      (homeRanges + participant * Self.rangeStride).initialize(to: Atomic(0))
    }
    self.bandCount = 0
    self.participantCount = 0
    self.openSlots = 0
    reset(bandCount: bandCount, helperSlots: helperSlots, cancellationToken: cancellationToken, body: body)
  }

  deinit {
    for participant in 0..<ThreadPool.maximumThreadCount { homeRange(participant).deinitialize(count: 1) }
    homeRanges.deallocate()
  }

  /// Prepares a record for a call (a new one, or a finished one that only the caller holds:
  /// drained, removed from the pool's queue and taken from the free list under the lock).
  func reset(bandCount: Int, helperSlots: Int, cancellationToken: CancellationToken?, body: BandInvocation) {
    precondition(
      (0...Self.maximumBandCount).contains(bandCount) && (0..<ThreadPool.maximumThreadCount).contains(helperSlots),
      "ThreadPool splits larger jobs")
    self.bandCount = bandCount
    self.participantCount = helperSlots + 1
    self.openSlots = helperSlots
    self.cancellationToken = cancellationToken
    self.body = body
    for participant in 0..<participantCount {
      // Contiguous ranges whose sizes differ by at most one band: RowBands' split, so that with
      // RowBands.taperedBandsPerThread bands per thread a participant's range is its share of the rows,
      // whose tapered bands are then stolen smallest first.
      let range = RowBands.rows(ofBand: participant, bandCount: participantCount, rowCount: bandCount)
      homeRange(participant).pointee.store(UInt64(range.upperBound) << 32 | UInt64(range.lowerBound), ordering: .relaxed)
    }
    stopped.store(false, ordering: .relaxed)
    sawCancellation.store(false, ordering: .relaxed)
    firstError.withLock { $0 = nil }
    helperState.store(0, ordering: .relaxed)
    callerSleeps.store(false, ordering: .relaxed)
  }

  /// Whether some band was skipped because the token was cancelled. Read once drained.
  var wasCancelled: Bool { sawCancellation.load(ordering: .relaxed) }

  /// The first error a band threw, if any. Read once drained.
  var error: PixelError? { firstError.withLock { $0 } }

  /// Whether the caller has stopped taking helpers.
  var isClosed: Bool { helperState.load(ordering: .relaxed) & 1 != 0 }

  /// Whether bands are left to claim.
  var hasUnclaimedBands: Bool {
    (0..<participantCount).contains { participant in
      Self.holdsBands(homeRange(participant).pointee.load(ordering: .relaxed))
    }
  }

  /// Participant `participant`'s home-range word.
  @inline(__always)
  private func homeRange(_ participant: Int) -> UnsafeMutablePointer<Atomic<UInt64>> {
    homeRanges + participant &* Self.rangeStride
  }

  /// Whether a home range's word (front in the low 32 bits, end in the high 32) is not empty.
  private static func holdsBands(_ word: UInt64) -> Bool { word & 0xFFFF_FFFF < word >> 32 }

  /// Runs bands as participant `participant` (0 for the caller, a helper's join order after
  /// that) until none are left to claim. Checks the token before every band; the first
  /// participant to see it cancelled stops everyone from claiming more. A band that throws
  /// does the same: its error is kept (the first one only) for the caller to rethrow, bands
  /// not yet claimed never start, and bands already running finish.
  func participate(_ body: BandInvocation, as participant: Int) {
    body.withBandRunner { (runBand) in
      while let band = claimBand(for: participant) {
        // A claim can succeed on a range that another participant's stop has not emptied yet;
        // having seen an emptied range, it sees the flag set before it.
        if stopped.load(ordering: .relaxed) { return }
        if let token = cancellationToken, token.isCancelled {
          sawCancellation.store(true, ordering: .relaxed)
          stopHandingOutBands()
          return
        }
        do throws(PixelError) {
          try runBand(band)
        } catch {
          firstError.withLock { first in if first == nil { first = error } }
          stopHandingOutBands()
          return
        }
      }
    }
  }

  /// ``participate(_:as:)`` with the stored body, for a helper that joined (and has not left).
  func participateAsHelper(_ participant: Int) {
    if let body { participate(body, as: participant) }
  }

  /// The next band for `participant`: the front of its own home range, else the back of the
  /// first other range that has one (looking at the ranges after its own, wrapping round);
  /// `nil` when none is left.
  private func claimBand(for participant: Int) -> Int? {
    if let band = take(fromRange: participant, atBack: false) { return band }
    var other = participant
    for _ in 1..<participantCount {
      other = other + 1 == participantCount ? 0 : other + 1
      if let band = take(fromRange: other, atBack: true) { return band }
    }
    return nil
  }

  /// Claims the front band of range `index` (its owner) or its back band (a thief); `nil` when
  /// the range is empty. Acquiring, to pair with the releasing stores of a stop: see
  /// `participate`.
  private func take(fromRange index: Int, atBack: Bool) -> Int? {
    var word = homeRange(index).pointee.load(ordering: .acquiring)
    while Self.holdsBands(word) {
      let (exchanged, original) = homeRange(index).pointee.weakCompareExchange(
        expected: word, desired: atBack ? word &- (1 << 32) : word &+ 1, ordering: .acquiring)
      if exchanged { return atBack ? Int(word >> 32) - 1 : Int(word & 0xFFFF_FFFF) }
      word = original
    }
    return nil
  }

  /// Sets ``stopped``, then empties every home range: a claim that raced this on a range finds
  /// its word changed and sees none, and a claim on a range not yet emptied is dropped by the
  /// flag in `participate`.
  private func stopHandingOutBands() {
    stopped.store(true, ordering: .relaxed)
    for participant in 0..<participantCount { homeRange(participant).pointee.store(0, ordering: .releasing) }
  }

  // MARK: Helpers joining and leaving

  /// Enters a helper unless the job is closed or has nothing left to claim.
  func tryJoin() -> Bool {
    guard hasUnclaimedBands else { return false }
    var current = helperState.load(ordering: .relaxed)
    while current & 1 == 0 {
      let (exchanged, original) = helperState.weakCompareExchange(
        expected: current, desired: current &+ 2, ordering: .acquiring)
      if exchanged { return true }
      current = original
    }
    return false
  }

  /// Leaves a joined helper. Returns `true` when the caller sleeps and this was the last
  /// helper: then the caller must be woken through ``drained`` under the pool's lock.
  func leave() -> Bool {
    let remaining = helperState.subtract(2, ordering: .sequentiallyConsistent).newValue
    return remaining == 1 && callerSleeps.load(ordering: .sequentiallyConsistent)
  }

  /// Closes the job to new helpers; returns whether helpers are still inside.
  func close() -> Bool {
    helperState.bitwiseOr(1, ordering: .acquiringAndReleasing).newValue != 1
  }

  /// Whether every helper has left a closed job (acquiring what they wrote).
  var isDrained: Bool { helperState.load(ordering: .acquiring) == 1 }

  /// For the caller's last check before sleeping: announces the sleep, then looks again.
  func announceSleepAndCheckDrained() -> Bool {
    callerSleeps.store(true, ordering: .sequentiallyConsistent)
    return helperState.load(ordering: .sequentiallyConsistent) == 1
  }
}

/// A band body that a job can hold without a closure context: a pointer to the caller's work
/// value and a function, with no captures, that runs one band of it. Forming one allocates
/// nothing, where storing a closure that captures state would box its context on every call.
///
/// Valid only while the call that made it runs: ``ThreadPool`` makes it inside
/// `withUnsafePointer(to:)` around the work value and clears it before that scope ends.
struct BandInvocation {
  /// Runs bands of one participant: the `loop` it is handed calls its argument once per band.
  typealias BandLoop = ((Int) throws(PixelError) -> Void) -> Void

  let work: UnsafeRawPointer
  let invoke: (UnsafeRawPointer, BandLoop) -> Void

  /// Wraps a pointer to `Work`; `invoke` is a generic closure without captures, which the
  /// optimizer turns into a plain function once `Work` is known (no context to allocate).
  ///
  /// A value read through a pointer is copied before its method runs (with a retain of every
  /// reference in it: 400-500 instructions for a gradient's draw), so the work is read once per
  /// participant, not once per band.
  init<Work: BandWork>(_ pointer: UnsafePointer<Work>) {
    work = UnsafeRawPointer(pointer)
    invoke = { (work, loop) in
      let local = work.assumingMemoryBound(to: Work.self).pointee
      loop { (band) throws(PixelError) in try local.runBand(band) }
    }
  }

  /// Calls `loop` with a function that runs one band of the work.
  func withBandRunner(_ loop: BandLoop) { invoke(work, loop) }
}

/// Work split into numbered bands, run by ``ThreadPool`` without allocating.
protocol BandWork {
  /// Runs band `band`; called concurrently from several threads for different bands. An
  /// error ends the call: bands not yet claimed never start (one another thread claimed as the
  /// error came may still run), and the pool rethrows the first error once every running band
  /// has finished.
  func runBand(_ band: Int) throws(PixelError)
}
