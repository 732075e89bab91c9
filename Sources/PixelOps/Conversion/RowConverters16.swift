/// Row converters that involve the 16-bit RGBA formats. 16-bit channels are native-endian
/// `UInt16`; rules as in each summary, all exact.
enum RowConverters16 {
  /// Straight RGBA16 to premultiplied: `c' = round(c * a / 65535)`.
  static func premultiply(_ source: UnsafeRawPointer, _ destination: UnsafeMutableRawPointer, _ count: Int) {
    for x in 0..<count {
      let pixel = SIMD4<UInt32>(truncatingIfNeeded: source.loadUnaligned(fromByteOffset: x &* 8, as: SIMD4<UInt16>.self))
      let alpha = pixel[3]
      var product = ExactDivision.div65535(pixel &* SIMD4(alpha, alpha, alpha, 65535))
      product[3] = alpha
      destination.storeBytes(of: SIMD4<UInt16>(truncatingIfNeeded: product), toByteOffset: x &* 8, as: SIMD4<UInt16>.self)
    }
  }

  /// Premultiplied RGBA16 to straight: `c' = min(65535, round(c * 65535 / a))`, 0 where `a == 0`.
  static func unpremultiply(_ source: UnsafeRawPointer, _ destination: UnsafeMutableRawPointer, _ count: Int) {
    for x in 0..<count {
      let pixel = source.loadUnaligned(fromByteOffset: x &* 8, as: SIMD4<UInt16>.self)
      let alpha = UInt32(pixel[3])
      var result = pixel
      for channel in 0..<3 {
        result[channel] = UInt16(truncatingIfNeeded: ExactDivision.unpremultiply16(UInt32(pixel[channel]), alpha: alpha))
      }
      destination.storeBytes(of: result, toByteOffset: x &* 8, as: SIMD4<UInt16>.self)
    }
  }

  /// RGBA16 to RGBA8, either alpha convention kept: `v' = round(v / 257)`.
  static func reduceTo8(_ source: UnsafeRawPointer, _ destination: UnsafeMutableRawPointer, _ count: Int) {
    for x in 0..<count {
      let pixel = SIMD4<UInt32>(truncatingIfNeeded: source.loadUnaligned(fromByteOffset: x &* 8, as: SIMD4<UInt16>.self))
      let reduced = (pixel &* 255 &+ 32895) &>> 16
      destination.storeBytes(of: SIMD4<UInt8>(truncatingIfNeeded: reduced), toByteOffset: x &* 4, as: SIMD4<UInt8>.self)
    }
  }

  /// Straight RGBA16 to premultiplied RGBA8: reduce each channel with `round(v / 257)`, then
  /// premultiply at 8 bits (in place in the destination).
  static func reduceThenPremultiply(_ source: UnsafeRawPointer, _ destination: UnsafeMutableRawPointer, _ count: Int) {
    reduceTo8(source, destination, count)
    RowConverters8.premultiplyRGBA(UnsafeRawPointer(destination), destination, count)
  }

  /// RGBA8 to RGBA16, either alpha convention kept: `v' = v * 257` (exact: 255 becomes 65535).
  static func widenFrom8(_ source: UnsafeRawPointer, _ destination: UnsafeMutableRawPointer, _ count: Int) {
    for x in 0..<count {
      let pixel = SIMD4<UInt16>(truncatingIfNeeded: source.loadUnaligned(fromByteOffset: x &* 4, as: SIMD4<UInt8>.self))
      destination.storeBytes(of: pixel &* 257, toByteOffset: x &* 8, as: SIMD4<UInt16>.self)
    }
  }
}
