import Synchronization

/// A persistent pool of worker threads that runs numbered bands of one job in parallel.
///
/// Kernels split their rows into bands and run them through ``shared``; you can do the same
/// with ``run(bandCount:parallelism:_:)``. The thread that makes a call always works on its
/// own job and the call returns only when every band has finished, so:
/// - a band may call the pool again (nested calls never deadlock: the nested caller can
///   always finish its job alone if no worker is free);
/// - any number of threads and Swift concurrency tasks may call it at once;
/// - work runs inline on the caller when one thread is asked for.
///
/// Workers are started lazily, up to the widest call so far (at most
/// ``maximumThreadCount`` threads including the caller). Between jobs they poll briefly for
/// the next one, then sleep on a condition variable. They never exit.
///
/// A call blocks its thread until its bands are done. From Swift concurrency that briefly
/// holds a cooperative thread, like any other synchronous computation; the workers
/// themselves are separate threads, so progress never depends on the cooperative pool.
public final class ThreadPool: Sendable {
  /// The pool every kernel uses.
  public static let shared = ThreadPool()

  /// Cores this process may run on: the CPU affinity mask on Linux, the online processors
  /// elsewhere. At least 1. The default for ``Parallelism/defaultThreadCount``.
  public static let availableCores: Int = PlatformThreads.availableCores()

  /// The most threads one call uses, the caller included; wider requests are capped here.
  public static let maximumThreadCount = 64

  struct State: Sendable {
    /// Jobs that may still take helpers, oldest first (closed ones are dropped lazily).
    var waitingJobs: [PoolJob] = []
    /// Worker threads started so far.
    var workerCount = 0
    /// Finished job records, drained and out of ``waitingJobs``, ready for the next call.
    var idleJobs: [PoolJob] = []
  }

  private let lock = ConditionLock(State())
  /// Idle workers sleep here until a job is queued.
  private let workQueued = ConditionVariable()
  /// `waitingJobs.count`, readable without the lock, for workers polling before they sleep.
  private let queuedJobCount = Atomic<Int>(0)
  /// Workers polling for a job right now.
  private let pollingWorkers = Atomic<Int>(0)

  /// How long a worker with nothing to do keeps polling for a new job before it goes to
  /// sleep: back-to-back calls then find it awake instead of paying for a wake-up.
  ///
  /// It polls without yielding: on Linux a worker that called `sched_yield` in its loop was
  /// often left on the caller's busy core (while the other core idled) and missed whole
  /// jobs; plain polling kept it on a core of its own (measured with `SchedulerMeasurement`).
  static let workerSpinTime = Duration.microseconds(50)
  /// At most this many workers poll at a time, so that polling never crowds out the threads
  /// doing work: one core is left for the caller.
  static let maximumPollingWorkers = max(0, availableCores - 1)
  /// How long a caller that finished its own share polls for its helpers to finish theirs,
  /// without yielding, before it polls with yields (``callerSpinTime``): on the 2-core guest a
  /// `sched_yield` took about 0.5 µs, so a caller yielding between polls saw its helper finish
  /// up to that late (the 480x270 linear gradient on 2 threads: 20.87 → 20.55 µs, median of 20
  /// alternated `bench --scaling` runs). Short, so a helper sharing the caller's core on a busy
  /// machine waits a few microseconds at most.
  static let callerPollTime = Duration.microseconds(5)
  /// How long a caller then polls, yielding the processor between polls, before it goes to
  /// sleep.
  static let callerSpinTime = Duration.microseconds(50)

  private init() {}

  /// Worker threads started so far (the pool grows to the widest request and never shrinks).
  public var workerCount: Int { lock.withLock { $0.workerCount } }

  /// Calls `body` once for every band index in `0 ..< bandCount`, on up to
  /// `parallelism.resolvedThreadCount` threads (the calling thread included), and returns
  /// when all calls have returned.
  ///
  /// Each thread starts on its own contiguous share of the bands, in increasing order, and
  /// then takes bands left in the others' shares, so `body` must not depend on which thread
  /// runs a band or on the order bands run and finish in. A count of zero
  /// or less runs nothing. One thread, or one band, runs inline on the caller.
  ///
  /// - Parameters:
  ///   - bandCount: How many bands the work is split into. Several per thread balance
  ///     uneven bands; each should be worth waking a thread for (tens of microseconds).
  ///   - parallelism: The thread count, and an optional cancellation token checked before
  ///     every band.
  ///   - body: The work of one band, called concurrently from several threads.
  /// - Throws: ``PixelError/cancelled`` when the token was cancelled before every band ran:
  ///   bands not yet started are skipped, and the call returns only after the bands already
  ///   running have finished. A token already cancelled when the call starts runs nothing.
  public func run(
    bandCount: Int, parallelism: Parallelism = .automatic, _ body: @Sendable (Int) -> Void
  ) throws(PixelError) {
    try perform(
      bandCount: bandCount, threadCount: parallelism.resolvedThreadCount,
      cancellationToken: parallelism.cancellationToken, body)
  }

