/// Classifies 4 consecutive RGBA8 pixels (16 bytes, loaded as two `UInt64`s) by their alpha
/// bytes: all 255, all 0, or anything else. Two ANDs/ORs and a compare each, no shuffles —
/// the cheapest test on SSE2 (see `docs/simd-notes.md`). Byte 3 of each pixel is alpha, so
/// in a little-endian `UInt64` of two pixels alpha sits in bits 24...31 and 56...63.
enum AlphaRun {
  enum Kind {
    case opaque
    case transparent
    case mixed
  }

  private static let alphaMask = UInt64(littleEndian: 0xFF00_0000_FF00_0000)

  /// 8 pixels, given the AND and the OR of their four 64-bit quarters (pairwise).
  @inline(__always)
  static func classify(_ andLow: UInt64, _ andHigh: UInt64, _ orLow: UInt64, _ orHigh: UInt64) -> Kind {
    if andLow & andHigh & alphaMask == alphaMask { return .opaque }
    if (orLow | orHigh) & alphaMask == 0 { return .transparent }
    return .mixed
  }

  @inline(__always)
  static func classify(_ low: UInt64, _ high: UInt64) -> Kind {
    if low & high & alphaMask == alphaMask { return .opaque }
    if (low | high) & alphaMask == 0 { return .transparent }
    return .mixed
  }
}
