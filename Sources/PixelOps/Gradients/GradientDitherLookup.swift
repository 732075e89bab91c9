/// The second pass of dithered gradient pixels: table entries (kept in a cell scratch by the
/// shapes) to pixels, two at a time. A separate pass measured faster than dithering as the
/// entries are produced: its 64-bit table reads load straight into vector registers. (A linear
/// gradient's master rows hold their 8.8 colours already looked up, split into planes; those are
/// dithered as they are read, by ``DitheredPixels``.)
enum GradientDitherLookup {
  /// The 8.8 colours of the cells plus each pixel's ordered-dither threshold, shifted down to
  /// 8 bits: two pixels per `SIMD8<UInt16>`, the thresholds of destination pixels
  /// `x ..< x + count` on row `y`.
  @inline(__always)
  static func pixels(
    _ cells: UnsafeMutablePointer<Int32>, count: Int, table: UnsafePointer<UInt64>, x: Int, y: Int,
    into output: UnsafeMutableRawPointer
  ) {
    let thresholds = UnsafeRawPointer(OrderedDither.rows + (y & 7) &* 16)
    let phase = x & 7
    // Eight pixels per turn: their four threshold pairs are the same every turn (period 8).
    let d0 = thresholds.loadUnaligned(fromByteOffset: phase &* 8, as: SIMD8<UInt16>.self)
    let d1 = thresholds.loadUnaligned(fromByteOffset: ((phase &+ 2) & 7) &* 8, as: SIMD8<UInt16>.self)
    let d2 = thresholds.loadUnaligned(fromByteOffset: ((phase &+ 4) & 7) &* 8, as: SIMD8<UInt16>.self)
    let d3 = thresholds.loadUnaligned(fromByteOffset: ((phase &+ 6) & 7) &* 8, as: SIMD8<UInt16>.self)
    /// Pixels k ..< k + 4: colours plus thresholds, their high bytes (`psrlw`, `packuswb`).
    @inline(__always)
    func four(_ k: Int, _ da: SIMD8<UInt16>, _ db: SIMD8<UInt16>) {
      let a = unsafeBitCast(SIMD2(table[Int(cells[k])], table[Int(cells[k &+ 1])]), to: SIMD8<UInt16>.self)
      let b = unsafeBitCast(SIMD2(table[Int(cells[k &+ 2])], table[Int(cells[k &+ 3])]), to: SIMD8<UInt16>.self)
      output.storeBytes(of: Int16Lanes.highBytes(a &+ da, b &+ db), toByteOffset: k &* 4, as: SIMD16<UInt8>.self)
    }
    var k = 0
    while count &- k >= 8 {
      four(k, d0, d1)
      four(k &+ 4, d2, d3)
      k &+= 8
    }
    if count &- k >= 4 {
      four(k, d0, d1)
      k &+= 4
    }
    while k < count {
      let value = unsafeBitCast(SIMD2(table[Int(cells[k])], 0), to: SIMD8<UInt16>.self)
      let d = thresholds.loadUnaligned(fromByteOffset: ((phase &+ k) & 7) &* 8, as: SIMD8<UInt16>.self)
      let pixels = unsafeBitCast(SIMD8<UInt8>(truncatingIfNeeded: (value &+ d) &>> 8), to: SIMD2<UInt32>.self)
      output.storeBytes(of: pixels[0], toByteOffset: k &* 4, as: UInt32.self)
      k &+= 1
    }
  }
}
