import Benchmark
import PixelOps
import PixelOpsBenchmarkSupport

/// One package-benchmark benchmark per `bench` case and thread count (1 and 2), on the same
/// generated inputs, at 1920x1080 so a run stays short. Thresholds: kernels allocate nothing per
/// call once warm, threaded calls included.
let benchmarks: @Sendable () -> Void = {
  let size = PixelSize(width: 1920, height: 1080)
  Benchmark.defaultConfiguration = .init(
    metrics: [.wallClock, .throughput, .mallocCountTotal],
    timeUnits: .microseconds,
    warmupIterations: 3,
    scalingFactor: .one,
    maxDuration: .seconds(2),
    maxIterations: 200,
    thresholds: [.mallocCountTotal: .init(absolute: [.p90: 0])]
  )
  for threads in [1, 2] {
    let parallelism: Parallelism = (try? .threads(threads)) ?? .serial
    let settings = BenchSettings(size: size, parallelism: parallelism, iterations: 1, caseName: nil)
    for family in KernelFamily.allCases {
      guard let cases = try? family.makeCases(settings) else { continue }
      for benchCase in cases {
        Benchmark("\(benchCase.kernel)/\(benchCase.name) \(size.width)x\(size.height) threads \(threads)") { benchmark in
          for _ in benchmark.scaledIterations {
            try benchCase.run()
          }
        }
      }
    }
  }
}
