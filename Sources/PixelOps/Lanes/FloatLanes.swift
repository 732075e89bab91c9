/// Lane-wise helpers for `SIMD4<Float>` that compile to plain SSE2 instructions (checked in the
/// assembly: `minps`/`maxps`, one compare and three bit operations per select, no libm calls).
/// The gradient shapes use them to turn parameters into table cells.
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

  /// `min(max(x, low), high)` per lane; NaN lanes give `high`. Written as a scalar conditional
  /// per lane, which the vectoriser turns into `minps` and `maxps`; the same selects on vector
  /// masks became a compare and three bit operations each inside the gradient loops.
  @inline(__always)
  static func clamp(_ x: SIMD4<Float>, _ low: Float, _ high: Float) -> SIMD4<Float> {
    var clamped = x
    for lane in 0..<4 {
      let upper = x[lane] < high ? x[lane] : high
      clamped[lane] = upper > low ? upper : low
    }
    return clamped
  }

  /// `floor(x)` for |x| < 2^22: the sum with 1.5 x 2^23 holds `x` rounded to the nearest integer
  /// in its low mantissa bits; less one where that rounding went up.
  @inline(__always)
  static func floorToInt(_ x: SIMD4<Float>) -> SIMD4<Int32> {
    let biased = x + 12_582_912
    let nearest = unsafeBitCast(biased, to: SIMD4<Int32>.self) &- 0x4B40_0000
    return nearest.replacing(with: nearest &- 1, where: biased - 12_582_912 .> x)
  }

  /// `x` rounded to the nearest integer (halves to even), for |x| < 2^22, in each lane's low
  /// 22 bits: the sum with 1.5 x 2^23 holds it in its low mantissa bits, and the bits above hold
  /// the constant, which a caller that masks the lanes to `k <= 22` bits (`lane & (2^k - 1)`, the
  /// gradient tables' entry mask) never sees: it gets the integer modulo 2^k without subtracting
  /// the constant's bits.
  @inline(__always)
  static func nearestIntLowBits(_ x: SIMD4<Float>) -> SIMD4<Int32> {
    unsafeBitCast(x + 12_582_912, to: SIMD4<Int32>.self)
  }

  /// `x` rounded to the nearest integer, as `Float` (|x| < 2^22).
  @inline(__always)
  static func rounded(_ x: SIMD4<Float>) -> SIMD4<Float> {
    (x + 12_582_912) - 12_582_912
  }
}
