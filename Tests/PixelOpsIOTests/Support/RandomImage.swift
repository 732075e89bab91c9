import PixelOps
import PixelOpsTestSupport

/// Random images from a seed, so failures reproduce.
enum RandomImage {
  /// A random image of `format`.
  ///
  /// Premultiplied formats get valid pixels (every colour at most its alpha), with one pixel in
  /// eight fully transparent and one in eight opaque; other formats get uniformly random bytes.
  static func make(width: Int, height: Int, format: PixelFormat, seed: UInt64) throws -> PixelBuffer {
    var random = SeededGenerator(seed: seed)
    let pixelCount = width * height
    let bytes: [UInt8]
    switch (format.isPremultiplied, format.bitsPerChannel) {
    case (true, 16):
      // Colour channels first, alpha last (.rgba16Premultiplied), native-endian.
      let values = (0..<pixelCount).flatMap { _ in premultipliedPixel(maximum: UInt16.max, using: &random) }
      bytes = values.withUnsafeBytes { Array($0) }
    case (true, _):
      // Alpha last in both .rgba8Premultiplied and .bgra8Premultiplied.
      bytes = (0..<pixelCount).flatMap { _ in premultipliedPixel(maximum: UInt8.max, using: &random) }
    default:
      bytes = (0..<(pixelCount * format.bytesPerPixel)).map { _ in UInt8.random(in: 0...255, using: &random) }
    }
    return try PackedPixels.buffer(width: width, height: height, format: format, bytes: bytes)
  }

  /// Three colour channels at most a random alpha, then the alpha.
  private static func premultipliedPixel<Channel: FixedWidthInteger & UnsignedInteger>(
    maximum: Channel, using random: inout SeededGenerator
  ) -> [Channel] {
    let alpha: Channel =
      switch random.next() % 8 {
      case 0: 0
      case 1: maximum
      default: Channel.random(in: 0...maximum, using: &random)
      }
    return (0..<3).map { _ in Channel.random(in: 0...alpha, using: &random) } + [alpha]
  }
}
