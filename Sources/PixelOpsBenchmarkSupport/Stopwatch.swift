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
  /// as a case that moves `bytesMoved`), after one warm-up copy. With `threads` above 1 the copy
  /// is split over that many threads of the kernels' pool (``BandedCopy``), the yardstick for a
  /// case run on as many threads; 1 (the default) is one plain memcpy.
  public static func memcpySamples(bytesMoved: Int, iterations: Int, threads: Int = 1) -> [Double] {
    let count = max(bytesMoved / 2, 1)
    let source = UnsafeMutableRawPointer.allocate(byteCount: count, alignment: 64)
    let destination = UnsafeMutableRawPointer.allocate(byteCount: count, alignment: 64)
    defer {
      source.deallocate()
      destination.deallocate()
    }
    memset(source, 0x5A, count)
    memset(destination, 0, count)
    BandedCopy.copy(from: source, to: destination, count: count, threads: threads)
    return (0..<iterations).map { _ in
      milliseconds { BandedCopy.copy(from: source, to: destination, count: count, threads: threads) }
    }
  }

  /// The median (the mean of the middle two for an even count); `values` must not be empty.
  public static func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    let middle = sorted.count / 2
    return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
  }
}
