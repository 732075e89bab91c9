/// Angles for conic gradients: `atan2` of four points at once in `Float`, as a fraction of a
/// turn, by a degree-9 odd polynomial on 0...1 (maximum error 1.15e-5 radians, 1.8e-6 turns:
/// under 1/100 of the finest table cell) and octant folding. No libm call, no branches.
enum GradientAngle {
  /// The polynomial's coefficients divided by 2π (so it gives turns).
  private static let c1: Float = 0.9998660 / (2 * .pi)
  private static let c3: Float = -0.3302995 / (2 * .pi)
  private static let c5: Float = 0.1801410 / (2 * .pi)
  private static let c7: Float = -0.0851330 / (2 * .pi)
  private static let c9: Float = 0.0208351 / (2 * .pi)

  /// The angle of (u, v) from +u towards +v, in turns in 0...1 (0 at the origin).
  @inline(__always)
  static func turns(u: SIMD4<Float>, v: SIMD4<Float>) -> SIMD4<Float> {
    let au = FloatLanes.magnitude(u)
    let av = FloatLanes.magnitude(v)
    let vSteeper = av .> au
    let large = FloatLanes.select(vSteeper, av, au)
    let small = FloatLanes.select(vSteeper, au, av)
    // small / large in 0...1; the origin gives 0 / tiny = 0.
    let r = small / FloatLanes.select(large .> 0, large, SIMD4(repeating: 1))
    let s = r * r
    var p = r * (c1 + s * (c3 + s * (c5 + s * (c7 + s * c9))))
    p = FloatLanes.select(vSteeper, 0.25 - p, p)
    p = FloatLanes.select(u .< 0, 0.5 - p, p)
    return FloatLanes.select(v .< 0, 1 - p, p)
  }
}

/// Lane-wise helpers for `SIMD4<Float>` that compile to plain SSE2 bit operations.
enum FloatLanes {
  /// `mask ? a : b` per lane. (`replacing(with:where:)` compiles to one compare and three bit
  /// operations; a hand-made bit select on the mask's lanes was scalarised.)
  @inline(__always)
  static func select(_ mask: SIMDMask<SIMD4<Int32>>, _ a: SIMD4<Float>, _ b: SIMD4<Float>) -> SIMD4<Float> {
    b.replacing(with: a, where: mask)
  }

  @inline(__always)
  static func bitPattern(_ x: SIMD4<Float>) -> SIMD4<UInt32> { unsafeBitCast(x, to: SIMD4<UInt32>.self) }

  /// `mask ? a : b` per lane, on integers.
  @inline(__always)
  static func select(_ mask: SIMDMask<SIMD4<Int32>>, _ a: SIMD4<Int32>, _ b: SIMD4<Int32>) -> SIMD4<Int32> {
    b.replacing(with: a, where: mask)
  }

  @inline(__always)
  static func magnitude(_ x: SIMD4<Float>) -> SIMD4<Float> {
    unsafeBitCast(bitPattern(x) & 0x7FFF_FFFF, to: SIMD4<Float>.self)
  }

  /// `min(max(x, low), high)` per lane; NaN lanes give `high`.
  @inline(__always)
  static func clamp(_ x: SIMD4<Float>, _ low: Float, _ high: Float) -> SIMD4<Float> {
    let upper = select(x .< high, x, SIMD4(repeating: high))
    return select(upper .> low, upper, SIMD4(repeating: low))
  }

  /// `x` rounded to the nearest integer (ties to even), for |x| < 2^22: the sum with
  /// 1.5 * 2^23 holds the integer in its low mantissa bits.
  @inline(__always)
  static func roundedToInt(_ x: SIMD4<Float>) -> SIMD4<Int32> {
    let biased = x + 12_582_912
    return unsafeBitCast(biased, to: SIMD4<Int32>.self) &- 0x4B40_0000
  }

  /// `floor(x)` for |x| < 2^22: the rounded value, less one where rounding went up.
  @inline(__always)
  static func floorToInt(_ x: SIMD4<Float>) -> SIMD4<Int32> {
    let biased = x + 12_582_912
    let nearest = unsafeBitCast(biased, to: SIMD4<Int32>.self) &- 0x4B40_0000
    return nearest.replacing(with: nearest &- 1, where: biased - 12_582_912 .> x)
  }

  /// `x` rounded to the nearest integer, as `Float` (|x| < 2^22).
  @inline(__always)
  static func rounded(_ x: SIMD4<Float>) -> SIMD4<Float> {
    (x + 12_582_912) - 12_582_912
  }
}
