/// Exchanging bytes 0 and 2 of 4-byte pixels: RGBA8 <-> BGRA8, the same operation both ways.
/// Row sources use it to hand a kernel rows of the other order, and the converter's
/// RGBA <-> BGRA row is this.
enum RedBlueSwap {
  /// `count` pixels of `source` with red and blue exchanged, into `destination`, 4 pixels per
  /// 128-bit vector. `destination` may be `source` (in place): each vector is loaded before it
  /// is stored.
  @inline(__always)
  static func swap(_ source: UnsafeRawPointer, into destination: UnsafeMutableRawPointer, count: Int) {
    PixelLoop.map32(source, destination, count) { swapBytes0And2($0) }
  }

  /// Red and blue of `count` pixels exchanged where they lie.
  @inline(__always)
  static func swapInPlace(_ pixels: UnsafeMutableRawPointer, count: Int) {
    swap(UnsafeRawPointer(pixels), into: pixels, count: count)
  }

  /// Bytes 0 and 2 of each pixel exchanged: the pixel's 16-bit halves swapped (`pshuflw` and
  /// `pshufhw`; written as shifts, the rotation became four scalar `rol`s) bring byte 2 to 0 and
  /// byte 0 to 2; bytes 1 and 3 stay. Six vector operations where three masks and two shifts
  /// took nine: that 4-pixel loop (66 bytes of code) ran at half speed wherever it fell so that
  /// its first 64-byte line held all but its last instruction (`convert/swizzle_rgba8_bgra8` 0.28 or 0.53 ms at 1080p, the
  /// same instructions, from one build to the next).
  @inline(__always)
  private static func swapBytes0And2(_ pixels: SIMD4<UInt32>) -> SIMD4<UInt32> {
    let memoryOrder = littleEndianLanes(pixels)
    let halves = unsafeBitCast(memoryOrder, to: SIMD8<UInt16>.self)
    let halvesSwapped = unsafeBitCast(
      SIMD8(halves[1], halves[0], halves[3], halves[2], halves[5], halves[4], halves[7], halves[6]),
      to: SIMD4<UInt32>.self)
    return littleEndianLanes((halvesSwapped & 0x00FF_00FF) | (memoryOrder & 0xFF00_FF00))
  }
}
