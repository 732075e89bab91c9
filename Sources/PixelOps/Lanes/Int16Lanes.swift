/// Lane helpers of the resampling passes: 16-bit multiply-adds over interleaved pairs, the
/// pair layout of intermediate rows, and the final rounding of fixed-point sums to RGBA8.
///
/// Intermediate values (between the two passes) are `Int16` holding 32 × the channel value
/// (vertical-first order) or 64 × (horizontal-first order, ``rowIntermediateBits``),
/// unclamped: filters with negative lobes may take them below 0 or above 255 × the scale, and
/// the second pass sees them as the first computed them (to half a unit).
///
/// Every operation here compiles to a few SSE2 instructions on the default build (checked in
/// the assembly): `pmaddwd`, `punpckl/hbw`, `punpckl/hwd`, `punpckl/hdq`, `packssdw`,
/// `packuswb`, `pminub`, `pmulhw`.
enum Int16Lanes {
  /// Fraction bits of intermediate values in pair layout, between the passes of vertical-first
  /// order (32 × the 8-bit value).
  static let intermediateBits = 5

  /// Fraction bits of the rows between the passes of horizontal-first order (64 × the 8-bit
  /// value: the 16-bit vertical pass's `pmulhw` halves them; at most 64 × 255 × 1.6 = 26,112).
  static let rowIntermediateBits = 6

  /// `[a0*b0 + a1*b1, a2*b2 + a3*b3, ...]`: SSE2's `pmaddwd`.
  ///
  /// Written lane by lane with scalar conversions: the optimizer stopped inlining the standard
  /// library's vector `init(truncatingIfNeeded:)` in this module (it became calls), while this
  /// form reliably becomes one `pmaddwd`. The helpers below avoid those initialisers likewise.
  @inline(__always)
  static func multiplyAdd(_ a: SIMD8<Int16>, _ b: SIMD8<Int16>) -> SIMD4<Int32> {
    let products = widen32(a) &* widen32(b)
    return products.evenHalf &+ products.oddHalf
  }

  /// `(a * b) >> 16` lane by lane (the high half of each 32-bit product): SSE2's `pmulhw`,
  /// provided `b` reaches the optimizer as a vector (see ``ResampleWeightedRows``).
  @inline(__always)
  static func multiplyHigh(_ a: SIMD8<Int16>, _ b: SIMD8<Int16>) -> SIMD8<Int16> {
    SIMD8<Int16>(
      truncatingIfNeeded: (SIMD8<Int32>(truncatingIfNeeded: a) &* SIMD8<Int32>(truncatingIfNeeded: b)) &>> 16)
  }

  /// Sign extension to 32-bit lanes, lane by lane (see ``multiplyAdd(_:_:)``).
  @inline(__always)
  static func widen32(_ a: SIMD8<Int16>) -> SIMD8<Int32> {
    SIMD8(Int32(a[0]), Int32(a[1]), Int32(a[2]), Int32(a[3]), Int32(a[4]), Int32(a[5]), Int32(a[6]), Int32(a[7]))
  }

  /// `[w0, w1, w0, w1, ...]`: the multiply-add operand for a pair of taps.
  @inline(__always)
  static func weightPair(_ w0: Int16, _ w1: Int16) -> SIMD8<Int16> {
    let both = UInt32(UInt16(bitPattern: w0)) | UInt32(UInt16(bitPattern: w1)) &<< 16
    return unsafeBitCast(SIMD4<UInt32>(repeating: both), to: SIMD8<Int16>.self)
  }

  /// Bytes `a0, b0, a1, b1, ... a7, b7` (`punpcklbw`).
  @inline(__always)
  static func interleaveLow(_ a: SIMD16<UInt8>, _ b: SIMD16<UInt8>) -> SIMD16<UInt8> {
    SIMD16(a[0], b[0], a[1], b[1], a[2], b[2], a[3], b[3], a[4], b[4], a[5], b[5], a[6], b[6], a[7], b[7])
  }

  /// Bytes `a8, b8, ... a15, b15` (`punpckhbw`).
  @inline(__always)
  static func interleaveHigh(_ a: SIMD16<UInt8>, _ b: SIMD16<UInt8>) -> SIMD16<UInt8> {
    SIMD16(a[8], b[8], a[9], b[9], a[10], b[10], a[11], b[11], a[12], b[12], a[13], b[13], a[14], b[14], a[15], b[15])
  }

