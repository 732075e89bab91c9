/// Reduction by exactly two with the box filter, pixel-aligned: each destination pixel is the
/// rounded mean of a 2x2 block, `(a + b + c + d + 2) >> 2` per channel (OpenCV's INTER_AREA
/// fast path does the same).
///
/// Used only when both weight tables are exactly "two taps of one half, starts two apart"
/// (``ResampleWeights/isPairAverage``); the general two-pass arithmetic then gives the same
/// bits (the intermediate `(a + b) * 32` is exact and the last rounding is the same), so the
/// shortcut changes speed, never results.
enum ResamplePairAverage {
  /// One destination row from source rows `top` and `top + rowBytes` (pixel `firstColumn`
  /// onward): `count` pixels.
  static func row(
    _ top: UnsafeRawPointer, _ bottom: UnsafeRawPointer, count: Int, output: UnsafeMutableRawPointer
  ) {
    let two = SIMD8<Int16>(repeating: 2)
    var i = 0
    while i &+ 4 <= count {
      let a0 = (top + i &* 8).loadUnaligned(as: SIMD16<UInt8>.self)
      let a1 = (top + (i &* 8 &+ 16)).loadUnaligned(as: SIMD16<UInt8>.self)
      let b0 = (bottom + i &* 8).loadUnaligned(as: SIMD16<UInt8>.self)
      let b1 = (bottom + (i &* 8 &+ 16)).loadUnaligned(as: SIMD16<UInt8>.self)
      // Vertical sums of source pixels 0-1, 2-3, 4-5, 6-7 (16-bit lanes).
      let v01 = Int16Lanes.widenLow(a0) &+ Int16Lanes.widenLow(b0)
      let v23 = Int16Lanes.widenHigh(a0) &+ Int16Lanes.widenHigh(b0)
      let v45 = Int16Lanes.widenLow(a1) &+ Int16Lanes.widenLow(b1)
      let v67 = Int16Lanes.widenHigh(a1) &+ Int16Lanes.widenHigh(b1)
      // Horizontal: destination pixel k = source pixels 2k + 2k+1.
      let low = (halves(v01, v23, high: false) &+ halves(v01, v23, high: true) &+ two) &>> 2
      let high = (halves(v45, v67, high: false) &+ halves(v45, v67, high: true) &+ two) &>> 2
      let pixels = Int16Lanes.bytes(low, high, clampToAlpha: false)
      (output + i &* 4).storeBytes(of: pixels, as: SIMD16<UInt8>.self)
      i &+= 4
    }
    while i < count {
      let a = (top + i &* 8).loadUnaligned(as: SIMD8<UInt8>.self)
      let b = (bottom + i &* 8).loadUnaligned(as: SIMD8<UInt8>.self)
      var pixel = SIMD4<UInt8>()
      for c in 0..<4 {
        let sum = UInt16(a[c]) &+ UInt16(a[c &+ 4]) &+ UInt16(b[c]) &+ UInt16(b[c &+ 4]) &+ 2
        pixel[c] = UInt8(truncatingIfNeeded: sum &>> 2)
      }
      (output + i &* 4).storeBytes(of: pixel, as: SIMD4<UInt8>.self)
      i &+= 1
    }
  }

  /// The low (or high) 64-bit halves of `a` and `b` side by side (`punpcklqdq`/`punpckhqdq`).
  @inline(__always)
  private static func halves(_ a: SIMD8<Int16>, _ b: SIMD8<Int16>, high: Bool) -> SIMD8<Int16> {
    let a64 = unsafeBitCast(a, to: SIMD2<UInt64>.self)
    let b64 = unsafeBitCast(b, to: SIMD2<UInt64>.self)
    return unsafeBitCast(high ? SIMD2(a64[1], b64[1]) : SIMD2(a64[0], b64[0]), to: SIMD8<Int16>.self)
  }
}
