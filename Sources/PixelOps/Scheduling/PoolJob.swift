import Synchronization

/// One call's bands, shared by the calling thread and the pool workers that help it.
///
/// Bands are claimed one at a time from `nextBand`, so fast participants take more of them
/// and nobody waits for a fixed share. Helpers join and leave through one atomic word, so the
/// caller can close the job and wait for its helpers without taking the pool's lock.
///
/// Job records are reused (``ThreadPool`` keeps the finished ones), so that a call allocates
/// nothing once the pool is warm; ``reset(bandCount:helperSlots:cancellationToken:body:)``
/// prepares one for its next call, before it is published to workers under the pool's lock.
///
/// `@unchecked Sendable`: ``openSlots`` is only touched with the pool's lock held. ``body`` is
/// written before the job is queued (under the lock) and cleared by the caller only after it
/// saw every helper leave (``isDrained``, an acquiring load paired with each helper's
/// ``leave()``); helpers read it only between joining and leaving. Everything else is a
/// constant or an atomic.
final class PoolJob: @unchecked Sendable {
  /// Set by ``reset(bandCount:helperSlots:cancellationToken:body:)`` before publication.
  private(set) var bandCount: Int
  private(set) var cancellationToken: CancellationToken?
  /// The next band to hand out; `bandCount` once none are left (or cancelled).
  private let nextBand = Atomic<Int>(0)
  /// Whether a participant found the token cancelled before a band it had claimed.
  private let sawCancellation = Atomic<Bool>(false)
  /// The first error a band threw (later ones are dropped: the call reports one).
  private let firstError = Mutex<PixelError?>(nil)
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

  init(bandCount: Int, helperSlots: Int, cancellationToken: CancellationToken?, body: BandInvocation) {
    self.bandCount = bandCount
    self.openSlots = helperSlots
    self.cancellationToken = cancellationToken
    self.body = body
  }

  /// Prepares a finished record for a new call. Only the caller holds it: it was drained,
  /// removed from the pool's queue and taken from the free list under the pool's lock.
  func reset(bandCount: Int, helperSlots: Int, cancellationToken: CancellationToken?, body: BandInvocation) {
    self.bandCount = bandCount
    self.openSlots = helperSlots
    self.cancellationToken = cancellationToken
    self.body = body
    nextBand.store(0, ordering: .relaxed)
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
  var hasUnclaimedBands: Bool { nextBand.load(ordering: .relaxed) < bandCount }

  /// Runs bands until none are left to claim. Checks the token before every band; the first
  /// participant to see it cancelled stops everyone from claiming more. A band that throws
  /// does the same: its error is kept (the first one only) for the caller to rethrow, bands
  /// not yet claimed never start, and bands already running finish.
  func participate(_ body: BandInvocation) {
    while let band = claimBand() {
      if let token = cancellationToken, token.isCancelled {
        sawCancellation.store(true, ordering: .relaxed)
        nextBand.store(bandCount, ordering: .relaxed)
        return
      }
      do {
        try body.run(band)
      } catch {
        firstError.withLock { first in if first == nil { first = error } }
        nextBand.store(bandCount, ordering: .relaxed)
        return
      }
    }
  }

  /// ``participate(_:)`` with the stored body, for a helper that joined (and has not left).
  func participateAsHelper() {
    if let body { participate(body) }
  }

  /// The next unclaimed band, or `nil` when all were handed out. Never goes past
  /// `bandCount`, so it cannot overflow whatever the count.
  private func claimBand() -> Int? {
    var current = nextBand.load(ordering: .relaxed)
    while current < bandCount {
      let (exchanged, original) = nextBand.weakCompareExchange(
        expected: current, desired: current &+ 1, ordering: .relaxed)
      if exchanged { return current }
      current = original
    }
    return nil
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
  let work: UnsafeRawPointer
  let invoke: (UnsafeRawPointer, Int) throws(PixelError) -> Void

  /// Wraps a pointer to `Work`; `invoke` is a generic closure without captures, which the
  /// optimizer turns into a plain function once `Work` is known (no context to allocate).
  init<Work: BandWork>(_ pointer: UnsafePointer<Work>) {
    work = UnsafeRawPointer(pointer)
    invoke = { (work, band) throws(PixelError) in try work.assumingMemoryBound(to: Work.self).pointee.runBand(band) }
  }

  func run(_ band: Int) throws(PixelError) { try invoke(work, band) }
}

/// Work split into numbered bands, run by ``ThreadPool`` without allocating.
protocol BandWork {
  /// Runs band `band`; called concurrently from several threads for different bands. An
  /// error ends the call: no further band starts, and the pool rethrows the first error once
  /// every running band has finished.
  func runBand(_ band: Int) throws(PixelError)
}
