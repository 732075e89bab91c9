import PixelOps
import PixelOpsIO
import PixelOpsTestSupport
import Testing

/// Encoding then decoding gives back the pixels exactly.
@Suite struct PNGRoundTripTests {
  static let sizes = [PixelSize(width: 1, height: 1), PixelSize(width: 3, height: 7), PixelSize(width: 65, height: 33)]

  /// Offset 25 of a PNG is IHDR's colour type, 24 its bit depth.
  static func colorTypeAndDepth(_ png: [UInt8]) -> (colorType: UInt8, depth: UInt8) {
    (png[25], png[24])
  }

  @Test(arguments: sizes, [0, 6, 9])
  func premultipliedRGBA8(_ size: PixelSize, _ level: Int) throws {
    let original = try RandomPixels.buffer(width: size.width, height: size.height, format: .rgba8Premultiplied, seed: 1)
    let png = try original.pngBytes(options: PNGEncodingOptions(compressionLevel: level))
    // The automatic format drops alpha when every pixel is opaque (as the random 1x1 image is).
    let bytes = original.packedBytes()
    let opaque = stride(from: 3, to: bytes.count, by: 4).allSatisfy { bytes[$0] == 255 }
    #expect(Self.colorTypeAndDepth(png) == (opaque ? 2 : 6, 8))
    let decoded = try PNG.decode(png)
    #expect(decoded == original)
    #expect(decoded.isKnownOpaque == opaque)
  }

  @Test(arguments: sizes)
  func straightRGBA8(_ size: PixelSize) throws {
    let original = try RandomPixels.buffer(width: size.width, height: size.height, format: .rgba8Straight, seed: 2)
    let decoded = try PNG.decode(try original.pngBytes(), options: PNGDecodingOptions(format: .rgba8Straight))
    #expect(decoded == original)
  }

  @Test(arguments: sizes, [0, 9])
  func gray8(_ size: PixelSize, _ level: Int) throws {
    let original = try RandomPixels.buffer(width: size.width, height: size.height, format: .gray8, seed: 3)
    let png = try original.pngBytes(options: PNGEncodingOptions(compressionLevel: level))
    #expect(Self.colorTypeAndDepth(png) == (0, 8))
    #expect(try PNG.decode(png, options: PNGDecodingOptions(format: .gray8)) == original)
    // Decoded to the working format, gray becomes R = G = B with alpha 255, known opaque.
    let rgba = try PNG.decode(png)
    #expect(rgba.isKnownOpaque)
    let expected = original.packedBytes().flatMap { (value: UInt8) -> [UInt8] in [value, value, value, 255] }
    #expect(rgba.packedBytes() == expected)
  }

  @Test(arguments: sizes, [0, 9])
  func premultipliedRGBA16(_ size: PixelSize, _ level: Int) throws {
    let original = try RandomPixels.buffer(width: size.width, height: size.height, format: .rgba16Premultiplied, seed: 4)
    let png = try original.pngBytes(options: PNGEncodingOptions(compressionLevel: level))
    #expect(Self.colorTypeAndDepth(png) == (6, 16))
    #expect(try PNG.decode(png, options: PNGDecodingOptions(format: .rgba16Premultiplied)) == original)
  }

  @Test func grayAlpha8() throws {
    let original = try RandomPixels.buffer(width: 9, height: 5, format: .grayAlpha8, seed: 5)
    let png = try original.pngBytes()
    #expect(Self.colorTypeAndDepth(png) == (4, 8))
    #expect(try PNG.decode(png, options: PNGDecodingOptions(format: .grayAlpha8)) == original)
  }

  @Test func bgraIsWrittenAsRGBA() throws {
    let original = try RandomPixels.buffer(width: 17, height: 4, format: .rgba8Premultiplied, seed: 6)
    let bgra = try original.converted(to: .bgra8Premultiplied)
    #expect(try PNG.decode(try bgra.pngBytes()) == original)
  }

  /// Known-opaque images drop alpha (colour type 2) and come back opaque and identical.
  @Test func opaqueImagesAreWrittenWithoutAlpha() throws {
    var original = try RandomPixels.buffer(width: 11, height: 6, format: .rgba8Premultiplied, seed: 7)
    RandomPixels.makeOpaque(&original)
    original.markOpaque()
    let png = try original.pngBytes()
    #expect(Self.colorTypeAndDepth(png) == (2, 8))
    let decoded = try PNG.decode(png)
    #expect(decoded == original)
    #expect(decoded.isKnownOpaque)

    var wide = try original.converted(to: .rgba16Premultiplied)
    wide.markOpaque()
    let png16 = try wide.pngBytes()
    #expect(Self.colorTypeAndDepth(png16) == (2, 16))
    #expect(try PNG.decode(png16, options: PNGDecodingOptions(format: .rgba16Premultiplied)) == wide)
  }

