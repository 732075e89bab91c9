/// Splits a kernel's rows into bands and runs them on ``ThreadPool/shared``.
///
/// Bands are contiguous row ranges that partition the rows. Kernels compute every row on its
/// own, so where the band boundaries fall never changes a result: output is bit-identical for
/// every thread count.
///
/// Where every thread gets ``bandsPerThread`` bands, each thread's share of the rows (the
/// bands the pool makes its home range, ``PoolJob``) is split into bands that halve in size,
/// largest first ("guided" scheduling): a thread that finishes its share early takes the
/// smallest bands from the back of a slower one's, so the threads end within about a
/// sixteenth of a share of each other. Rows rarely cost the same (a gradient's opaque stretch
/// is a store, its translucent one a blend): with equal bands, a thread whose share cost 13%
/// more finished last, a whole band after the other went idle.
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

  /// Bands per thread, so threads that start late or run slow still share the work evenly:
  /// halves of a share and what is left of it, 1/2, 1/4, 1/8, 1/16, 1/16 (``taperedBand(_:of:)``).
  static let bandsPerThread = 5

  /// Fewest rows in a share for tapered bands: the smallest band, a sixteenth, is then a row.
  static let minimumTaperedShareRows = 16

  /// The most bytes in one band, so a cancelled call stops within about a tenth of a
  /// millisecond of work per thread, also when it runs inline.
  static let maximumBandBytes = 1 << 20

  /// How a call is split.
  struct Plan: Equatable {
    /// Bands to run; 0 when there are no rows.
    var bandCount: Int
    /// Threads to use, the caller included; 1 runs inline.
    var threadCount: Int
    /// Whether each thread's share of the rows is split into halving bands
    /// (``RowBands/taperedBand(_:of:)``) rather than into bands of equal size.
    var tapersShares = false
  }

  /// Splits `rowCount` rows of `bytesPerRow` bytes of traffic each for at most
  /// `threadCount` threads: as many threads as have ``minimumBytesPerThread`` each,
  /// ``bandsPerThread`` bands per thread, and bands of at most ``maximumBandBytes``
  /// (never more bands than rows). The bands of a thread's share taper where there are
  /// ``bandsPerThread`` per thread, every share has ``minimumTaperedShareRows`` and the
  /// largest band (half a share) stays within ``maximumBandBytes``; where the cancellation
  /// bound asks for more bands, they are of equal size (and each a small part of a share).
  static func plan(rowCount: Int, bytesPerRow: Int, threadCount: Int) -> Plan {
    guard rowCount > 0 else { return Plan(bandCount: 0, threadCount: 1) }
    let (product, overflow) = rowCount.multipliedReportingOverflow(by: max(0, bytesPerRow))
    let totalBytes = overflow ? Int.max : product
    let worthwhileThreads = max(1, totalBytes / minimumBytesPerThread)
    let threads = max(1, min(threadCount, worthwhileThreads, ThreadPool.maximumThreadCount))
    let bandsForCancellation = totalBytes / maximumBandBytes + 1
    let bandsForBalance = threads > 1 ? threads * bandsPerThread : 1
    let bands = min(rowCount, max(bandsForBalance, bandsForCancellation))
    let largestShareRows = rowCount / threads + (rowCount % threads == 0 ? 0 : 1)
    let (largestBandBytes, largestOverflows) = (largestShareRows - largestShareRows / 2).multipliedReportingOverflow(
      by: max(0, bytesPerRow))
    let tapers =
      threads > 1 && bands == bandsForBalance && rowCount / threads >= minimumTaperedShareRows
      && !largestOverflows && largestBandBytes <= maximumBandBytes
    return Plan(bandCount: bands, threadCount: min(threads, bands), tapersShares: tapers)
  }

  /// The rows of band `band` of `plan` over `rowCount` rows (the rows `plan` was made for).
  static func rows(ofBand band: Int, of plan: Plan, rowCount: Int) -> Range<Int> {
    guard plan.tapersShares else { return rows(ofBand: band, bandCount: plan.bandCount, rowCount: rowCount) }
    let share = rows(ofBand: band / bandsPerThread, bandCount: plan.threadCount, rowCount: rowCount)
    let part = taperedBand(band % bandsPerThread, of: share.count)
    return (share.lowerBound + part.lowerBound)..<(share.lowerBound + part.upperBound)
  }

  /// Band `index` (0 ..< ``bandsPerThread``) of a share of `rowCount` rows split in halves:
  /// band i ends where `floor(rowCount / 2^(i+1))` rows are left, the last one at the end.
  /// With at least ``minimumTaperedShareRows`` rows no band is empty.
  static func taperedBand(_ index: Int, of rowCount: Int) -> Range<Int> {
    func end(_ band: Int) -> Int {
      if band < 0 { return 0 }
      return band == bandsPerThread - 1 ? rowCount : rowCount - rowCount >> (band + 1)
    }
    return end(index - 1)..<end(index)
  }

  /// The rows of band `band` when `rowCount` rows are split into `bandCount` contiguous bands
  /// whose sizes differ by at most one row (also how ``PoolJob`` splits a job's bands into
  /// home ranges: with ``bandsPerThread`` bands per thread, a thread's home range is its share).
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
    try ThreadPool.shared.perform(
      bandCount: plan.bandCount, threadCount: plan.threadCount, cancellationToken: parallelism.cancellationToken,
      work: BandsOfRows(work: work, plan: plan, rowCount: rowCount))
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
