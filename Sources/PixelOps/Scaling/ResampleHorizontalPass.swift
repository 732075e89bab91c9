/// The horizontal pass: each output pixel is the weighted sum of `taps` consecutive source
/// pixels of one row (weights from a ``ResampleWeights`` table).
///
/// Taps are taken two at a time: two RGBA pixels widened to 16-bit lanes times
/// `[w0, 0, w0, 0, w1, 0, w1, 0]` (and the same moved to odd lanes) in 16-bit multiply-adds,
/// which give red/blue and green/alpha partial sums in 32-bit lanes without any byte shuffle.
enum ResampleHorizontalPass {
  /// Source RGBA8 → intermediate (`Int16`, 32 × value): the first pass of horizontal-first order.
  ///
  /// - Parameters:
  ///   - source: Pixel `sourceOffset` of the source row (the table's indices are absolute).
  ///   - output: `table.count` pixels of four `Int16` each.
  static func bytesToIntermediate(
    _ source: UnsafeRawPointer, sourceOffset: Int, table: ResampleWeights, output: UnsafeMutablePointer<Int16>
  ) {
    let shift = Int32(table.fractionBits &- ResamplePixelMath.intermediateBits)
    let rounding = SIMD4<Int32>(repeating: 1 &<< (shift &- 1))
    let pairs = table.pairsPerOutput
    let fullPairs = table.taps >> 1
    let hasSingle = table.taps & 1 == 1
    var weights = UnsafePointer(table.pairedWeights)
    var out = output
    for i in 0..<table.count {
      var pixel = source + (Int(table.starts[i]) &- sourceOffset) &* 4
      var rb = SIMD4<Int32>.zero
      var ga = SIMD4<Int32>.zero
      var w = weights
      for _ in 0..<fullPairs {
        let px = ResamplePixelMath.widen(pixel.loadUnaligned(as: SIMD8<UInt8>.self))
        rb &+= ResamplePixelMath.multiplyAdd(px, w.pointee)
        ga &+= ResamplePixelMath.multiplyAdd(px, ResamplePixelMath.oddLanes(w.pointee))
        pixel += 8
        w += 1
      }
      if hasSingle {
        let one = pixel.loadUnaligned(as: SIMD4<UInt8>.self)
        let px = ResamplePixelMath.widen(SIMD8(lowHalf: one, highHalf: .zero))
        rb &+= ResamplePixelMath.multiplyAdd(px, w.pointee)
        ga &+= ResamplePixelMath.multiplyAdd(px, ResamplePixelMath.oddLanes(w.pointee))
      }
      let sum = (ResamplePixelMath.combine(rb, ga) &+ rounding) &>> shift
      UnsafeMutableRawPointer(out).storeBytes(of: SIMD4<Int16>(truncatingIfNeeded: sum), as: SIMD4<Int16>.self)
      out += 4
      weights += pairs
    }
  }

  /// Intermediate → RGBA8: the second pass of vertical-first order.
  ///
  /// - Parameters:
  ///   - source: Intermediate pixel `sourceOffset` (four `Int16` per pixel).
  ///   - output: `table.count` RGBA8 pixels.
  static func intermediateToBytes(
    _ source: UnsafePointer<Int16>, sourceOffset: Int, table: ResampleWeights, clampToAlpha: Bool,
    output: UnsafeMutableRawPointer
  ) {
    let shift = Int32(table.fractionBits &+ ResamplePixelMath.intermediateBits)
    let pairs = table.pairsPerOutput
    let fullPairs = table.taps >> 1
    let hasSingle = table.taps & 1 == 1
    var weights = UnsafePointer(table.pairedWeights)
    let base = UnsafeRawPointer(source)
    var out = output
    for i in 0..<table.count {
      var pixel = base + (Int(table.starts[i]) &- sourceOffset) &* 8
      var rb = SIMD4<Int32>.zero
      var ga = SIMD4<Int32>.zero
      var w = weights
      for _ in 0..<fullPairs {
        let px = pixel.loadUnaligned(as: SIMD8<Int16>.self)
        rb &+= ResamplePixelMath.multiplyAdd(px, w.pointee)
        ga &+= ResamplePixelMath.multiplyAdd(px, ResamplePixelMath.oddLanes(w.pointee))
        pixel += 16
        w += 1
      }
      if hasSingle {
        let px = SIMD8(lowHalf: pixel.loadUnaligned(as: SIMD4<Int16>.self), highHalf: .zero)
        rb &+= ResamplePixelMath.multiplyAdd(px, w.pointee)
        ga &+= ResamplePixelMath.multiplyAdd(px, ResamplePixelMath.oddLanes(w.pointee))
      }
      ResamplePixelMath.storePixel(
        ResamplePixelMath.combine(rb, ga), shift: shift, clampToAlpha: clampToAlpha, to: out)
      out += 4
      weights += pairs
    }
  }
}
