/// Row converters between the 8-bit formats. Each converts `count` pixels from `source` to
/// `destination` (no overlap) and is exact to the rule in its summary; the tests compare every
/// one with a scalar reference. The SIMD loops take 4 pixels (one 128-bit vector) at a time;
/// the scalar tails reuse the same arithmetic per pixel.
enum RowConverters8 {
  /// Straight RGBA8 to premultiplied: `c' = round(c * a / 255)`, alpha unchanged. Vectors of
  /// 4 opaque pixels are copied and of 4 transparent pixels zeroed (exact: the formula is the
  /// identity at `a = 255` and 0 at `a = 0`).
  static func premultiplyRGBA(_ source: UnsafeRawPointer, _ destination: UnsafeMutableRawPointer, _ count: Int) {
    PixelLoop.map32SkippingUniformAlpha(source, destination, count) { premultiply4($0) }
  }

  /// Four RGBA pixels, loaded as 32-bit lanes (R in the low byte on little-endian, so the
  /// byte order in memory is what matters: each pixel is bytes R, G, B, A).
  @inline(__always)
  private static func premultiply4(_ pixels: SIMD4<UInt32>) -> SIMD4<UInt32> {
    let memoryOrder = littleEndianLanes(pixels)  // bytes R,G,B,A -> value A<<24|B<<16|G<<8|R
    let alpha = memoryOrder &>> 24
    // 16-bit lanes: [R, B] (even bytes) and [G, A] (odd bytes) of each pixel.
    let evenBytes = unsafeBitCast(memoryOrder & 0x00FF_00FF, to: SIMD8<UInt16>.self)
    let oddBytes = unsafeBitCast((memoryOrder &>> 8) & 0x00FF_00FF, to: SIMD8<UInt16>.self)
    // Multiply R and B by alpha, G by alpha and A by 255 (so A survives div255 unchanged).
    let evenFactor = unsafeBitCast(alpha | (alpha &<< 16), to: SIMD8<UInt16>.self)
    let oddFactor = unsafeBitCast(alpha | 0x00FF_0000, to: SIMD8<UInt16>.self)
    let even = ExactDivision.div255(evenBytes &* evenFactor)
    let odd = ExactDivision.div255(oddBytes &* oddFactor)
    let result = unsafeBitCast(even, to: SIMD4<UInt32>.self) | (unsafeBitCast(odd, to: SIMD4<UInt32>.self) &<< 8)
    return littleEndianLanes(result)
  }

  /// Premultiplied RGBA8 to straight: `c' = min(255, round(c * 255 / a))`, 0 where `a == 0`.
  /// Opaque and transparent runs skip the arithmetic (see
  /// ``PixelLoop/map32SkippingUniformAlpha(_:_:_:_:)``); other pixels look up a 64 KiB table of
  /// every (alpha, channel) answer, as a division per channel has no SSE2 form.
  static func unpremultiplyRGBA(_ source: UnsafeRawPointer, _ destination: UnsafeMutableRawPointer, _ count: Int) {
    UnpremultiplyTable.shared.withUnsafeBufferPointer { table in
      PixelLoop.map32SkippingUniformAlpha(source, destination, count) { pixels in
        var result = pixels
        for lane in 0..<4 { result[lane] = unpremultiply(pixels[lane], table) }
        return result
      }
    }
  }

  @inline(__always)
  private static func unpremultiply(_ pixel: UInt32, _ table: UnsafeBufferPointer<UInt8>) -> UInt32 {
    let value = UInt32(littleEndian: pixel)
    let alpha = value &>> 24
    let row = Int(alpha) &<< 8
    let r = UInt32(table[row | Int(value & 0xFF)])
    let g = UInt32(table[row | Int((value &>> 8) & 0xFF)])
    let b = UInt32(table[row | Int((value &>> 16) & 0xFF)])
    return (r | g &<< 8 | b &<< 16 | alpha &<< 24).littleEndian
  }

