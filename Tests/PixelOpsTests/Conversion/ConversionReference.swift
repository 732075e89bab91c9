@testable import PixelOps

/// Plain scalar definitions of every direct conversion, written from the documented formulas
/// with `roundedQuotient`; the oracle for the SIMD and table-driven converters.
enum ConversionReference {
  typealias Pixel = [UInt32]  // channels in memory order of the format, widened

  static func read(_ pointer: UnsafeRawPointer, _ format: PixelFormat) -> Pixel {
    switch format.bitsPerChannel {
    case 16: return (0..<4).map { UInt32(pointer.loadUnaligned(fromByteOffset: $0 * 2, as: UInt16.self)) }
    default: return (0..<format.channelCount).map { UInt32(pointer.load(fromByteOffset: $0, as: UInt8.self)) }
    }
  }

  static func premultiply(_ p: Pixel, max: UInt64) -> Pixel {
    [0, 1, 2].map { UInt32(roundedQuotient(UInt64(p[$0]) * UInt64(p[3]), max)) } + [p[3]]
  }

  static func unpremultiply(_ p: Pixel, max: UInt64) -> Pixel {
    let a = UInt64(p[3])
    return [0, 1, 2].map { a == 0 ? 0 : UInt32(min(max, roundedQuotient(UInt64(p[$0]) * max, a))) } + [p[3]]
  }

  static func luma(_ p: Pixel) -> UInt32 {
    (19595 * p[0] + 38470 * p[1] + 7471 * p[2] + 32768) >> 16
  }

  /// The reference result of the direct row `from -> to`, or nil when there is no such row.
  static func direct(_ p: Pixel, from: PixelFormat, to: PixelFormat) -> Pixel? {
    switch (from, to) {
    case (.rgba8Straight, .rgba8Premultiplied): premultiply(p, max: 255)
    case (.rgba8Premultiplied, .rgba8Straight): unpremultiply(p, max: 255)
    case (.bgra8Premultiplied, .rgba8Premultiplied), (.rgba8Premultiplied, .bgra8Premultiplied): [p[2], p[1], p[0], p[3]]
    case (.gray8, .rgba8Premultiplied), (.gray8, .rgba8Straight): [p[0], p[0], p[0], 255]
    case (.rgba8Premultiplied, .gray8): [luma(p)]
    case (.grayAlpha8, .rgba8Straight): [p[0], p[0], p[0], p[1]]
    case (.rgba8Straight, .grayAlpha8): [luma(p), p[3]]
    case (.rgba16Straight, .rgba16Premultiplied): premultiply(p, max: 65535)
    case (.rgba16Premultiplied, .rgba16Straight): unpremultiply(p, max: 65535)
    case (.rgba16Straight, .rgba8Straight), (.rgba16Premultiplied, .rgba8Premultiplied):
      p.map { UInt32(roundedQuotient(UInt64($0), 257)) }
    case (.rgba16Straight, .rgba8Premultiplied):
      premultiply(p.map { UInt32(roundedQuotient(UInt64($0), 257)) }, max: 255)
    case (.rgba8Straight, .rgba16Straight), (.rgba8Premultiplied, .rgba16Premultiplied): p.map { $0 * 257 }
    default: nil
    }
  }
}
