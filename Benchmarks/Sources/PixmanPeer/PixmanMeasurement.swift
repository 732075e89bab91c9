import Foundation
import PixelOps

/// Timing as bench does it: one warm-up call, then `iterations` timed calls, and a memcpy of
/// half the case's bytes timed the same way; results in bench's JSON schema.
enum PixmanMeasurement {
  static func measure(
    kernel: String, name: String, size: PixelSize, bytesMoved: Int, iterations: Int, run: () -> Void
  ) -> [String: Any] {
    run()
    let samples = (0..<iterations).map { _ in milliseconds(run) }
    let memcpy = memcpyMilliseconds(bytes: max(bytesMoved / 2, 1), iterations: iterations)
    let median = samples.sorted()[samples.count / 2]
    return [
      "peer": "pixman", "kernel": kernel, "case": name, "width": size.width, "height": size.height,
      "threads": 1, "iterations": iterations, "median_ms": median, "min_ms": samples.min()!,
      "mpix_per_s": Double(size.width * size.height) / (median * 1000), "memcpy_ms": memcpy,
      "ratio_to_memcpy": median / memcpy, "instructions": NSNull(),
    ]
  }

  static func milliseconds(_ body: () -> Void) -> Double {
    let elapsed = ContinuousClock().measure(body)
    return Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15
  }

  static func memcpyMilliseconds(bytes: Int, iterations: Int) -> Double {
    let source = UnsafeMutableRawPointer.allocate(byteCount: bytes, alignment: 64)
    let destination = UnsafeMutableRawPointer.allocate(byteCount: bytes, alignment: 64)
    defer {
      source.deallocate()
      destination.deallocate()
    }
    memset(source, 0x5A, bytes)
    memset(destination, 0, bytes)
    let samples = (0...iterations).map { _ in milliseconds { memcpy(destination, source, bytes) } }.dropFirst().sorted()
    return samples[samples.count / 2]
  }
}
