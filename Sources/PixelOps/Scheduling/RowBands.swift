/// Splits a kernel's rows into bands and runs them on ``ThreadPool/shared``.
///
/// Bands are contiguous row ranges that partition the rows. Kernels compute every row on its
/// own, so where the band boundaries fall never changes a result: output is bit-identical for
/// every thread count.
///
/// Where every thread's share of the rows is large enough, it is cut into
/// ``taperedBandsPerThread`` bands that shrink towards its end: 1/4, 1/4, 1/4, 1/8, 1/16 and
/// 1/16 of it (``taperedBand(_:ofShare:)``). A share is also the home range of bands the pool
/// gives its thread (``PoolJob``), and a thread that finishes early takes bands from the back
/// of a slower one's, the smallest first: a small imbalance then costs a sixteenth of a share
/// instead of a whole band, and a stolen band moves fewer rows into the thief's cache. Rows
/// rarely cost the same (a gradient's opaque stretch is a store, its translucent one a blend):
/// with 4 equal bands, the thread whose share cost 13% more finished a quarter share after the
/// other went idle. No band is larger than a quarter share, as with 4 equal bands, so a helper
/// that joins late and takes its first band holds the call back by a quarter share at most.
enum RowBands {
  /// Bytes of row traffic (read plus written) below which a second thread does not pay:
  /// handing a worker part of the rows costs about as much as it saves.
  ///
  /// Measured with `SchedulerMeasurement` (Sources/Bench; 2-core KVM guest, AMD EPYC, Swift
  /// 6.3.1 release, three runs with no other load): work split into 8 bands, called back to
  /// back, 2 pool threads first beat inline at 128-192 KiB in, 128-192 KiB out of vectorized
  /// byte arithmetic (256-384 KiB of traffic); plain `memcpy` needed 0.75-6 MiB copied,
  /// and scalar per-pixel premultiplying mostly 6-8 KiB. This constant sits between the first two: kernels do more arithmetic per byte
  /// than a copy. A call after the pool sat idle for milliseconds gains less: a sleeping
  /// worker took 25-50 µs to start at best, and on that VM often more than 200 µs.
  static let parallelBreakEvenBytes = 512 * 1024

  /// Each extra thread needs about this much work to pay for itself (a job of exactly
  /// ``parallelBreakEvenBytes`` gets two threads, which then tie with one).
  static var minimumBytesPerThread: Int { parallelBreakEvenBytes / 2 }

  /// Bands per thread where a thread's share is not tapered, so threads that start late or run
  /// slow still share the work evenly.
  static let bandsPerThread = 4

  /// Bands per thread where each share is tapered (``taperedBand(_:ofShare:)``).
  static let taperedBandsPerThread = 6

  /// Where tapered band `index` of a share ends: the sixteenths of the share left after it
  /// (rounded down), 12, 8, 4, 2, 1, 0, so bands of 1/4, 1/4, 1/4, 1/8, 1/16 and 1/16 of it. A
  /// switch, not an array: every band's rows were worked out through a lazily made global
  /// array, its first-use check and bounds check included.
  static func sixteenthsLeft(afterBand index: Int) -> Int {
    switch index {
    case 0: 12
    case 1: 8
    case 2: 4
    case 3: 2
    case 4: 1
    default: 0
    }
  }

  /// Fewest rows in a share for tapered bands: its smallest bands, sixteenths, then hold 4 rows
  /// or more. Smaller shares (many threads on few rows) keep equal bands: on the lent 16-core
  /// Xeon, tapered shares of 17-34 rows (bands of 1-2 rows at the end) made 16 threads slower.
  static let minimumTaperedShareRows = 64

  /// The most bytes in one band, so a cancelled call stops within about a tenth of a
  /// millisecond of work per thread, also when it runs inline.
  static let maximumBandBytes = 1 << 20

  /// How a call is split.
  struct Plan: Equatable {
    /// Bands to run; 0 when there are no rows.
    var bandCount: Int
    /// Threads to use, the caller included; 1 runs inline.
    var threadCount: Int
    /// Whether each thread's share of the rows is split into shrinking bands
    /// (``RowBands/taperedBand(_:ofShare:)``) rather than into bands of equal size.
    var tapersShares = false
  }

