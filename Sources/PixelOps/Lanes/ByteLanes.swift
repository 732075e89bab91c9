import CLaneIntrinsics

/// Lane helpers for RGBA8 pixels held four to a `SIMD4<UInt32>`: the multiply-and-divide steps
/// the compositing kernels share (even and odd bytes in 16-bit lanes, exact division by 255 with
/// the ``ExactDivision`` identity, 16-bit multiply-high, coverage bytes spread over lanes).
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

  /// `(a * b) >> 16` in each 16-bit lane: the high half of the 32-bit product (SSE2's `pmulhuw`).
  ///
  /// On x86-64 it is that instruction, through its intrinsic (`lane_intrinsics.h`): LLVM's own
  /// matching of the widened form below lost it for a constant 257 on the default build (a shift
  /// and an add in 32-bit lanes first) and for every multiplier on AVX2 builds (`-target-cpu
  /// haswell`: a 256-bit `vpmulld`, a shift and a pack), where source-over then ran slower than
  /// on the default build. Elsewhere, the widened form, lane by lane with scalar conversions as
  /// ``Int16Lanes/widen32(_:)`` does: in this module the standard library's vector
  /// `init(truncatingIfNeeded:)` stayed out-of-line calls (4 per multiply).
  @inline(__always)
  static func multiplyHigh(_ a: SIMD8<UInt16>, _ b: SIMD8<UInt16>) -> SIMD8<UInt16> {
    #if arch(x86_64)
      let product = po_mulhi_epu16(unsafeBitCast(a, to: __m128i.self), unsafeBitCast(b, to: __m128i.self))
      return unsafeBitCast(product, to: SIMD8<UInt16>.self)
    #else
      let wideA = SIMD8<UInt32>(
        UInt32(a[0]), UInt32(a[1]), UInt32(a[2]), UInt32(a[3]), UInt32(a[4]), UInt32(a[5]), UInt32(a[6]), UInt32(a[7]))
      let wideB = SIMD8<UInt32>(
        UInt32(b[0]), UInt32(b[1]), UInt32(b[2]), UInt32(b[3]), UInt32(b[4]), UInt32(b[5]), UInt32(b[6]), UInt32(b[7]))
      let p = (wideA &* wideB) &>> 16
      return SIMD8<UInt16>(
        UInt16(truncatingIfNeeded: p[0]), UInt16(truncatingIfNeeded: p[1]), UInt16(truncatingIfNeeded: p[2]),
        UInt16(truncatingIfNeeded: p[3]), UInt16(truncatingIfNeeded: p[4]), UInt16(truncatingIfNeeded: p[5]),
        UInt16(truncatingIfNeeded: p[6]), UInt16(truncatingIfNeeded: p[7]))
    #endif
  }

  /// Four coverage bytes (pixel `i`'s in bits `8i ..< 8i + 8` of `word`) as `m * 257` in both
  /// 16-bit halves of lane `i` (`movd`, `punpcklbw`, `punpcklwd`): each byte repeated four times.
  @inline(__always)
  static func spreadBytes(_ word: UInt32) -> SIMD8<UInt16> {
    let b = unsafeBitCast(SIMD4<UInt32>(word.littleEndian, 0, 0, 0), to: SIMD16<UInt8>.self)
    let spread = SIMD16<UInt8>(
      b[0], b[0], b[0], b[0], b[1], b[1], b[1], b[1], b[2], b[2], b[2], b[2], b[3], b[3], b[3], b[3])
    return unsafeBitCast(spread, to: SIMD8<UInt16>.self)
  }
}
