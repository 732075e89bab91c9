#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Timing shared by `bench` and the peer runners, so every side measures the same way.
public enum Stopwatch {
  /// Milliseconds `body` took, by the monotonic clock.
  public static func milliseconds(_ body: () throws -> Void) rethrows -> Double {
    let elapsed = try ContinuousClock().measure(body)
    return Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15
  }

  /// `iterations` timings of a memcpy of `bytesMoved / 2` bytes (the same read and write traffic
  /// as a case that moves `bytesMoved`), after one warm-up copy.
  public static func memcpySamples(bytesMoved: Int, iterations: Int) -> [Double] {
    let count = max(bytesMoved / 2, 1)
    let source = UnsafeMutableRawPointer.allocate(byteCount: count, alignment: 64)
    let destination = UnsafeMutableRawPointer.allocate(byteCount: count, alignment: 64)
    defer {
      source.deallocate()
      destination.deallocate()
    }
    memset(source, 0x5A, count)
    memset(destination, 0, count)
    memcpy(destination, source, count)
    return (0..<iterations).map { _ in milliseconds { memcpy(destination, source, count) } }
  }

  /// The median (the mean of the middle two for an even count); `values` must not be empty.
  public static func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    let middle = sorted.count / 2
    return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
  }
}