  /// Splits `rowCount` rows of `bytesPerRow` bytes of traffic each for at most
  /// `threadCount` threads: as many threads as have ``minimumBytesPerThread`` each, bands of at
  /// most ``maximumBandBytes`` (never more bands than rows), and for balance
  /// ``taperedBandsPerThread`` tapered bands per thread where every share has
  /// ``minimumTaperedShareRows``, the 1 MiB bound asks for no more bands than that and the
  /// largest band (a quarter of the largest share, rounded up) stays within it; otherwise
  /// ``bandsPerThread`` equal bands per thread, or more where the 1 MiB bound asks for more.
  static func plan(rowCount: Int, bytesPerRow: Int, threadCount: Int) -> Plan {
    guard rowCount > 0 else { return Plan(bandCount: 0, threadCount: 1) }
    let (product, overflow) = rowCount.multipliedReportingOverflow(by: max(0, bytesPerRow))
    let totalBytes = overflow ? Int.max : product
    // Small work (every small draw): one band on the caller, what the rules below give too (one
    // worthwhile thread below twice minimumBytesPerThread, one band for cancellation below
    // maximumBandBytes, which is larger).
    if totalBytes < parallelBreakEvenBytes { return Plan(bandCount: 1, threadCount: 1) }
    let worthwhileThreads = max(1, totalBytes / minimumBytesPerThread)
    let threads = max(1, min(threadCount, worthwhileThreads, ThreadPool.maximumThreadCount))
    let bandsForCancellation = totalBytes / maximumBandBytes + 1
    /// `n / d` rounded up, without overflow.
    func dividedRoundingUp(_ n: Int, _ d: Int) -> Int { n / d + (n % d == 0 ? 0 : 1) }
    let largestShareRows = dividedRoundingUp(rowCount, threads)
    let (largestBandBytes, largestBandOverflows) = dividedRoundingUp(largestShareRows, 4)
      .multipliedReportingOverflow(by: max(0, bytesPerRow))
    let tapers =
      threads > 1 && rowCount / threads >= minimumTaperedShareRows
      && bandsForCancellation <= threads * taperedBandsPerThread
      && !largestBandOverflows && largestBandBytes <= maximumBandBytes
    let bandsForBalance = threads > 1 ? threads * (tapers ? taperedBandsPerThread : bandsPerThread) : 1
    let bands = min(rowCount, max(bandsForBalance, bandsForCancellation))
    return Plan(bandCount: bands, threadCount: min(threads, bands), tapersShares: tapers)
  }

  /// The rows of band `band` of `plan` over `rowCount` rows (the rows `plan` was made for). A
  /// plan marked tapered whose band count is not ``taperedBandsPerThread`` per thread (``plan``
  /// makes none) is split into equal bands.
  static func rows(ofBand band: Int, of plan: Plan, rowCount: Int) -> Range<Int> {
    guard plan.tapersShares && plan.bandCount == plan.threadCount &* taperedBandsPerThread else {
      return rows(ofBand: band, bandCount: plan.bandCount, rowCount: rowCount)
    }
    let share = rows(ofBand: band / taperedBandsPerThread, bandCount: plan.threadCount, rowCount: rowCount)
    let part = taperedBand(band % taperedBandsPerThread, ofShare: share.count)
    return (share.lowerBound + part.lowerBound)..<(share.lowerBound + part.upperBound)
  }

  /// Band `index` (0 ..< ``taperedBandsPerThread``) of a share of `shareRows` rows: it ends where
  /// `floor(shareRows * s / 16)` rows are left, `s` = ``sixteenthsLeft(afterBand:)``.
  /// With at least ``minimumTaperedShareRows`` rows no band is empty.
  static func taperedBand(_ index: Int, ofShare shareRows: Int) -> Range<Int> {
    /// The rows of the share before band `band`'s end, without overflow for any share.
    func end(_ band: Int) -> Int {
      let sixteenths = sixteenthsLeft(afterBand: band)
      return shareRows - (shareRows / 16 * sixteenths + shareRows % 16 * sixteenths / 16)
    }
    return (index == 0 ? 0 : end(index - 1))..<end(index)
  }

