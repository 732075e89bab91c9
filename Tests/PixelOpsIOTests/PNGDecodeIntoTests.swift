import PixelOps
import PixelOpsIO
import Testing

/// Decoding PNGs into a caller's view gives exactly the expected pixels, writes nothing
/// outside the view (odd row bytes, at an offset in a larger block) and reuses one view
/// across images.
@Suite struct PNGDecodeIntoTests {
  static let entries = TestData.validEntries().filter { $0.format == "png" }
  static let sixteenBitEntries = entries.filter { $0.rgba16 != nil }

  /// The header query reports what the index says, without decoding.
  @Test(arguments: entries)
  func headerMatchesIndex(_ entry: ExpectedEntry) throws {
    let header = try PNG.header(of: TestData.bytes(entry.path))
    #expect(header.size == PixelSize(width: entry.width, height: entry.height))
    #expect([header.bitDepth] == entry.sourceBitDepth)
    #expect(header.isInterlaced == (entry.interlaced ?? false))
    #expect(header.isOpaque == (entry.alpha == "none"))
    #expect(try PNG.readHeader(contentsOf: TestData.path(entry.path)) == header)
  }

  @Test(arguments: entries)
  func decodesToExpectedRGBA8(_ entry: ExpectedEntry) throws {
    let bytes = try TestData.bytes(entry.path)
    let destination = FencedView(width: entry.width, height: entry.height, format: .rgba8Premultiplied)
    let header = try PNG.decode(bytes, into: destination.view)
    #expect(header == (try PNG.header(of: bytes)))
    let pixels = destination.packedBytes()
    if let expected = TestData.expectedRGBA8(entry) {
      let difference = PNGTestSupport.firstDifference(pixels, expected, bytesPerPixel: 4, width: entry.width)
      #expect(difference == nil, "\(entry.path): \(difference ?? "")")
    } else {
      #expect(TestData.fnv1a64(pixels) == entry.rgba8?.fnv1a64)
    }
    #expect(pixels == (try PNG.decode(bytes).packedBytes()))
    #expect(destination.changedBytesOutsideView() == 0)
  }

  @Test(arguments: sixteenBitEntries)
  func decodesToExpectedRGBA16(_ entry: ExpectedEntry) throws {
    let destination = FencedView(width: entry.width, height: entry.height, format: .rgba16Premultiplied)
    try PNG.decode(
      TestData.bytes(entry.path), into: destination.view, options: PNGDecodingOptions(format: .rgba16Premultiplied))
    let pixels = destination.littleEndianBytes()
    if let expected = TestData.expectedRGBA16(entry) {
      let difference = PNGTestSupport.firstDifference(pixels, expected, bytesPerPixel: 8, width: entry.width)
      #expect(difference == nil, "\(entry.path): \(difference ?? "")")
    } else {
      #expect(TestData.fnv1a64(pixels) == entry.rgba16?.fnv1a64)
    }
    #expect(destination.changedBytesOutsideView() == 0)
  }

  /// Every format, through every path: libpng's own format (rows straight into the view,
  /// libpng merging interlace passes), converted in strips (non-interlaced), and converted
  /// pass by pass (interlaced, any other format).
  @Test(
    arguments: [
      "png/pngsuite/basn6a08.png", "png/pngsuite/basi6a08.png", "png/pngsuite/basn6a16.png",
      "png/pngsuite/basi6a16.png", "png/pngsuite/basi3p02.png", "png/pngsuite/basn0g01.png",
      "png/pngsuite/tbrn2c08.png",
    ], PixelFormat.allCases)
  func everyFormatMatchesDecode(_ path: String, _ format: PixelFormat) throws {
    let bytes = try TestData.bytes(path)
    let options = PNGDecodingOptions(format: format)
    let decoded = try PNG.decode(bytes, options: options)
    let destination = FencedView(width: decoded.width, height: decoded.height, format: format)
    try PNG.decode(bytes, into: destination.view, options: options)
    #expect(destination.packedBytes() == decoded.packedBytes(), "\(path) as \(format)")
    #expect(destination.changedBytesOutsideView() == 0)
    // Independently of `decode`: formats that convert back to premultiplied RGBA8 exactly
    // give the expectation.
    guard [.rgba8Premultiplied, .rgba8Straight, .bgra8Premultiplied, .rgba16Straight].contains(format) else { return }
    let entry = try #require(Self.entries.first { $0.path == path })
    let expected = try #require(TestData.expectedRGBA8(entry))
    var converted = try PixelBuffer(width: decoded.width, height: decoded.height, format: .rgba8Premultiplied)
    try converted.withMutableView { view in try PixelConverter.convert(destination.view.readOnly, into: view) }
    let difference = PNGTestSupport.firstDifference(converted.packedBytes(), expected, bytesPerPixel: 4, width: entry.width)
    #expect(difference == nil, "\(path) as \(format): \(difference ?? "")")
  }