  /// Lanes `a0, b0, a1, b1, a2, b2, a3, b3` (`punpcklwd`).
  @inline(__always)
  static func interleaveLow(_ a: SIMD8<Int16>, _ b: SIMD8<Int16>) -> SIMD8<Int16> {
    SIMD8(a[0], b[0], a[1], b[1], a[2], b[2], a[3], b[3])
  }

  /// Lanes `a4, b4, ... a7, b7` (`punpckhwd`).
  @inline(__always)
  static func interleaveHigh(_ a: SIMD8<Int16>, _ b: SIMD8<Int16>) -> SIMD8<Int16> {
    SIMD8(a[4], b[4], a[5], b[5], a[6], b[6], a[7], b[7])
  }

  /// The low eight bytes widened to 16-bit lanes (`punpcklbw` with zero).
  @inline(__always)
  static func widenLow(_ bytes: SIMD16<UInt8>) -> SIMD8<Int16> {
    unsafeBitCast(interleaveLow(bytes, .zero), to: SIMD8<Int16>.self)
  }

  /// The high eight bytes widened to 16-bit lanes (`punpckhbw` with zero).
  @inline(__always)
  static func widenHigh(_ bytes: SIMD16<UInt8>) -> SIMD8<Int16> {
    unsafeBitCast(interleaveHigh(bytes, .zero), to: SIMD8<Int16>.self)
  }

  /// Two pixels' `[r, g, b, a]` values (each within `Int16`) as the pair layout
  /// `[r0, r1, g0, g1, b0, b1, a0, a1]` the horizontal pass multiplies: in 32-bit lanes,
  /// `low 16 bits of p0 | p1 << 16` (bit operations only; shuffles here were fused into
  /// scalar code by the optimizer).
  @inline(__always)
  static func pair(_ p0: SIMD4<Int32>, _ p1: SIMD4<Int32>) -> SIMD8<Int16> {
    unsafeBitCast((p0 & SIMD4(repeating: 0xFFFF)) | (p1 &<< SIMD4(repeating: 16)), to: SIMD8<Int16>.self)
  }

  /// Two pixels' `[r, g, b, a]` values side by side as `Int16` (`packssdw`).
  ///
  /// The lanes must already fit in `Int16`, and every caller's do: a pass's output is at most
  /// the L1 norm of its weights (under 1.6 for every filter here, Lanczos3 reaching 1.55; edge clamping merges weights,
  /// which cannot raise it) times its input, so intermediates stay within 1.6 × 64 × 255 and
  /// final values within ±600. The sign extension `(v << 16) >> 16` (`pslld`, `psrad`) changes
  /// nothing for such lanes and tells the optimizer so, which lets it use the saturating pack.
  /// The clamp this used before (`pointwiseMin`/`pointwiseMax`) was left as four out-of-line
  /// calls per four pixels in the horizontal pass; SysV keeps no vector register across a call,
  /// so each spilled the loop's state, and 4K -> 1080p bilinear took 13.0 ms instead of 8.5 in
  /// the same run.
  @inline(__always)
  static func pack(_ p0: SIMD4<Int32>, _ p1: SIMD4<Int32>) -> SIMD8<Int16> {
    let sixteen = SIMD4<Int32>(repeating: 16)
    let a = unsafeBitCast((p0 &<< sixteen) &>> sixteen, to: SIMD8<Int16>.self)
    let b = unsafeBitCast((p1 &<< sixteen) &>> sixteen, to: SIMD8<Int16>.self)
    return SIMD8(a[0], a[2], a[4], a[6], b[0], b[2], b[4], b[6])
  }

  /// `max(v, 0)` lane by lane, with vector operators only (no lane loops, which the
  /// optimizer sometimes leaves scalar).
  @inline(__always)
  static func atLeastZero(_ v: SIMD8<Int16>) -> SIMD8<Int16> {
    v & ~(v &>> 15)
  }

  /// `(sum + 2^(shift-1)) >> shift`: rounding half up.
  @inline(__always)
  static func rounded(_ sum: SIMD4<Int32>, shift: Int32) -> SIMD4<Int32> {
    (sum &+ SIMD4(repeating: 1 &<< (shift &- 1))) &>> SIMD4(repeating: shift)
  }

