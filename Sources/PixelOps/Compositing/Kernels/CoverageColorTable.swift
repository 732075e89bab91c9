/// A solid colour scaled by each of the 256 coverage values, built once per call: a kernel
/// drawing a colour through a mask then looks each pixel's source up instead of multiplying,
/// so the per-pixel work is one load and the source-over itself.
enum CoverageColorTable {
  /// Entries in a table: one per 8-bit coverage value.
  static let count = 256

  /// Fills `table` with `color` scaled by `m` for every `m`: `round(c * m / 255)` per channel,
  /// the same arithmetic as scaling the colour in the kernel (``ByteLanes/scale(_:by:)``).
  static func fill(_ table: UnsafeMutableBufferPointer<UInt32>, color: PremultipliedColor) {
    precondition(table.count >= count)
    let pixels = SIMD4<UInt32>(repeating: color.pixel.littleEndian)
    var m: UInt32 = 0
    while m < UInt32(count) {
      let factors = SIMD4<UInt32>(m, m &+ 1, m &+ 2, m &+ 3)
      let scaled = ByteLanes.scale(pixels, by: unsafeBitCast(factors | (factors &<< 16), to: SIMD8<UInt16>.self))
      UnsafeMutableRawPointer(table.baseAddress!).storeBytes(
        of: scaled, toByteOffset: Int(m) &* 4, as: SIMD4<UInt32>.self)
      m &+= 4
    }
  }
}