  /// Gamma correction reaches the view as it reaches a decoded buffer.
  @Test(arguments: ["png/pngsuite/g03n2c08.png", "png/pngsuite/g25n3p04.png"])
  func gammaOptionApplies(_ path: String) throws {
    let bytes = try TestData.bytes(path)
    let options = PNGDecodingOptions(gamma: .apply(displayExponent: 2.2))
    let decoded = try PNG.decode(bytes, options: options)
    #expect(decoded.packedBytes() != (try PNG.decode(bytes).packedBytes()))
    let destination = FencedView(width: decoded.width, height: decoded.height, format: .rgba8Premultiplied)
    try PNG.decode(bytes, into: destination.view, options: options)
    #expect(destination.packedBytes() == decoded.packedBytes())
  }

  /// One view receives several 32x32 images in turn (straight into the view, in strips and
  /// converted in place); each decode leaves exactly that image.
  @Test(arguments: [PixelFormat.rgba8Premultiplied, .rgba8Straight])
  func oneViewServesManyImages(_ format: PixelFormat) throws {
    let paths = [
      "png/pngsuite/basn6a08.png", "png/pngsuite/basi2c08.png", "png/pngsuite/basn3p04.png",
      "png/pngsuite/basi6a16.png", "png/pngsuite/basn6a08.png",
    ]
    let destination = FencedView(width: 32, height: 32, format: format)
    var previous: [UInt8] = []
    for path in paths {
      let bytes = try TestData.bytes(path)
      let options = PNGDecodingOptions(format: format)
      try PNG.decode(bytes, into: destination.view, options: options)
      let pixels = destination.packedBytes()
      #expect(pixels == (try PNG.decode(bytes, options: options).packedBytes()), "\(path)")
      #expect(pixels != previous, "\(path) left the previous image's pixels")
      previous = pixels
    }
    #expect(destination.changedBytesOutsideView() == 0)
  }

  @Test func decodesFromRawMemoryAndFiles() throws {
    let path = "png/pngsuite/basi4a08.png"
    let entry = try #require(Self.entries.first { $0.path == path })
    let expected = try #require(TestData.expectedRGBA8(entry))
    let fromMemory = FencedView(width: 32, height: 32, format: .rgba8Premultiplied)
    let bytes = try TestData.bytes(path)
    _ = try bytes.withUnsafeBytes { data in try PNG.decode(data, into: fromMemory.view) }
    #expect(fromMemory.packedBytes() == expected)
    let fromFile = FencedView(width: 32, height: 32, format: .rgba8Premultiplied)
    let header = try PNG.read(contentsOf: TestData.path(path), into: fromFile.view)
    #expect(header.isInterlaced && !header.isOpaque)
    #expect(fromFile.packedBytes() == expected)
    #expect(fromMemory.changedBytesOutsideView() == 0 && fromFile.changedBytesOutsideView() == 0)
  }

  /// A packed view (row bytes exactly width * 4) over a plain array works as well.
  @Test func decodesIntoPackedArray() throws {
    let path = "png/pngsuite/basn2c08.png"
    let entry = try #require(Self.entries.first { $0.path == path })
    var pixels = [UInt8](repeating: 0, count: 32 * 32 * 4)
    try pixels.withUnsafeMutableBytes { memory in
      let view = try MutablePixelView(
        unsafeBaseAddress: memory.baseAddress, width: 32, height: 32, rowBytes: 32 * 4, format: .rgba8Premultiplied)
      try PNG.decode(TestData.bytes(path), into: view)
    }
    #expect(pixels == TestData.expectedRGBA8(entry))
  }
}
