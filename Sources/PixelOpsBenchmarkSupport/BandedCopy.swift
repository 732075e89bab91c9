import PixelOps

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// memcpy split into contiguous equal bands, four per thread, run on ``ThreadPool/shared`` as
/// the kernels run their row bands (where theirs are large, six a thread, tapered: `RowBands`;
/// a copy's bytes all cost the same). The yardstick of a threaded case is this copy at the case's thread
/// count, so `x memcpy` compares like with like (one thread copies inline, a plain memcpy).
public enum BandedCopy {
  /// Bands per thread when more than one thread copies.
  public static let bandsPerThread = 4

  /// Copies `count` bytes from `source` to `destination` (which must not overlap) in
  /// contiguous bands on up to `threads` threads of the shared pool, the caller included;
  /// band boundaries fall on 64-byte offsets. One thread copies inline in one call.
  public static func copy(from source: UnsafeRawPointer, to destination: UnsafeMutableRawPointer, count: Int, threads: Int) {
    guard count > 0 else { return }
    let threadCount = max(1, min(threads, ThreadPool.maximumThreadCount))
    guard threadCount > 1 else {
      memcpy(destination, source, count)
      return
    }
    let bands = threadCount * bandsPerThread
    let pointers = Pointers(source: source, destination: destination)
    // `.threads` cannot fail for 2...64, and without a cancellation token `run` cannot throw.
    let parallelism = (try? Parallelism.threads(threadCount)) ?? .serial
    try? ThreadPool.shared.run(bandCount: bands, parallelism: parallelism) { band in
      let range = bandRange(band, of: bands, count: count)
      memcpy(pointers.destination + range.lowerBound, pointers.source + range.lowerBound, range.count)
    }
  }

  /// The bytes of band `band` when `count` bytes are split into `bands` contiguous bands whose
  /// inner boundaries are multiples of 64 (so no two threads write one cache line).
  public static func bandRange(_ band: Int, of bands: Int, count: Int) -> Range<Int> {
    func boundary(_ index: Int) -> Int {
      index >= bands ? count : min(count, (count / bands * index) & ~63)
    }
    return boundary(band)..<boundary(band + 1)
  }

  /// The two buffers, handed to the pool's bands. `@unchecked Sendable`: bands write disjoint
  /// byte ranges, and the call returns only after every band has finished.
  private struct Pointers: @unchecked Sendable {
    let source: UnsafeRawPointer
    let destination: UnsafeMutableRawPointer
  }
}