  /// RGB output of a translucent image stores the colour composited over black.
  @Test func rgbOfTranslucentPixelsIsOverBlack() throws {
    let original = try PackedPixels.buffer(
      width: 2, height: 1, format: .rgba8Straight, bytes: [200, 100, 50, 128, 10, 20, 30, 0])
    let png = try original.pngBytes(options: PNGEncodingOptions(colorFormat: .rgb8))
    #expect(Self.colorTypeAndDepth(png) == (2, 8))
    // round(200 * 128 / 255) = 100, round(100 * 128 / 255) = 50, round(50 * 128 / 255) = 25.
    #expect(try PNG.decode(png).packedBytes() == [100, 50, 25, 255, 0, 0, 0, 255])
  }

  @Test(arguments: PNGColorFormat.allCases)
  func everyColorFormatEncodes(_ colorFormat: PNGColorFormat) throws {
    let original = try RandomPixels.buffer(width: 5, height: 3, format: .rgba8Premultiplied, seed: 8)
    let png = try original.pngBytes(options: PNGEncodingOptions(colorFormat: colorFormat))
    let decoded = try PNG.decode(png)
    #expect(decoded.size == original.size)
    switch colorFormat {
    case .automatic, .rgba8, .rgba16:
      #expect(decoded == original)
    case .gray8:
      #expect(decoded.isKnownOpaque)
      let gray = try original.converted(to: .gray8).packedBytes()
      #expect(decoded.packedBytes() == gray.flatMap { (value: UInt8) -> [UInt8] in [value, value, value, 255] })
    case .rgb8, .rgb16:
      #expect(decoded.isKnownOpaque)
      let overBlack = original.packedBytes().enumerated().map { (index, value) -> UInt8 in index % 4 == 3 ? 255 : value }
      #expect(decoded.packedBytes() == overBlack)
    case .grayAlpha8:
      let grayAlpha = try PNG.decode(png, options: PNGDecodingOptions(format: .grayAlpha8))
      #expect(try grayAlpha == original.converted(to: .grayAlpha8))
    }
  }

  @Test(arguments: [-1, 10])
  func invalidCompressionLevelIsRefused(_ level: Int) throws {
    let image = try PixelBuffer(width: 2, height: 2, format: .rgba8Premultiplied)
    #expect {
      try image.pngBytes(options: PNGEncodingOptions(compressionLevel: level))
    } throws: { error in
      guard case .invalidOption(.png, let message) = error as? ImageIOError else { return false }
      return message.contains("\(level)")
    }
  }

  @Test func emptyViewIsRefused() throws {
    let empty = try PixelView(unsafeBaseAddress: nil, width: 0, height: 0, rowBytes: 0, format: .rgba8Premultiplied)
    #expect(throws: ImageIOError.pixels(.invalidDimensions(width: 0, height: 0))) {
      try PNG.encode(empty)
    }
  }

  /// A view with padded rows (a crop of a larger buffer) is encoded row by row.
  @Test func croppedViewEncodesItsOwnPixels() throws {
    let large = try RandomPixels.buffer(width: 40, height: 20, format: .rgba8Premultiplied, seed: 9)
    let rect = PixelRect(x: 3, y: 5, width: 21, height: 9)
    let png = try large.withView { view in try PNG.encode(try view.cropped(to: rect)) }
    let expected = try large.withView { view in try PixelBuffer(copying: try view.cropped(to: rect)) }
    #expect(try PNG.decode(png) == expected)
  }

  /// Larger than one strip of the encoder and decoder, so strips are stitched.
  @Test func multiStripImageRoundTrips() throws {
    let original = try RandomPixels.buffer(width: 300, height: 250, format: .rgba8Premultiplied, seed: 10)
    let png = try original.pngBytes(options: PNGEncodingOptions(compressionLevel: 1))
    #expect(try PNG.decode(png) == original)
    let wide = try original.converted(to: .rgba16Premultiplied)
    let png16 = try wide.pngBytes(options: PNGEncodingOptions(compressionLevel: 1))
    #expect(try PNG.decode(png16, options: PNGDecodingOptions(format: .rgba16Premultiplied)) == wide)
    // 16-bit file to 8-bit output: round(v / 257) then premultiply; v = 257 c makes it exact.
    #expect(try PNG.decode(png16) == original)
  }
}
