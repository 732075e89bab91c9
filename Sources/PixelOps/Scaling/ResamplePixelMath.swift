/// Arithmetic the resampling passes share: the 16-bit multiply-add and the final rounding of
/// fixed-point sums to premultiplied RGBA8.
///
/// Intermediate values (between the two passes) are `Int16` holding 32 × the channel value,
/// unclamped: filters with negative lobes may take them below 0 or above 255 × 32, and the
/// second pass sees them exactly as the first computed them (up to 1/64 of a level).
enum ResamplePixelMath {
  /// Fraction bits of intermediate values (32 × the 8-bit value).
  static let intermediateBits = 5

  /// `[a0*b0 + a1*b1, a2*b2 + a3*b3, ...]`: SSE2's `pmaddwd`.
  @inline(__always)
  static func multiplyAdd(_ a: SIMD8<Int16>, _ b: SIMD8<Int16>) -> SIMD4<Int32> {
    let products = SIMD8<Int32>(truncatingIfNeeded: a) &* SIMD8<Int32>(truncatingIfNeeded: b)
    return products.evenHalf &+ products.oddHalf
  }

  /// `[w0, 0, w0, 0, w1, 0, w1, 0]` moved to the odd lanes: `[0, w0, 0, w0, 0, w1, 0, w1]`.
  @inline(__always)
  static func oddLanes(_ w: SIMD8<Int16>) -> SIMD8<Int16> {
    unsafeBitCast(unsafeBitCast(w, to: SIMD4<UInt32>.self) &<< 16, to: SIMD8<Int16>.self)
  }

  /// Two pixels' RGBA bytes widened to 16-bit lanes.
  @inline(__always)
  static func widen(_ bytes: SIMD8<UInt8>) -> SIMD8<Int16> {
    SIMD8<Int16>(truncatingIfNeeded: bytes)
  }

  /// One pixel from the sums of the paired multiply-adds: `rb = [r, b, r, b]`, `ga = [g, a, g, a]`
  /// partial sums, added into `[r, g, b, a]`.
  @inline(__always)
  static func combine(_ rb: SIMD4<Int32>, _ ga: SIMD4<Int32>) -> SIMD4<Int32> {
    let r = rb.lowHalf &+ rb.highHalf
    let g = ga.lowHalf &+ ga.highHalf
    return SIMD4(r[0], g[0], r[1], g[1])
  }

  /// `round(sum / 2^shift)` (half up), clamped to `0 ... 255`, colour clamped to alpha when
  /// `clampToAlpha`, stored as 4 bytes at `destination`.
  @inline(__always)
  static func storePixel(
    _ sum: SIMD4<Int32>, shift: Int32, clampToAlpha: Bool, to destination: UnsafeMutableRawPointer
  ) {
    var v = (sum &+ (1 &<< (shift &- 1))) &>> shift
    v = v.clamped(lowerBound: .zero, upperBound: SIMD4(repeating: 255))
    if clampToAlpha {
      v = pointwiseMin(v, SIMD4(repeating: v[3]))
    }
    destination.storeBytes(of: SIMD4<UInt8>(truncatingIfNeeded: v), as: SIMD4<UInt8>.self)
  }

  /// Eight 16-bit results of `round(sum / 2^shift)` (half up), unclamped.
  @inline(__always)
  static func intermediate(_ sum: SIMD8<Int32>, shift: Int32) -> SIMD8<Int16> {
    SIMD8<Int16>(truncatingIfNeeded: (sum &+ (1 &<< (shift &- 1))) &>> shift)
  }

  /// Two pixels (eight channel sums) rounded by `shift`, clamped to bytes (colour to alpha when
  /// `clampToAlpha`) and stored at `destination`.
  @inline(__always)
  static func storeTwoPixels(
    _ sum: SIMD8<Int32>, shift: Int32, clampToAlpha: Bool, to destination: UnsafeMutableRawPointer
  ) {
    var v = (sum &+ (1 &<< (shift &- 1))) &>> shift
    v = v.clamped(lowerBound: .zero, upperBound: SIMD8(repeating: 255))
    if clampToAlpha {
      let alpha = SIMD8<Int32>(v[3], v[3], v[3], v[3], v[7], v[7], v[7], v[7])
      v = pointwiseMin(v, alpha)
    }
    destination.storeBytes(of: SIMD8<UInt8>(truncatingIfNeeded: v), as: SIMD8<UInt8>.self)
  }
}
