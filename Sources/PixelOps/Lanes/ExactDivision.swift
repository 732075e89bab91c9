/// Exact integer rounding divisions used by every 8- and 16-bit kernel.
///
/// `x / 255` and `x / 65535` rounded to nearest (halves cannot occur for these divisors and
/// products) without a divide instruction: with `t = x + 128`, `(t + (t >> 8)) >> 8` equals
/// `round(x / 255)` for every `x` in `0 ... 255 * 255`; the 16-bit form is exact for every
/// `x` in `0 ... 65535 * 65535`. Vectors of 16-bit lanes use a multiply-high instead: two SSE2
/// instructions (`paddw`, `pmulhuw`) where the shift form takes five, and on NEON an add, two
/// `umull` and a `uzp2` (clang's aarch64 code for the same widened multiply). For `t` below 65536,
/// `(t * 257) >> 16 = floor((t + t / 256) / 256)`, and `t + t / 256` exceeds the integer
/// `t + (t >> 8)` by less than 1, so no multiple of 256 lies between them and the floors agree.
/// All are checked exhaustively or by sampling in the tests.
package enum ExactDivision {
  /// `round(x / 255)` for `x <= 65025`, in each 16-bit lane.
  @inline(__always)
  static func div255(_ x: SIMD8<UInt16>) -> SIMD8<UInt16> {
    ByteLanes.multiplyHigh(x &+ 128, SIMD8(repeating: 257))
  }

  /// `round(x / 255)` for `x <= 65025`.
  @inline(__always)
  package static func div255(_ x: UInt32) -> UInt32 {
    let t = x &+ 128
    return (t &+ (t &>> 8)) &>> 8
  }

  /// `round(x / 65535)` for `x <= 65535 * 65535`.
  @inline(__always)
  package static func div65535(_ x: UInt32) -> UInt32 {
    let t = x &+ 32768
    return (t &+ (t &>> 16)) &>> 16
  }

  /// `round(x / 65535)` in each 32-bit lane, for `x <= 65535 * 65535`.
  @inline(__always)
  static func div65535(_ x: SIMD4<UInt32>) -> SIMD4<UInt32> {
    let t = x &+ 32768
    return (t &+ (t &>> 16)) &>> 16
  }

  /// `round(v / 257)`: a 16-bit sample reduced to 8 bits (`round(v * 255 / 65535)`).
  @inline(__always)
  static func reduce16To8(_ v: UInt32) -> UInt32 {
    (v &* 255 &+ 32895) &>> 16
  }

  /// `round(c * 255 / a)` clamped to 255; 0 when `a` is 0. Unpremultiplies one 8-bit channel.
  @inline(__always)
  static func unpremultiply8(_ c: UInt32, alpha a: UInt32) -> UInt32 {
    guard a != 0 else { return 0 }
    return min(255, (c &* 255 &+ a / 2) / a)
  }

  /// `round(c * 65535 / a)` clamped to 65535; 0 when `a` is 0.
  @inline(__always)
  static func unpremultiply16(_ c: UInt32, alpha a: UInt32) -> UInt32 {
    guard a != 0 else { return 0 }
    let quotient = (UInt64(c) &* 65535 &+ UInt64(a / 2)) / UInt64(a)
    return UInt32(min(65535, quotient))
  }
}
