import PixelOps
import PixelOpsIO
import Testing

/// Every valid PNG of the shared test data decodes exactly to its expectation.
@Suite struct PNGDecodingTests {
  static let entries = TestData.validEntries().filter { $0.format == "png" }
  static let sixteenBitEntries = entries.filter { $0.rgba16 != nil }

  @Test func everyPNGGroupIsListed() {
    #expect(Self.entries.count == 164)
    #expect(Self.sixteenBitEntries.count == 33)
  }

  @Test(arguments: entries)
  func decodesToExpectedRGBA8(_ entry: ExpectedEntry) throws {
    let image = try PNG.decode(TestData.bytes(entry.path))
    #expect(image.width == entry.width)
    #expect(image.height == entry.height)
    #expect(image.format == .rgba8Premultiplied)
    #expect(image.isKnownOpaque == (entry.alpha == "none"))
    let pixels = image.packedBytes()
    if let expected = TestData.expectedRGBA8(entry) {
      let difference = PNGTestSupport.firstDifference(pixels, expected, bytesPerPixel: 4, width: entry.width)
      #expect(difference == nil, "\(entry.path): \(difference ?? "")")
    } else {
      #expect(TestData.fnv1a64(pixels) == entry.rgba8?.fnv1a64)
    }
  }

  @Test(arguments: sixteenBitEntries)
  func decodesToExpectedRGBA16(_ entry: ExpectedEntry) throws {
    let image = try PNG.decode(TestData.bytes(entry.path), options: PNGDecodingOptions(format: .rgba16Premultiplied))
    #expect(image.format == .rgba16Premultiplied)
    let pixels = PackedPixels.littleEndianBytes(of: image)
    if let expected = TestData.expectedRGBA16(entry) {
      let difference = PNGTestSupport.firstDifference(pixels, expected, bytesPerPixel: 8, width: entry.width)
      #expect(difference == nil, "\(entry.path): \(difference ?? "")")
    } else {
      #expect(TestData.fnv1a64(pixels) == entry.rgba16?.fnv1a64)
    }
  }

  /// Decoding to other formats converts exactly: converting the result to premultiplied RGBA8
  /// gives the expectation (16-bit premultiplied is left out: reducing it can differ by 1).
  @Test(
    arguments: [
      "png/pngsuite/basn6a08.png", "png/pngsuite/basi6a16.png", "png/pngsuite/basn4a16.png",
      "png/pngsuite/basi3p02.png", "png/pngsuite/tbrn2c08.png", "png/pngsuite/basn0g01.png",
    ], [PixelFormat.rgba8Straight, .rgba16Straight, .bgra8Premultiplied])
  func decodesToOtherFormats(_ path: String, _ format: PixelFormat) throws {
    let entry = try #require(Self.entries.first { $0.path == path })
    let image = try PNG.decode(TestData.bytes(path), options: PNGDecodingOptions(format: format))
    #expect(image.format == format)
    let pixels = try image.converted(to: .rgba8Premultiplied).packedBytes()
    let expected = try #require(TestData.expectedRGBA8(entry))
    let difference = PNGTestSupport.firstDifference(pixels, expected, bytesPerPixel: 4, width: entry.width)
    #expect(difference == nil, "\(path) as \(format): \(difference ?? "")")
  }

  /// 16-bit results of files of depth 8 or less follow the same rules as 8-bit ones: samples
  /// scaled to 16 bits (v * 257), then premultiplied at 16 bits, round(c * a / 65535).
  @Test(arguments: [
    "png/pngsuite/basn6a08.png", "png/pngsuite/basi4a08.png", "png/pngsuite/tbbn3p08.png",
    "png/pngsuite/tbrn2c08.png", "png/pngsuite/basn0g04.png", "png/pngsuite/basi3p02.png",
  ])
  func eightBitFileDecodesToSixteenBits(_ path: String) throws {
    let straight = try PNG.decode(TestData.bytes(path), options: PNGDecodingOptions(format: .rgba8Straight)).packedBytes()
    var expected: [UInt16] = []
    for pixel in stride(from: 0, to: straight.count, by: 4) {
      let alpha = UInt64(straight[pixel + 3]) * 257
      for channel in 0..<3 {
        let colour = UInt64(straight[pixel + channel]) * 257
        expected.append(UInt16((2 * colour * alpha + 65535) / 131070))
      }
      expected.append(UInt16(alpha))
    }
    let image = try PNG.decode(TestData.bytes(path), options: PNGDecodingOptions(format: .rgba16Premultiplied))
    let decoded = image.packedBytes().withUnsafeBytes { Array($0.bindMemory(to: UInt16.self)) }
    #expect(decoded == expected)
  }

  @Test func grayFileDecodesToGray8() throws {
    // basn0g08 is 32x32 8-bit gray: R = G = B in the expectation, and gray8 keeps it exactly.
    let entry = try #require(Self.entries.first { $0.path == "png/pngsuite/basn0g08.png" })
    let expected = try #require(TestData.expectedRGBA8(entry))
    let image = try PNG.decode(TestData.bytes(entry.path), options: PNGDecodingOptions(format: .gray8))
    let luminance = stride(from: 0, to: expected.count, by: 4).map { expected[$0] }
    #expect(PNGTestSupport.firstDifference(image.packedBytes(), luminance, bytesPerPixel: 1, width: 32) == nil)
  }

  @Test func readsFromPathAndRawMemory() throws {
    let path = "png/pngsuite/basn2c08.png"
    let fromPath = try PNG.read(contentsOf: TestData.url(path).path)
    let bytes = try TestData.bytes(path)
    let fromMemory = try bytes.withUnsafeBytes { try PNG.decode($0) }
    #expect(fromPath == fromMemory)
    let entry = try #require(Self.entries.first { $0.path == path })
    let expected = try #require(TestData.expectedRGBA8(entry))
    #expect(PNGTestSupport.firstDifference(fromPath.packedBytes(), expected, bytesPerPixel: 4, width: 32) == nil)
  }

  @Test func signatureCheck() throws {
    #expect(try PNG.hasSignature(TestData.bytes("png/pngsuite/basn2c08.png")))
    #expect(try !PNG.hasSignature(TestData.bytes("png/pngsuite/xs1n0g01.png")))
    #expect(!PNG.hasSignature([]))
    #expect(PNG.signature == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
  }
}
