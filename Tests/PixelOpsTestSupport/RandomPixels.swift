public import PixelOps

/// Random pixel content for tests, the one generator both test targets use. Alpha is drawn from
/// a mix that hits the special values (0, 255, 65535) often, and premultiplied formats always get
/// valid pixels (c <= a). Reproducible from a ``SeededGenerator`` or a seed.
public enum RandomPixels {
  /// An 8-bit alpha: 0 or 255 a quarter of the time each, otherwise uniform.
  public static func alpha8(_ rng: inout SeededGenerator) -> UInt8 {
    switch rng.next() % 4 {
    case 0: 0
    case 1: 255
    default: UInt8.random(in: 0...255, using: &rng)
    }
  }

  /// A 16-bit alpha: 0 or 65535 a quarter of the time each, otherwise uniform.
  public static func alpha16(_ rng: inout SeededGenerator) -> UInt16 {
    switch rng.next() % 4 {
    case 0: 0
    case 1: 65535
    default: UInt16.random(in: 0...65535, using: &rng)
    }
  }

  /// Fills one pixel of `format` at `pointer` with valid random content.
  public static func fillPixel(_ pointer: UnsafeMutableRawPointer, format: PixelFormat, _ rng: inout SeededGenerator) {
    switch format {
    case .rgba8Premultiplied, .bgra8Premultiplied:
      let a = alpha8(&rng)
      for c in 0..<3 { pointer.storeBytes(of: UInt8.random(in: 0...a, using: &rng), toByteOffset: c, as: UInt8.self) }
      pointer.storeBytes(of: a, toByteOffset: 3, as: UInt8.self)
    case .rgba8Straight:
      for c in 0..<3 { pointer.storeBytes(of: UInt8.random(in: 0...255, using: &rng), toByteOffset: c, as: UInt8.self) }
      pointer.storeBytes(of: alpha8(&rng), toByteOffset: 3, as: UInt8.self)
    case .gray8:
      pointer.storeBytes(of: UInt8.random(in: 0...255, using: &rng), as: UInt8.self)
    case .grayAlpha8:
      pointer.storeBytes(of: UInt8.random(in: 0...255, using: &rng), as: UInt8.self)
      pointer.storeBytes(of: alpha8(&rng), toByteOffset: 1, as: UInt8.self)
    case .rgba16Premultiplied:
      let a = alpha16(&rng)
      for c in 0..<3 {
        pointer.storeBytes(of: UInt16.random(in: 0...a, using: &rng), toByteOffset: c * 2, as: UInt16.self)
      }
      pointer.storeBytes(of: a, toByteOffset: 6, as: UInt16.self)
    case .rgba16Straight:
      for c in 0..<3 {
        pointer.storeBytes(of: UInt16.random(in: 0...65535, using: &rng), toByteOffset: c * 2, as: UInt16.self)
      }
      pointer.storeBytes(of: alpha16(&rng), toByteOffset: 6, as: UInt16.self)
    }
  }

  /// A buffer of `format` with random valid pixels.
  public static func buffer(
    width: Int, height: Int, format: PixelFormat, _ rng: inout SeededGenerator
  ) throws -> PixelBuffer {
    var buffer = try PixelBuffer(width: width, height: height, format: format)
    buffer.withMutableView { view in
      for y in 0..<height {
        for x in 0..<width { fillPixel(view.rowAddress(y) + x * format.bytesPerPixel, format: format, &rng) }
      }
    }
    return buffer
  }

  /// A buffer of `format` with random valid pixels drawn from a generator seeded with `seed`.
  public static func buffer(width: Int, height: Int, format: PixelFormat, seed: UInt64) throws -> PixelBuffer {
    var rng = SeededGenerator(seed: seed)
    return try buffer(width: width, height: height, format: format, &rng)
  }
}