  /// Four pixels of rounded sums clamped to `0 ... 255` (colour to alpha when
  /// `clampToAlpha`, so the pixels stay valid premultiplied colours) as 16 bytes
  /// (shuffles, masks, `packuswb`).
  @inline(__always)
  static func bytes(
    _ p0: SIMD4<Int32>, _ p1: SIMD4<Int32>, _ p2: SIMD4<Int32>, _ p3: SIMD4<Int32>, clampToAlpha: Bool
  ) -> SIMD16<UInt8> {
    bytes(pack(p0, p1), pack(p2, p3), clampToAlpha: clampToAlpha)
  }

  /// Four pixels of rounded values, `low` pixels 0-1 and `high` pixels 2-3, clamped as
  /// ``bytes(_:_:_:_:clampToAlpha:)`` does.
  ///
  /// The clamp is also what makes the final byte pick one `packuswb`: picking the even bytes of
  /// lanes the optimizer merely knows are within `0 ... 255` (say, after `(sum + 2) >> 2`)
  /// became a dozen `pextrw`, shifts and masks per vector, which made the 2x box reduction
  /// twice as slow.
  @inline(__always)
  static func bytes(_ low: SIMD8<Int16>, _ high: SIMD8<Int16>, clampToAlpha: Bool) -> SIMD16<UInt8> {
    let top = SIMD8<Int16>(repeating: 255)
    var low = atLeastZero(low)
    var high = atLeastZero(high)
    low = top &- atLeastZero(top &- low)
    high = top &- atLeastZero(top &- high)
    if clampToAlpha {
      let lowAlpha = SIMD8(low[3], low[3], low[3], low[3], low[7], low[7], low[7], low[7])
      let highAlpha = SIMD8(high[3], high[3], high[3], high[3], high[7], high[7], high[7], high[7])
      low = lowAlpha &- atLeastZero(lowAlpha &- low)
      high = highAlpha &- atLeastZero(highAlpha &- high)
    }
    // The low byte of every 16-bit lane (all within 0 ... 255 now): `packuswb`.
    let l = unsafeBitCast(low, to: SIMD16<UInt8>.self)
    let h = unsafeBitCast(high, to: SIMD16<UInt8>.self)
    return SIMD16(l[0], l[2], l[4], l[6], l[8], l[10], l[12], l[14], h[0], h[2], h[4], h[6], h[8], h[10], h[12], h[14])
  }

  /// The high byte of every 16-bit lane, `low`'s then `high`'s: for sums in 8.8 fixed point.
  /// Picked as bytes, it compiles to one `psrlw` per vector and a `packuswb`; shifting the lanes
  /// first and picking their low bytes did not (shuffles, or with ``bytes(_:_:clampToAlpha:)``'s
  /// clamps three more instructions per vector).
  @inline(__always)
  static func highBytes(_ low: SIMD8<UInt16>, _ high: SIMD8<UInt16>) -> SIMD16<UInt8> {
    let l = unsafeBitCast(low, to: SIMD16<UInt8>.self)
    let h = unsafeBitCast(high, to: SIMD16<UInt8>.self)
    #if _endian(little)
      return SIMD16(l[1], l[3], l[5], l[7], l[9], l[11], l[13], l[15], h[1], h[3], h[5], h[7], h[9], h[11], h[13], h[15])
    #else
      return SIMD16(l[0], l[2], l[4], l[6], l[8], l[10], l[12], l[14], h[0], h[2], h[4], h[6], h[8], h[10], h[12], h[14])
    #endif
  }

  /// Stores the first `count` (1...4) pixels of `pixels` at `destination`.
  @inline(__always)
  static func store(_ pixels: SIMD16<UInt8>, count: Int, to destination: UnsafeMutableRawPointer) {
    if count == 4 {
      destination.storeBytes(of: pixels, as: SIMD16<UInt8>.self)
    } else {
      let words = unsafeBitCast(pixels, to: SIMD4<UInt32>.self)
      for k in 0..<count { destination.storeBytes(of: words[k], toByteOffset: k &* 4, as: UInt32.self) }
    }
  }
}
