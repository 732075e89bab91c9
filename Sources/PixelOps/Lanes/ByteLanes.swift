/// Lane helpers for RGBA8 pixels held four to a `SIMD4<UInt32>`: the multiply-and-divide steps
/// the compositing kernels and tables share (even and odd bytes in 16-bit lanes, exact division
/// by 255 with the ``ExactDivision`` identity).
enum ByteLanes {
  /// Every byte of 4 pixels times its 16-bit factor (per pixel, the same for even and odd
  /// bytes), divided by 255 exactly.
  @inline(__always)
  static func scale(_ pixels: SIMD4<UInt32>, by factor: SIMD8<UInt16>) -> SIMD4<UInt32> {
    let even = unsafeBitCast(pixels & 0x00FF_00FF, to: SIMD8<UInt16>.self)
    let odd = unsafeBitCast((pixels &>> 8) & 0x00FF_00FF, to: SIMD8<UInt16>.self)
    let scaledEven = unsafeBitCast(ExactDivision.div255(even &* factor), to: SIMD4<UInt32>.self)
    let scaledOdd = unsafeBitCast(ExactDivision.div255(odd &* factor), to: SIMD4<UInt32>.self)
    return scaledEven | (scaledOdd &<< 8)
  }
  /// One value per pixel (lane i) into both 16-bit halves of lane i: the per-pixel factor
  /// operand of ``scale(_:by:)``.
  @inline(__always)
  static func spread(_ values: SIMD4<UInt32>) -> SIMD8<UInt16> {
    unsafeBitCast(values | (values &<< 16), to: SIMD8<UInt16>.self)
  }

  /// `round(x / 255)` in each 32-bit lane, for `x <= 65025`.
  @inline(__always)
  static func div255(_ x: SIMD4<UInt32>) -> SIMD4<UInt32> {
    let t = x &+ 128
    return (t &+ (t &>> 8)) &>> 8
  }
}
