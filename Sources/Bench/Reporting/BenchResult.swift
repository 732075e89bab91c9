import PixelOps
import PixelOpsBenchmarkSupport

/// One case's measurements.
struct BenchResult {
  let kernel: String
  let name: String
  let size: PixelSize
  let threads: Int
  /// Threads the memcpy yardstick was split over (the case's thread count: like with like).
  let memcpyThreads: Int
  let iterations: Int
  let medianMilliseconds: Double
  let minimumMilliseconds: Double
  /// Median time of a memcpy of the case's traffic on ``memcpyThreads`` threads.
  let memcpyMilliseconds: Double
  /// The fastest memcpy of the case's bytes in this run.
  let memcpyMinimumMilliseconds: Double
  let bytesMoved: Int
  /// Instructions per call, counted under callgrind when requested.
  var instructionsPerCall: Int?
  /// Image size the instructions were counted at (single-threaded, under callgrind).
  var countedSize: PixelSize?

  /// Instructions per pixel at ``countedSize``, when counted.
  var instructionsPerPixel: Double? {
    guard let instructionsPerCall, let countedSize else { return nil }
    return Double(instructionsPerCall) / Double(countedSize.width * countedSize.height)
  }

  var pixels: Int { size.width * size.height }
  var megapixelsPerSecond: Double { Double(pixels) / (medianMilliseconds * 1000) }
  var gigabytesPerSecond: Double { Double(bytesMoved) / (medianMilliseconds * 1e6) }
  var ratioToMemcpy: Double { medianMilliseconds / memcpyMilliseconds }
  /// Fastest case time over fastest memcpy time: the steadier figure on a shared machine, where
  /// interference only ever adds time. What `--check` compares.
  var minimumRatioToMemcpy: Double { minimumMilliseconds / memcpyMinimumMilliseconds }
}
