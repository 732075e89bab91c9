import PixelOps
import PixelOpsIO
import Testing

/// `DecodingLimits.maximumByteCount`: the bytes a decode holds at once (the image when the
/// decoder allocates it, plus its scratch) are checked before anything is allocated, and a
/// large strip no longer needs its decoded size in scratch.
@Suite struct DecodingBudgetTests {
  /// 1,100 x 1,000 pixels: (x mod 256, y mod 256, (x + y) mod 256, 255) as straight RGBA8.
  static let width = 1_100
  static let height = 1_000

  static func pattern(x: Int, y: Int) -> [UInt8] {
    [UInt8(x & 0xFF), UInt8(y & 0xFF), UInt8((x + y) & 0xFF), 255]
  }

  static let samples: [UInt8] = (0..<height).flatMap { y in (0..<width).flatMap { x in pattern(x: x, y: y) } }

  /// The pattern as a TIFF of one Deflate strip (4.4 MB decoded, a few kB stored), built by
  /// hand with a zlib stream from the system's gzip.
  static func oneStripDeflateTIFF() throws -> [UInt8] {
    let builder = TIFFTestBuilder(
      width: width, height: height, bitsPerSample: [8, 8, 8, 8], photometric: 2,
      pixelData: try ZlibStream.compress(samples), extraSamples: [2], compression: 8)
    return builder.bytes
  }

  static func isOverBudget(_ error: any Error, limit: Int) -> Bool {
    guard case .exceedsMemoryLimit(let bytes, let reportedLimit)? = error as? ImageIOError else { return false }
    return reportedLimit == limit && bytes > limit
  }

  @Test("the default budget is documented as 2.25 GiB and holds the largest default image as RGBA16")
  func defaultBudget() {
    #expect(DecodingLimits.standard.maximumByteCount == 2_415_919_104)
    #expect(DecodingLimits.standard.maximumPixelCount * 8 < DecodingLimits.standard.maximumByteCount)
  }

  @Test("a one-strip Deflate TIFF decodes a scanline at a time: the right pixels within image + 3 MiB")
  func largeStripDecodesWithinABoundedBudget() throws {
    let tiff = try Self.oneStripDeflateTIFF()
    #expect(tiff.count < 1 << 20)
    let imageBytes = (Self.width * 4 + 63) / 64 * 64 * Self.height
    // Holding the 4.4 MB decoded strip beside the image would not fit in 3 MiB more.
    let limits = DecodingLimits(maximumByteCount: imageBytes + (3 << 20))
    let decoded = try TIFF.decode(tiff, options: TIFFDecodingOptions(limits: limits))
    #expect(decoded.packedBytes() == Self.samples, "opaque pixels: premultiplied equals straight")
    // Into the caller's memory, the image does not count.
    let destination = FencedView(width: Self.width, height: Self.height, format: .rgba8Premultiplied)
    let intoLimits = DecodingLimits(maximumByteCount: 3 << 20)
    try TIFFReader(bytes: tiff, options: TIFFDecodingOptions(limits: intoLimits)).decodePage(at: 0, into: destination.view)
    #expect(destination.packedBytes() == Self.samples)
    #expect(destination.changedBytesOutsideView() == 0)
    // A budget below the image itself is refused before allocating.
    let small = DecodingLimits(maximumByteCount: imageBytes - 1)
    #expect {
      _ = try TIFF.decode(tiff, options: TIFFDecodingOptions(limits: small))
    } throws: { Self.isOverBudget($0, limit: imageBytes - 1) }
  }

  @Test("a one-strip Deflate TIFF whose stream stops halfway is a typed error, read a scanline at a time")
  func truncatedLargeStripIsRefused() throws {
    let stream = try ZlibStream.compress(Self.samples)
    let builder = TIFFTestBuilder(
      width: Self.width, height: Self.height, bitsPerSample: [8, 8, 8, 8], photometric: 2,
      pixelData: Array(stream.prefix(stream.count / 2)), extraSamples: [2], compression: 8)
    #expect {
      _ = try TIFF.decode(builder.bytes)
    } throws: { error in
      switch error as? ImageIOError {
      case .truncated(.tiff, let message)?, .corrupt(.tiff, let message)?: !message.isEmpty
      default: false
      }
    }
  }

  @Test("PNG: the image counts when the decoder allocates it, not when decoding into a view")
  func pngBudget() throws {
    let bytes = try TestData.bytes("png/pngsuite/basi6a16.png")  // 32x32, interlaced, 16-bit
    let limit = 1 << 20  // room for scratch, not for 1 MiB more
    for format in [PixelFormat.rgba8Premultiplied, .gray8, .rgba16Straight] {
      let expected = try PNG.decode(bytes, options: PNGDecodingOptions(format: format))
      let destination = FencedView(width: 32, height: 32, format: format)
      try PNG.decode(
        bytes, into: destination.view,
        options: PNGDecodingOptions(format: format, limits: DecodingLimits(maximumByteCount: limit)))
      #expect(destination.packedBytes() == expected.packedBytes())
      #expect {
        _ = try PNG.decode(bytes, options: PNGDecodingOptions(format: format, limits: DecodingLimits(maximumByteCount: 4096)))
      } throws: { Self.isOverBudget($0, limit: 4096) }
    }
  }
}
