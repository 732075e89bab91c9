#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A heap block for decoded strips, tiles and rasters. Sizes come from file headers, so an
/// allocation the system refuses is a typed error instead of a trap (Swift's own allocators
/// stop the process).
final class TIFFScratchMemory {
  let pointer: UnsafeMutableRawPointer
  let byteCount: Int

  init(byteCount: Int) throws(ImageIOError) {
    guard byteCount >= 0, let pointer = malloc(max(byteCount, 1)) else {
      throw .pixels(.allocationFailed(bytes: byteCount))
    }
    self.pointer = pointer
    self.byteCount = byteCount
  }

  deinit {
    free(pointer)
  }
}
