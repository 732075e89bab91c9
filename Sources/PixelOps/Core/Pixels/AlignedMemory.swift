#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#elseif canImport(ucrt)
  import ucrt
#endif

/// Zero-filled, aligned heap memory that reports failure instead of trapping, so an absurd
/// size becomes ``PixelError/allocationFailed(bytes:)`` rather than a crash.
enum AlignedMemory {
  /// Rows start on this boundary: a cache line, and a whole number of any SIMD vector.
  static let rowAlignment = 64

  static func allocateZeroed(byteCount: Int) throws(PixelError) -> UnsafeMutableRawPointer {
    let size = max(byteCount, 1)
    #if canImport(ucrt)
      guard let pointer = _aligned_malloc(size, rowAlignment) else {
        throw .allocationFailed(bytes: byteCount)
      }
    #else
      var raw: UnsafeMutableRawPointer?
      guard posix_memalign(&raw, rowAlignment, size) == 0, let pointer = raw else {
        throw .allocationFailed(bytes: byteCount)
      }
    #endif
    pointer.initializeMemory(as: UInt8.self, repeating: 0, count: size)
    return pointer
  }

  static func deallocate(_ pointer: UnsafeMutableRawPointer) {
    #if canImport(ucrt)
      _aligned_free(pointer)
    #else
      free(pointer)
    #endif
  }

  /// `value` rounded up to a multiple of `rowAlignment`, or `nil` on overflow.
  static func alignedRowBytes(_ value: Int) -> Int? {
    let (padded, overflow) = value.addingReportingOverflow(rowAlignment - 1)
    return overflow ? nil : padded & ~(rowAlignment - 1)
  }
}