  /// ``run(bandCount:parallelism:_:)`` for bodies that are not `Sendable` (they capture
  /// views and stack memory). Sound because this call returns only after every band, on
  /// every thread, has finished, and no worker touches `body` after that.
  ///
  /// A threaded call boxes the closure's context once (the closure must escape to the
  /// workers); kernels that must not allocate pass a ``BandWork`` value instead.
  func perform(
    bandCount: Int, threadCount: Int, cancellationToken: CancellationToken?, _ body: (Int) -> Void
  ) throws(PixelError) {
    let cancelled = withoutActuallyEscaping(body) { escapableBody in
      Result { () throws(PixelError) in
        try perform(
          bandCount: bandCount, threadCount: threadCount, cancellationToken: cancellationToken,
          work: ClosureBandWork(body: escapableBody))
      }
    }
    try cancelled.get()
  }

  /// Runs `work.runBand` for every band in `0 ..< bandCount` on up to `threadCount` threads,
  /// the caller included, without allocating once the pool is warm: workers reach `work`
  /// through a pointer that is valid because this call returns only after every band ended.
  ///
  /// - Throws: the first error a band threw (bands not yet claimed never start; running ones,
  ///   and one another thread claimed just as the error came, finish),
  ///   else ``PixelError/cancelled`` when the token stopped some band from starting.
  ///
  /// Counts above `bandsPerJob` (``PoolJob/maximumBandCount`` unless a test says less) run
  /// as successive jobs of at most that many bands.
  func perform<Work: BandWork>(
    bandCount: Int, threadCount: Int, cancellationToken: CancellationToken?, work: Work,
    bandsPerJob: Int = PoolJob.maximumBandCount
  ) throws(PixelError) {
    if cancellationToken?.isCancelled == true { throw .cancelled }
    var firstBand = 0
    while firstBand < bandCount {
      let count = min(bandCount - firstBand, max(1, min(bandsPerJob, PoolJob.maximumBandCount)))
      try performJob(
        bandCount: count, threadCount: threadCount, cancellationToken: cancellationToken,
        work: OffsetBands(work: work, firstBand: firstBand))
      firstBand += count
    }
  }

  /// Runs one job of 1 to ``PoolJob/maximumBandCount`` bands: inline on the caller when it
  /// gets one thread, else on the pool.
  private func performJob<Work: BandWork>(
    bandCount: Int, threadCount: Int, cancellationToken: CancellationToken?, work: Work
  ) throws(PixelError) {
    let width = min(threadCount, bandCount, Self.maximumThreadCount)
    guard width > 1 else {
      for band in 0..<bandCount {
        if cancellationToken?.isCancelled == true { throw .cancelled }
        try work.runBand(band)
      }
      return
    }
    let failure = withUnsafePointer(to: work) { pointer -> PixelError? in
      let body = BandInvocation(pointer)
      let job = submitJob(bandCount: bandCount, helperSlots: width - 1, cancellationToken: cancellationToken, body: body)
      job.participate(body, as: 0)
      waitForHelpers(of: job)
      let failure = job.error ?? (job.wasCancelled ? .cancelled : nil)
      retire(job)
      return failure
    }
    if let failure { throw failure }
  }

  /// Queues `job` for helpers, starting workers first if the pool is narrower than the job.
  ///
  /// The caller wakes at most one sleeping worker, and none if one is polling: the first
  /// helper to join wakes the others the job still wants, so the caller pays for one wake-up
  /// at most.
  /// Takes a finished job record (or makes the first ones), fills it in and queues it.
  private func submitJob(
    bandCount: Int, helperSlots: Int, cancellationToken: CancellationToken?, body: BandInvocation
  ) -> PoolJob {
    let (job, sleeperToWake) = lock.withLock { state -> (PoolJob, Bool) in
      let job: PoolJob
      if let idle = state.idleJobs.popLast() {
        idle.reset(bandCount: bandCount, helperSlots: helperSlots, cancellationToken: cancellationToken, body: body)
        job = idle
      } else {
        job = PoolJob(bandCount: bandCount, helperSlots: helperSlots, cancellationToken: cancellationToken, body: body)
      }
      state.waitingJobs.removeAll { $0.isClosed }
      startWorkers(upTo: job.openSlots, state: &state)
      state.waitingJobs.append(job)
      queuedJobCount.store(state.waitingJobs.count, ordering: .relaxed)
      return (job, pollingWorkers.load(ordering: .relaxed) == 0 && workQueued.waiterCount > 0)
    }
    // Outside the lock, so that the woken worker does not run straight into it.
    if sleeperToWake { workQueued.signal() }
    return job
  }

