/// Classifies 4 consecutive RGBA8 pixels (16 bytes, loaded as two `UInt64`s) by their alpha
/// bytes: all 255, all 0, or anything else. Two ANDs/ORs and a compare each, no shuffles —
/// the cheapest test on SSE2 (see `../shared/simd-notes.md`). Byte 3 of each pixel is alpha, so
/// in a little-endian `UInt64` of two pixels alpha sits in bits 24...31 and 56...63.
enum AlphaRun {
  enum Kind {
    case opaque
    case transparent
    case mixed
  }

  private static let alphaMask = UInt64(littleEndian: 0xFF00_0000_FF00_0000)

  @inline(__always)
  static func classify(_ low: UInt64, _ high: UInt64) -> Kind {
    if low & high & alphaMask == alphaMask { return .opaque }
    if (low | high) & alphaMask == 0 { return .transparent }
    return .mixed
  }
}
