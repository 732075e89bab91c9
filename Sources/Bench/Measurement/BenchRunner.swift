import PixelOps
import PixelOpsBenchmarkSupport

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Times cases: one warm-up call, then `iterations` timed calls; memcpy of the case's bytes
/// (half read, half written) is timed the same way in the same run, split over the same number
/// of threads on the same pool (``BandedCopy``), so the ratio compares like with like.
struct BenchRunner {
  let settings: BenchSettings
  /// Threads of the memcpy yardstick; nil: the case's own thread count. (`--check` passes 1 for
  /// profiles recorded before the yardstick was threaded, whose ratios are to a plain memcpy.)
  var memcpyThreads: Int? = nil
  /// Whether to stop before the next timed call (Ctrl-C, ``Interruption``).
  var isStopRequested: () -> Bool = { Interruption.wasRequested }

  /// A run stopped by Ctrl-C: the cases measured before it.
  typealias Stopped = StoppedRun<BenchResult>

  /// Measures `cases` in order.
  ///
  /// - Throws: ``Stopped`` with the cases measured so far when a stop is requested; what a
  ///   case throws.
  func run(_ cases: [BenchCase]) throws -> [BenchResult] {
    try Stopped.measuring(cases, measure)
  }

  /// One case's result, or nil when a stop was requested before it was measured.
  private func measure(_ benchCase: BenchCase) throws -> BenchResult? {
    Progress.report("\(benchCase.kernel)/\(benchCase.name)")
    try benchCase.run()
    var samples: [Double] = []
    for _ in 0..<settings.iterations {
      if isStopRequested() { return nil }
      samples.append(try Stopwatch.milliseconds { try measuredRegion(benchCase.run) })
    }
    let threads = settings.parallelism.resolvedThreadCount
    let memcpySamples = Stopwatch.memcpySamples(
      bytesMoved: benchCase.bytesMoved, iterations: settings.iterations, threads: memcpyThreads ?? threads)
    return BenchResult(
      kernel: benchCase.kernel, name: benchCase.name, size: benchCase.size,
      threads: threads, memcpyThreads: memcpyThreads ?? threads, iterations: settings.iterations,
      medianMilliseconds: Stopwatch.median(samples), minimumMilliseconds: samples.min()!,
      memcpyMilliseconds: Stopwatch.median(memcpySamples), memcpyMinimumMilliseconds: memcpySamples.min()!,
      bytesMoved: benchCase.bytesMoved)
  }

  /// Runs each case once outside the measured region (first-use setup such as lookup tables),
  /// then `iterations` times inside it, without timing: what callgrind counts.
  func runForInstructionCount(_ cases: [BenchCase]) throws {
    for benchCase in cases {
      try benchCase.run()
      for _ in 0..<settings.iterations { try measuredRegion(benchCase.run) }
    }
  }
}
