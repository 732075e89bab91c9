/// `normal` (source-over) at fractional opacity or coverage: the exact W3C result
/// `d' = s a + d (1 - sa a / 255)`, `a = o m / 255²`, computed in 8.8 fixed point without rounding
/// the scaled source to 8 bits. The scalar definition that the source-over vector kernels
/// (``SourceOverKernels``) reproduce bit for bit, lane by lane.
///
/// With the factor `F = (257 m · 257 o) >> 16` (≈ `65536 a`, 0...65534), per channel:
/// - `P = (256 s F) >> 16` (≈ `256 s a`), `A = (256 sa F) >> 16` (the alpha channel's `P`);
/// - `Q = A + (A >> 8)` (≈ `65536 sa a / 255`), `D = (256 d (65535 - Q)) >> 16`
///   (≈ `256 d (1 - sa a / 255)`);
/// - `d' = (P + D + 128) >> 8`, in 16-bit arithmetic.
///
/// Error: `F` is at most 3 below `65536 a` (never above), so `P` is up to 4 below `256 s a`
/// and `D` within -2 and +5 of `256 d (1 - sa a / 255)`: `P + D` is within 6 of 256 times the
/// exact result, and the final rounding adds at most 1/2: **within 1/2 + 6/256 < 0.524** of the
/// exact result for every opacity, coverage and valid premultiplied pixel (0.516 measured,
/// `scripts/source-over-error.c`). No lane overflows for valid pixels
/// (`P + D + 128 < 256 · 255 + 134`). Opacity and coverage 1 without a
/// mask never come here: that is ``BlendMath/blend(_:source:destination:)``'s exact source-over.
extension BlendMath {
  /// `(257 m · 257 o) >> 16`: the 0.16 fixed-point weight `≈ 65536 o m / 255²` of opacity `o` and
  /// coverage `m` (0...255 each). One `pmulhuw` in the vector kernels.
  @inline(__always)
  static func sourceOverFactor(opacity: UInt32, coverage: UInt32) -> UInt32 {
    ((coverage &* 257) &* (opacity &* 257)) &>> 16
  }

  /// Source-over of `source` weighted by `factor` (``sourceOverFactor(opacity:coverage:)``) onto
  /// `destination`, as described above; channels are taken as bytes.
  static func sourceOverWeighted(source: Pixel, destination: Pixel, factor: UInt32) -> Pixel {
    let s = SIMD4<UInt32>(truncatingIfNeeded: source) & 0xFF
    let d = SIMD4<UInt32>(truncatingIfNeeded: destination) & 0xFF
    let scaled = (s &* 256 &* factor) &>> 16
    let alpha = scaled[3]
    let inverse = 65535 &- (alpha &+ (alpha &>> 8))
    let kept = (d &* 256 &* inverse) &>> 16
    return Pixel(truncatingIfNeeded: ((scaled &+ kept &+ 128) & 0xFFFF) &>> 8)
  }
}
