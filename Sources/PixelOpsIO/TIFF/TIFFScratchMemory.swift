#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A zeroed heap block for decoded strips, tiles and rasters. Sizes come from file headers, so
/// an allocation the system refuses is a typed error instead of a trap (Swift's own allocators
/// stop the process).
///
/// libtiff can report a chunk as wholly decoded while leaving its end unwritten (libtiff 4.5
/// returns the full size for a Deflate strip whose stream ends a row and a half early, with no
/// error or warning; found by `scripts/fuzz.sh`). So the block starts zeroed and readers
/// ``clear()`` it before each chunk: bytes libtiff leaves unwritten decode as zeros, the same
/// on every run, instead of whatever the heap or the previous chunk held.
final class TIFFScratchMemory {
  let pointer: UnsafeMutableRawPointer
  let byteCount: Int

  init(byteCount: Int) throws(ImageIOError) {
    guard byteCount >= 0, let pointer = calloc(max(byteCount, 1), 1) else {
      throw .pixels(.allocationFailed(bytes: byteCount))
    }
    self.pointer = pointer
    self.byteCount = byteCount
  }

  /// Sets every byte to zero, before libtiff decodes the next chunk into the block.
  func clear() {
    memset(pointer, 0, byteCount)
  }

  deinit {
    free(pointer)
  }
}
