import PixelOps
import PixelOpsBenchmarkSupport

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Times cases: one warm-up call, then `iterations` timed calls; memcpy of the case's bytes
/// (half read, half written) is timed the same way in the same run.
struct BenchRunner {
  let settings: BenchSettings

  func run(_ cases: [BenchCase]) throws -> [BenchResult] {
    try cases.map { benchCase in
      Progress.report("\(benchCase.kernel)/\(benchCase.name)")
      try benchCase.run()
      var samples: [Double] = []
      for _ in 0..<settings.iterations {
        try Interruption.stopIfRequested()
        samples.append(try Self.milliseconds { try measuredRegion(benchCase.run) })
      }
      let memcpySamples = try memcpyMilliseconds(bytesMoved: benchCase.bytesMoved)
      return BenchResult(
        kernel: benchCase.kernel, name: benchCase.name, size: benchCase.size,
        threads: settings.parallelism.resolvedThreadCount, iterations: settings.iterations,
        medianMilliseconds: Self.median(samples), minimumMilliseconds: samples.min()!,
        memcpyMilliseconds: Self.median(memcpySamples), memcpyMinimumMilliseconds: memcpySamples.min()!,
        bytesMoved: benchCase.bytesMoved)
    }
  }

  /// Runs each case once outside the measured region (first-use setup such as lookup tables),
  /// then `iterations` times inside it, without timing: what callgrind counts.
  func runForInstructionCount(_ cases: [BenchCase]) throws {
    for benchCase in cases {
      try benchCase.run()
      for _ in 0..<settings.iterations { try measuredRegion(benchCase.run) }
    }
  }

  /// memcpy of `bytesMoved / 2` bytes: the same read and write traffic as the case.
  private func memcpyMilliseconds(bytesMoved: Int) throws -> [Double] {
    let count = max(bytesMoved / 2, 1)
    let source = UnsafeMutableRawPointer.allocate(byteCount: count, alignment: 64)
    let destination = UnsafeMutableRawPointer.allocate(byteCount: count, alignment: 64)
    defer {
      source.deallocate()
      destination.deallocate()
    }
    memset(source, 0x5A, count)
    memset(destination, 0, count)
    return try (0...settings.iterations).map { _ in try Self.milliseconds { memcpy(destination, source, count) } }
      .dropFirst().map { $0 }
  }

  static func milliseconds(_ body: () throws -> Void) throws -> Double {
    let clock = ContinuousClock()
    let elapsed = try clock.measure(body)
    return Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15
  }

  static func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    let middle = sorted.count / 2
    return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
  }
}
