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

  @inline(__always)
  private static func swapBytes0And2(_ pixels: SIMD4<UInt32>) -> SIMD4<UInt32> {
    let memoryOrder = littleEndianLanes(pixels)
    let swapped = (memoryOrder & 0xFF00_FF00) | ((memoryOrder & 0x0000_00FF) &<< 16) | ((memoryOrder &>> 16) & 0x0000_00FF)
    return littleEndianLanes(swapped)
  }
}