  /// Returns a drained job record for reuse, after taking it out of the queue (closed jobs are
  /// otherwise dropped lazily), so no worker can find it there again. A worker that has just
  /// left it may still signal its `drained` condition once; every wait on it re-checks its
  /// predicate, so that stray signal is harmless.
  private func retire(_ job: PoolJob) {
    lock.withLock { state in
      state.waitingJobs.removeAll { $0 === job }
      queuedJobCount.store(state.waitingJobs.count, ordering: .relaxed)
      state.idleJobs.append(job)
    }
  }

  /// Stops `job` from taking helpers and waits until the ones that joined have left: polling
  /// for ``callerPollTime``, then yielding between polls for ``callerSpinTime``, then asleep.
  /// Then drops the body, which must not outlive the call.
  private func waitForHelpers(of job: PoolJob) {
    if job.close() && !Self.spin(for: Self.callerPollTime, yielding: false, until: { job.isDrained })
      && !Self.spin(for: Self.callerSpinTime, yielding: true, until: { job.isDrained })
    {
      lock.withLock(waitingOn: job.drained, until: { _ in job.announceSleepAndCheckDrained() }) { _ in }
    }
    job.body = nil
  }

  /// Starts workers until there are `count` (capped so a call never exceeds
  /// ``maximumThreadCount`` threads). A refused thread just leaves the pool narrower:
  /// callers finish their jobs alone if need be.
  private func startWorkers(upTo count: Int, state: inout State) {
    let target = min(count, Self.maximumThreadCount - 1)
    while state.workerCount < target {
      let started = PlatformThreads.startDetachedThread(name: "PixelOps \(state.workerCount + 1)") {
        [self] in workerLoop()
      }
      guard started else { return }
      state.workerCount += 1
    }
  }

  /// A worker's life: take the oldest job that wants help, work on it, leave, repeat.
  private func workerLoop() -> Never {
    while true {
      pollForJob()
      let (joined, sleepersToWake) = lock.withLock(
        waitingOn: workQueued, until: { !$0.waitingJobs.isEmpty }
      ) { state -> ((job: PoolJob, participant: Int)?, Int) in
        guard let joined = joinOldestJob(&state) else { return (nil, 0) }
        // Wake the other helpers that queued jobs still take (see `submit`); with none asleep
        // (all polling), skip counting under the lock.
        let sleepers = workQueued.waiterCount
        guard sleepers > 0 else { return (joined, 0) }
        let wanted = state.waitingJobs.reduce(0) { $0 + ($1.hasUnclaimedBands ? $1.openSlots : 0) }
        return (joined, min(wanted, sleepers))
      }
      workQueued.signal(count: sleepersToWake)
      guard let (job, participant) = joined else { continue }
      // Joined, so `body` is still set: the caller clears it only after this helper leaves.
      job.participateAsHelper(participant)
      if job.leave() {
        lock.withLock { _ in job.drained.signal() }
      }
    }
  }

  /// Polls for a queued job for up to ``workerSpinTime``, unless enough workers poll already.
  private func pollForJob() {
    if pollingWorkers.add(1, ordering: .relaxed).newValue <= Self.maximumPollingWorkers {
      _ = Self.spin(for: Self.workerSpinTime, yielding: false) { queuedJobCount.load(ordering: .relaxed) > 0 }
    }
    pollingWorkers.subtract(1, ordering: .relaxed)
  }

  /// Joins the oldest queued job that still takes helpers, dropping closed and exhausted
  /// jobs from the queue on the way. Returns the job and this helper's participant number
  /// (its join order: 1 for the first helper), which picks its home range of bands.
  private func joinOldestJob(_ state: inout State) -> (job: PoolJob, participant: Int)? {
    defer { queuedJobCount.store(state.waitingJobs.count, ordering: .relaxed) }
    while let job = state.waitingJobs.first {
      guard job.tryJoin() else {
        state.waitingJobs.removeFirst()
        continue
      }
      let participant = job.participantCount - job.openSlots
      job.openSlots -= 1
      if job.openSlots == 0 { state.waitingJobs.removeFirst() }
      return (job, participant)
    }
    return nil
  }

  /// Polls until `isDone` holds or `limit` has passed; returns whether it held. With
  /// `yielding`, offers the processor to other threads between polls.
  private static func spin(for limit: Duration, yielding: Bool, until isDone: () -> Bool) -> Bool {
    if isDone() { return true }
    let deadline = ContinuousClock.now.advanced(by: limit)
    repeat {
      if yielding { PlatformThreads.yieldProcessor() }
      if isDone() { return true }
    } while ContinuousClock.now < deadline
    return false
  }
}

/// Bands `firstBand...` of `work`, numbered from 0: one job's part of a call too large for one.
private struct OffsetBands<Work: BandWork>: BandWork {
  let work: Work
  let firstBand: Int
  func runBand(_ band: Int) throws(PixelError) { try work.runBand(firstBand + band) }
}

/// A closure as ``BandWork``, for callers that accept one allocation per threaded call.
private struct ClosureBandWork: BandWork {
  let body: (Int) -> Void
  func runBand(_ band: Int) throws(PixelError) { body(band) }
}
