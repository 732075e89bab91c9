/// The vertical pass: each output row is the weighted sum of `taps` rows, the same weight for
/// every pixel of a row, two pixels (eight channels) per step in 32-bit accumulators.
enum ResampleVerticalPass {
  /// Source RGBA8 rows → intermediate (`Int16`, 32 × value): the first pass of vertical-first order.
  ///
  /// - Parameters:
  ///   - rows: `taps` pointers to the first pixel of each source row.
  ///   - weights: `taps` weights with `fractionBits` fraction bits.
  ///   - width: Pixels per row.
  static func bytesToIntermediate(
    rows: UnsafePointer<UnsafeRawPointer>, weights: UnsafePointer<Int16>, taps: Int, fractionBits: Int,
    width: Int, output: UnsafeMutablePointer<Int16>
  ) {
    let shift = Int32(fractionBits &- ResamplePixelMath.intermediateBits)
    let out = UnsafeMutableRawPointer(output)
    var x = 0
    while x &+ 2 <= width {
      var sum = SIMD8<Int32>.zero
      for t in 0..<taps {
        let px = SIMD8<Int32>(truncatingIfNeeded: (rows[t] + x &* 4).loadUnaligned(as: SIMD8<UInt8>.self))
        sum &+= px &* SIMD8<Int32>(repeating: Int32(weights[t]))
      }
      (out + x &* 8).storeBytes(of: ResamplePixelMath.intermediate(sum, shift: shift), as: SIMD8<Int16>.self)
      x &+= 2
    }
    if x < width {
      var sum = SIMD4<Int32>.zero
      for t in 0..<taps {
        let px = SIMD4<Int32>(truncatingIfNeeded: (rows[t] + x &* 4).loadUnaligned(as: SIMD4<UInt8>.self))
        sum &+= px &* SIMD4<Int32>(repeating: Int32(weights[t]))
      }
      let v = (sum &+ (1 &<< (shift &- 1))) &>> shift
      (out + x &* 8).storeBytes(of: SIMD4<Int16>(truncatingIfNeeded: v), as: SIMD4<Int16>.self)
    }
  }

  /// Intermediate rows → RGBA8: the second pass of horizontal-first order.
  ///
  /// - Parameters:
  ///   - rows: `taps` pointers to the first intermediate pixel of each row.
  ///   - output: `width` RGBA8 pixels.
  static func intermediateToBytes(
    rows: UnsafePointer<UnsafePointer<Int16>>, weights: UnsafePointer<Int16>, taps: Int, fractionBits: Int,
    width: Int, clampToAlpha: Bool, output: UnsafeMutableRawPointer
  ) {
    let shift = Int32(fractionBits &+ ResamplePixelMath.intermediateBits)
    var x = 0
    while x &+ 2 <= width {
      var sum = SIMD8<Int32>.zero
      for t in 0..<taps {
        let px = SIMD8<Int32>(truncatingIfNeeded: UnsafeRawPointer(rows[t] + x &* 4).loadUnaligned(as: SIMD8<Int16>.self))
        sum &+= px &* SIMD8<Int32>(repeating: Int32(weights[t]))
      }
      ResamplePixelMath.storeTwoPixels(sum, shift: shift, clampToAlpha: clampToAlpha, to: output + x &* 4)
      x &+= 2
    }
    if x < width {
      var sum = SIMD4<Int32>.zero
      for t in 0..<taps {
        let px = SIMD4<Int32>(truncatingIfNeeded: UnsafeRawPointer(rows[t] + x &* 4).loadUnaligned(as: SIMD4<Int16>.self))
        sum &+= px &* SIMD4<Int32>(repeating: Int32(weights[t]))
      }
      ResamplePixelMath.storePixel(sum, shift: shift, clampToAlpha: clampToAlpha, to: output + x &* 4)
    }
  }
}