  /// The rows of band `band` when `rowCount` rows are split into `bandCount` contiguous bands
  /// whose sizes differ by at most one row. ``PoolJob`` splits a job's bands into home ranges
  /// with it too, so with ``taperedBandsPerThread`` bands per thread a thread's home range is its
  /// share of the rows: tapered bands depend on that to be stolen smallest first.
  static func rows(ofBand band: Int, bandCount: Int, rowCount: Int) -> Range<Int> {
    let base = rowCount / bandCount
    let remainder = rowCount % bandCount
    let start = band * base + min(band, remainder)
    return start..<(start + base + (band < remainder ? 1 : 0))
  }

  /// Calls `body` once per band of rows in `0 ..< rowCount`; bands partition the rows.
  /// Small work runs inline on the caller.
  ///
  /// `bytesPerRow` estimates the cost of one row as bytes of traffic (read plus written) of a
  /// light arithmetic kernel: pass the traffic for such kernels, less for plain copies and
  /// more for kernels heavy in arithmetic, to decide whether threads pay.
  ///
  /// - Throws: ``PixelError/cancelled`` when `parallelism`'s token is cancelled before all
  ///   bands ran; returns or throws only after every band that started has finished.
  static func forEachBand(
    rowCount: Int, bytesPerRow: Int, parallelism: Parallelism, _ body: (Range<Int>) -> Void
  ) throws(PixelError) {
    let plan = plan(rowCount: rowCount, bytesPerRow: bytesPerRow, threadCount: parallelism.resolvedThreadCount)
    if plan.bandCount == 1 { return try runAlone(parallelism) { body(0..<rowCount) } }
    try ThreadPool.shared.perform(
      bandCount: plan.bandCount, threadCount: plan.threadCount,
      cancellationToken: parallelism.cancellationToken
    ) { band in
      body(rows(ofBand: band, of: plan, rowCount: rowCount))
    }
  }

  /// Runs `work` once per band of rows in `0 ..< rowCount`, like the closure form, without
  /// allocating once the pool is warm.
  static func forEachBand<Work: RowBandWork>(
    rowCount: Int, bytesPerRow: Int, parallelism: Parallelism, work: Work
  ) throws(PixelError) {
    let plan = plan(rowCount: rowCount, bytesPerRow: bytesPerRow, threadCount: parallelism.resolvedThreadCount)
    if plan.bandCount == 1 {
      return try runAlone(parallelism) { () throws(PixelError) in try work.run(rows: 0..<rowCount) }
    }
    try ThreadPool.shared.perform(
      bandCount: plan.bandCount, threadCount: plan.threadCount, cancellationToken: parallelism.cancellationToken,
      work: BandsOfRows(work: work, plan: plan, rowCount: rowCount))
  }

  /// Runs a call of one band (small work, or one thread) on the calling thread, as the pool
  /// would, after the same cancellation check, but without wrapping the work for the pool: each
  /// wrapper was a copy of the work and of every reference in it, about a quarter of a small
  /// draw's fixed cost (a 4x4 source-over: 3,800 instructions a call, 2,789 this way).
  @inline(__always)
  private static func runAlone(
    _ parallelism: Parallelism, _ band: () throws(PixelError) -> Void
  ) throws(PixelError) {
    if parallelism.cancellationToken?.isCancelled == true { throw .cancelled }
    try band()
  }
}

/// A kernel's work over rows, run by ``RowBands`` one contiguous range of rows at a time.
protocol RowBandWork {
  /// Computes `rows`; called concurrently from several threads for disjoint ranges. A thrown
  /// error (scratch memory that could not be had, a source that failed) ends the call:
  /// ``RowBands/forEachBand(rowCount:bytesPerRow:parallelism:work:)`` rethrows the first one
  /// after every running band has finished.
  func run(rows: Range<Int>) throws(PixelError)
}

/// Adapts row work to the pool's numbered bands.
private struct BandsOfRows<Work: RowBandWork>: BandWork {
  let work: Work
  let plan: RowBands.Plan
  let rowCount: Int

  func runBand(_ band: Int) throws(PixelError) {
    try work.run(rows: RowBands.rows(ofBand: band, of: plan, rowCount: rowCount))
  }
}