  /// Swaps bytes 0 and 2 of every pixel: RGBA8 <-> BGRA8 (the same operation both ways).
  static func swapRedBlue(_ source: UnsafeRawPointer, _ destination: UnsafeMutableRawPointer, _ count: Int) {
    RedBlueSwap.swap(source, into: destination, count: count)
  }

  /// Gray8 to RGBA8 (premultiplied or straight alike, as alpha is 255): R = G = B = L, A = 255.
  static func expandGray(_ source: UnsafeRawPointer, _ destination: UnsafeMutableRawPointer, _ count: Int) {
    for x in 0..<count {
      let luminance = UInt32(source.load(fromByteOffset: x, as: UInt8.self))
      let pixel = luminance | luminance &<< 8 | luminance &<< 16 | 0xFF00_0000
      destination.storeBytes(of: UInt32(littleEndian: pixel), toByteOffset: x &* 4, as: UInt32.self)
    }
  }

  /// Straight gray + alpha to straight RGBA8: R = G = B = L.
  static func expandGrayAlpha(_ source: UnsafeRawPointer, _ destination: UnsafeMutableRawPointer, _ count: Int) {
    for x in 0..<count {
      let luminance = UInt32(source.load(fromByteOffset: x &* 2, as: UInt8.self))
      let alpha = UInt32(source.load(fromByteOffset: x &* 2 &+ 1, as: UInt8.self))
      let pixel = luminance | luminance &<< 8 | luminance &<< 16 | alpha &<< 24
      destination.storeBytes(of: UInt32(littleEndian: pixel), toByteOffset: x &* 4, as: UInt32.self)
    }
  }

  /// RGBA8 to Gray8 by Rec. 601 luma, `L = round((19595 R + 38470 G + 7471 B) / 65536)`; the
  /// weights sum to 65536, so a gray pixel keeps its value exactly. Alpha is dropped: applied to
  /// premultiplied pixels this is the image composited over black.
  static func lumaFromRGBA(_ source: UnsafeRawPointer, _ destination: UnsafeMutableRawPointer, _ count: Int) {
    for x in 0..<count {
      let luminance = luma(source + x &* 4)
      destination.storeBytes(of: UInt8(truncatingIfNeeded: luminance), toByteOffset: x, as: UInt8.self)
    }
  }

  /// Straight RGBA8 to straight gray + alpha: Rec. 601 luma as ``lumaFromRGBA(_:_:_:)``, alpha kept.
  static func lumaAlphaFromRGBA(_ source: UnsafeRawPointer, _ destination: UnsafeMutableRawPointer, _ count: Int) {
    for x in 0..<count {
      let pixel = source + x &* 4
      destination.storeBytes(of: UInt8(truncatingIfNeeded: luma(pixel)), toByteOffset: x &* 2, as: UInt8.self)
      destination.storeBytes(of: pixel.load(fromByteOffset: 3, as: UInt8.self), toByteOffset: x &* 2 &+ 1, as: UInt8.self)
    }
  }

  @inline(__always)
  private static func luma(_ pixel: UnsafeRawPointer) -> UInt32 {
    let r = UInt32(pixel.load(fromByteOffset: 0, as: UInt8.self))
    let g = UInt32(pixel.load(fromByteOffset: 1, as: UInt8.self))
    let b = UInt32(pixel.load(fromByteOffset: 2, as: UInt8.self))
    return (19595 &* r &+ 38470 &* g &+ 7471 &* b &+ 32768) &>> 16
  }
}

/// Every answer of `min(255, round(c * 255 / a))`, indexed by `a << 8 | c`; row 0 is all zero.
enum UnpremultiplyTable {
  static let shared: [UInt8] = (0..<65536).map { index in
    UInt8(ExactDivision.unpremultiply8(UInt32(index & 0xFF), alpha: UInt32(index >> 8)))
  }
}
