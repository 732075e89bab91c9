/// Mixing two rows of bytes by a weight.
enum RowMixing {
  /// `out = round((a * (256 - w) + b * w) / 256)` per byte, `w` in 0...256: valid premultiplied
  /// pixels in give valid ones out (the same weights on colour and alpha keep colour ≤ alpha).
  static func mix(
    _ a: UnsafeRawPointer, _ b: UnsafeRawPointer, farWeight w: UInt16, into output: UnsafeMutableRawPointer, count: Int
  ) {
    let weightB = SIMD8<UInt16>(repeating: w)
    let weightA = SIMD8<UInt16>(repeating: 256 &- w)
    var x = 0
    while x &+ 4 <= count {
      let pa = a.loadUnaligned(fromByteOffset: x &* 4, as: SIMD8<UInt16>.self)
      let pb = b.loadUnaligned(fromByteOffset: x &* 4, as: SIMD8<UInt16>.self)
      output.storeBytes(of: mixLanes(pa, pb, weightA, weightB), toByteOffset: x &* 4, as: SIMD8<UInt16>.self)
      x &+= 4
    }
    while x < count {
      for c in 0..<4 {
        let va = UInt32(a.load(fromByteOffset: x &* 4 &+ c, as: UInt8.self))
        let vb = UInt32(b.load(fromByteOffset: x &* 4 &+ c, as: UInt8.self))
        let mixed = (va &* (256 &- UInt32(w)) &+ vb &* UInt32(w) &+ 128) &>> 8
        output.storeBytes(of: UInt8(truncatingIfNeeded: mixed), toByteOffset: x &* 4 &+ c, as: UInt8.self)
      }
      x &+= 1
    }
  }

  /// 16 bytes mixed, as even and odd bytes in 16-bit lanes (no overflow: at most
  /// `255 * 256 + 128`).
  @inline(__always)
  private static func mixLanes(
    _ a: SIMD8<UInt16>, _ b: SIMD8<UInt16>, _ weightA: SIMD8<UInt16>, _ weightB: SIMD8<UInt16>
  ) -> SIMD8<UInt16> {
    let even = ((a & 0x00FF) &* weightA &+ (b & 0x00FF) &* weightB &+ 128) &>> 8
    let odd = ((a &>> 8) &* weightA &+ (b &>> 8) &* weightB &+ 128) & 0xFF00
    return even | odd
  }
}
