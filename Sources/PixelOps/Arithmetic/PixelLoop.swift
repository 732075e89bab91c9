/// The one loop shape for 4-byte-pixel row functions: whole 128-bit vectors of 4 pixels, then
/// the tail one pixel at a time through the same transform (in lane 0), so no row function has
/// its own remainder loop.
enum PixelLoop {
  @inline(__always)
  static func map32(
    _ source: UnsafeRawPointer, _ destination: UnsafeMutableRawPointer, _ count: Int,
    _ transform: (SIMD4<UInt32>) -> SIMD4<UInt32>
  ) {
    var x = 0
    while x &+ 4 <= count {
      let pixels = source.loadUnaligned(fromByteOffset: x &* 4, as: SIMD4<UInt32>.self)
      destination.storeBytes(of: transform(pixels), toByteOffset: x &* 4, as: SIMD4<UInt32>.self)
      x &+= 4
    }
    while x < count {
      let pixel = source.loadUnaligned(fromByteOffset: x &* 4, as: UInt32.self)
      destination.storeBytes(of: transform(SIMD4(pixel, 0, 0, 0))[0], toByteOffset: x &* 4, as: UInt32.self)
      x &+= 1
    }
  }
}
