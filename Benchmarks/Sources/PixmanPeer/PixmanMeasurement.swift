import Foundation
import PixelOps
import PixelOpsBenchmarkSupport

/// Timing as bench does it: one warm-up call, then `iterations` timed calls, and a memcpy of
/// half the case's bytes timed the same way; results in bench's JSON schema.
enum PixmanMeasurement {
  static func measure(
    kernel: String, name: String, size: PixelSize, bytesMoved: Int, iterations: Int, run: () -> Void
  ) -> [String: Any] {
    run()
    let samples = (0..<iterations).map { _ in Stopwatch.milliseconds(run) }
    let memcpy = Stopwatch.median(Stopwatch.memcpySamples(bytesMoved: bytesMoved, iterations: iterations))
    let median = Stopwatch.median(samples)
    return [
      "peer": "pixman", "kernel": kernel, "case": name, "width": size.width, "height": size.height,
      "threads": 1, "iterations": iterations, "median_ms": median, "min_ms": samples.min()!,
      "mpix_per_s": Double(size.width * size.height) / (median * 1000), "memcpy_ms": memcpy,
      "ratio_to_memcpy": median / memcpy, "instructions": NSNull(),
    ]
  }
}
