/// The second pass of dithered gradient pixels: table entries (kept in a cell scratch by the
/// shapes) to pixels, two at a time; or the 8.8 colours of a master row (split into whole and
/// fraction bytes) to pixels, four at a time. A separate pass measured faster than dithering as the
/// entries are produced: its 64-bit table reads load straight into vector registers.
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

  /// The same from 8.8 colours already looked up and split into planes (a linear gradient's
  /// master row, ``GradientRowShifts``): `high` holds pixel `x + k`'s whole bytes at `4k`, `low`
  /// its fraction bytes with the sign bit flipped. A channel is its whole byte plus one where
  /// the fraction reaches its carry limit (``OrderedDither/carryLimits``): the same pixels as
  /// ``pixels(_:count:table:x:y:into:)``, for four pixels one `pcmpgtb` and one `psubb`.
  @inline(__always)
  static func pixels(
    high: UnsafeRawPointer, low: UnsafeRawPointer, count: Int, x: Int, y: Int, into output: UnsafeMutableRawPointer
  ) {
    let limits = UnsafeRawPointer(OrderedDither.carryLimits + (y & 7) &* 16)
    let phase = x & 7
    let first = unsafeBitCast(limits.loadUnaligned(fromByteOffset: phase &* 4, as: SIMD16<UInt8>.self), to: SIMD16<Int8>.self)
    let second = unsafeBitCast(
      limits.loadUnaligned(fromByteOffset: ((phase &+ 4) & 7) &* 4, as: SIMD16<UInt8>.self), to: SIMD16<Int8>.self)
    /// Pixels k ..< k + 4: whole bytes minus the carry masks (all ones where a carry is).
    @inline(__always)
    func four(_ k: Int, _ limit: SIMD16<Int8>) {
      let whole = high.loadUnaligned(fromByteOffset: k &* 4, as: SIMD16<UInt8>.self)
      let fraction = unsafeBitCast(low.loadUnaligned(fromByteOffset: k &* 4, as: SIMD16<UInt8>.self), to: SIMD16<Int8>.self)
      let carry = unsafeBitCast(SIMD16<Int8>.zero.replacing(with: -1, where: fraction .> limit), to: SIMD16<UInt8>.self)
      output.storeBytes(of: whole &- carry, toByteOffset: k &* 4, as: SIMD16<UInt8>.self)
    }
    var k = 0
    while count &- k >= 8 {
      four(k, first)
      four(k &+ 4, second)
      k &+= 8
    }
    if count &- k >= 4 {
      four(k, first)
      k &+= 4
    }
    while k < count {
      let limit = limits.load(fromByteOffset: ((phase &+ k) & 7) &* 4, as: UInt32.self)
      let whole = high.load(fromByteOffset: k &* 4, as: UInt32.self)
      let fraction = low.load(fromByteOffset: k &* 4, as: UInt32.self)
      var pixel: UInt32 = 0
      for shift in stride(from: 0, to: 32, by: 8) {
        let carry: UInt32 = Int8(truncatingIfNeeded: fraction &>> shift) > Int8(truncatingIfNeeded: limit &>> shift) ? 1 : 0
        pixel |= (((whole &>> shift) & 0xFF) &+ carry) << shift
      }
      output.storeBytes(of: pixel, toByteOffset: k &* 4, as: UInt32.self)
      k &+= 1
    }
  }
}
