import Benchmark
import PixelOps
import PixelOpsBenchmarkSupport

/// One package-benchmark benchmark per `bench` case and thread count (1 and 2), on the same
/// generated inputs, at 1920x1080 so a run stays short (the sequence playbacks have their own
/// fixed sizes). Thresholds: kernels allocate nothing per call once warm, threaded calls
/// included; only cases that read files (`BenchCase.allocatesPerRun`) are exempt.
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
        // Cases that read files (the TIFF playbacks) allocate in libtiff and the reader; every
        // other case is held to zero allocations per call.
        var configuration = Benchmark.defaultConfiguration
        if benchCase.allocatesPerRun { configuration.thresholds = nil }
        Benchmark(
          "\(benchCase.kernel)/\(benchCase.name) \(size.width)x\(size.height) threads \(threads)",
          configuration: configuration
        ) { benchmark in
          for _ in benchmark.scaledIterations {
            try benchCase.run()
          }
        }
      }
    }
    arrayPlayback(parallelism: parallelism, threads: threads)
  }
}

/// The sprite-sheet playback of `bench --kernel sequence` with its 16 frames as separate images
/// (`animationImages` as an array): held, like the sprite sheet, to zero allocations per
/// playback once warm. Not a `bench` case (the three cases are fixed); here for the
/// allocation threshold.
func arrayPlayback(parallelism: Parallelism, threads: Int) {
  guard
    let frames = try? (0..<16).map({ try SequenceInputs.frame($0, of: 16, size: SequenceInputs.spriteFrameSize) }),
    let sequence = try? ImageArraySequence(frames)
  else { return }
  let view = SequenceCases.makeView(parallelism: parallelism)
  Benchmark("sequence/array_playback threads \(threads)") { benchmark in
    for _ in benchmark.scaledIterations {
      view.animationImages = sequence
      view.startAnimating(at: 0)
      for tick in 0..<16 { try view.display(at: Double(tick) / 30) }
      view.stopAnimating()
    }
  }
}
