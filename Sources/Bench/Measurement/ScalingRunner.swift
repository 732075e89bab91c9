import PixelOps
import PixelOpsBenchmarkSupport

/// Times each case on one thread and on more, alternating blocks of calls in one process on the
/// same pixels (`bench --scaling`): the speed-up of a threaded call without the differences
/// between two processes' buffers (on the 2-core guest, one thread's 480x270 gradient tile took
/// 35.6 to 40.1 µs from one process to the next, more than the effect being measured).
///
/// The cases are made with ``Parallelism/automatic``; the runner switches the process-wide
/// ``Parallelism/defaultThreadCount`` between blocks and restores it afterwards. Blocks of
/// ``blockSize`` calls alternate which side goes first, so a slow period falls on both.
struct ScalingRunner {
  /// Threads of the threaded side (2 or more).
  let threads: Int
  /// Timed calls per side.
  let iterations: Int
  /// Reads and sets the thread count that the cases' ``Parallelism/automatic`` resolves to (a
  /// test passes its own, leaving the process-wide default alone).
  var threadCount: () -> Int = { Parallelism.defaultThreadCount }
  var setThreadCount: (Int) -> Void = { Parallelism.defaultThreadCount = $0 }
  /// Whether to stop before the next block (Ctrl-C, ``Interruption``).
  var isStopRequested: () -> Bool = { Interruption.wasRequested }

  /// Calls per side in one block.
  static let blockSize = 10

  /// A run stopped by Ctrl-C: the cases measured before it.
  typealias Stopped = StoppedRun<ScalingResult>

  /// Measures `cases` in order.
  ///
  /// - Throws: ``Stopped`` with the cases measured so far when a stop is requested; what a
  ///   case throws.
  func run(_ cases: [BenchCase]) throws -> [ScalingResult] {
    try Stopped.measuring(cases, measure)
  }

  /// One case's result, or nil when a stop was requested before it was measured.
  private func measure(_ benchCase: BenchCase) throws -> ScalingResult? {
    if isStopRequested() { return nil }
    Progress.report("\(benchCase.kernel)/\(benchCase.name) (1 and \(threads) threads)")
    let previous = threadCount()
    defer { setThreadCount(previous) }
    for count in [1, threads] {
      setThreadCount(count)
      try benchCase.run()
    }
    var samples: (one: [Double], threaded: [Double]) = ([], [])
    var blockSpeedUps: [Double] = []
    while samples.one.count < iterations {
      if isStopRequested() { return nil }
      let calls = min(Self.blockSize, iterations - samples.one.count)
      let threadedFirst = blockSpeedUps.count % 2 == 1
      var block: (one: [Double], threaded: [Double]) = ([], [])
      for threaded in threadedFirst ? [true, false] : [false, true] {
        setThreadCount(threaded ? threads : 1)
        let times = try (0..<calls).map { _ in try Stopwatch.milliseconds { try measuredRegion(benchCase.run) } }
        if threaded { block.threaded = times } else { block.one = times }
      }
      samples.one += block.one
      samples.threaded += block.threaded
      blockSpeedUps.append(Stopwatch.median(block.one) / Stopwatch.median(block.threaded))
    }
    return ScalingResult(
      kernel: benchCase.kernel, name: benchCase.name, size: benchCase.size, threads: threads, iterations: iterations,
      oneThreadMilliseconds: Stopwatch.median(samples.one), threadedMilliseconds: Stopwatch.median(samples.threaded),
      blockSpeedUps: blockSpeedUps)
  }
}

/// One case's times on one thread and on ``threads``, from ``ScalingRunner``.
struct ScalingResult {
  let kernel: String
  let name: String
  let size: PixelSize
  let threads: Int
  /// Timed calls per side.
  let iterations: Int
  /// Median of the one-thread calls.
  let oneThreadMilliseconds: Double
  /// Median of the calls on ``threads`` threads.
  let threadedMilliseconds: Double
  /// Each block's one-thread median over its threaded median.
  let blockSpeedUps: [Double]

  /// The one-thread median over the threaded median.
  var speedUp: Double { oneThreadMilliseconds / threadedMilliseconds }

  /// The lower and upper quartiles of the blocks' speed-ups: the values at ranks `(n - 1) / 4`
  /// and `3 (n - 1) / 4` of the sorted `n`, rounded to the nearest rank.
  var blockQuartiles: (lower: Double, upper: Double) {
    let sorted = blockSpeedUps.sorted()
    func rank(_ fraction: Double) -> Int { Int((Double(sorted.count - 1) * fraction).rounded()) }
    return (sorted[rank(0.25)], sorted[rank(0.75)])
  }
}
