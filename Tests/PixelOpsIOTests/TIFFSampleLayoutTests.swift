import Foundation
import PixelOps
import PixelOpsIO
import Testing

/// The sample-to-pixel rules on hand-built files, with expectations worked out by hand from
/// the test data README's rules.
@Suite("TIFF sample layouts")
struct TIFFSampleLayoutTests {
  private func decode8(_ builder: TIFFTestBuilder) throws -> [UInt8] {
    try TIFF.decode(builder.bytes).packedBytes()
  }

  private func decode16(_ builder: TIFFTestBuilder) throws -> [UInt16] {
    let image = try TIFF.decode(builder.bytes, options: TIFFDecodingOptions(format: .rgba16Premultiplied))
    return image.withView { view in
      (0..<view.height).flatMap { y in
        Array(UnsafeBufferPointer(start: view.rowAddress(y).assumingMemoryBound(to: UInt16.self), count: view.width * 4))
      }
    }
  }

  private func rgba(_ samples: [UInt8], extraSamples: [Int]?) -> TIFFTestBuilder {
    TIFFTestBuilder(
      width: samples.count / 4, height: 1, bitsPerSample: [8, 8, 8, 8], photometric: 2, pixelData: samples,
      extraSamples: extraSamples)
  }

  static let rgbaSamples: [UInt8] = [100, 50, 20, 128, 10, 20, 30, 255]

  @Test("associated alpha is kept as stored")
  func associatedAlpha() throws {
    #expect(try decode8(rgba(Self.rgbaSamples, extraSamples: [1])) == Self.rgbaSamples)
  }

  @Test("unassociated alpha is premultiplied: round(c * a / 255)")
  func unassociatedAlpha() throws {
    #expect(try decode8(rgba(Self.rgbaSamples, extraSamples: [2])) == [50, 25, 10, 128, 10, 20, 30, 255])
  }

  @Test(
    "the associated and unassociated alpha test files decode to their expectations",
    arguments: [("tiff/rgba-associated-50x70.tif", TIFFAlpha.associated), ("tiff/rgba-unassociated-50x70.tif", .unassociated)])
  func alphaFiles(path: String, alpha: TIFFAlpha) throws {
    let reader = try TIFFReader(contentsOf: TestData.path(path))
    #expect(try reader.pageInfo(at: 0).alpha == alpha)
    let image = try reader.decodePage(at: 0)
    let bytes = image.packedBytes()
    #expect(bytes == (try TestData.expectedBytes(path.replacingOccurrences(of: "/", with: "__") + ".rgba8")))
    // Translucent pixels exist, so the alpha rule matters, and every colour is at most its alpha.
    #expect(stride(from: 3, to: bytes.count, by: 4).contains { bytes[$0] > 0 && bytes[$0] < 255 })
    let premultiplied = stride(from: 0, to: bytes.count, by: 4).allSatisfy { (pixel: Int) -> Bool in
      let alpha = bytes[pixel + 3]
      return bytes[pixel] <= alpha && bytes[pixel + 1] <= alpha && bytes[pixel + 2] <= alpha
    }
    #expect(premultiplied)
    #expect(!image.isKnownOpaque)
  }

  @Test("RGB with a fourth sample and no ExtraSamples, or ExtraSamples 0, is associated alpha")
  func unspecifiedFourthSample() throws {
    #expect(try decode8(rgba(Self.rgbaSamples, extraSamples: nil)) == Self.rgbaSamples)
    #expect(try decode8(rgba(Self.rgbaSamples, extraSamples: [0])) == Self.rgbaSamples)
  }

  @Test("gray with an unspecified extra sample (fewer than 4 samples) is opaque")
  func unspecifiedExtraSampleIsNotAlpha() throws {
    let builder = TIFFTestBuilder(
      width: 2, height: 1, bitsPerSample: [8, 8], photometric: 1, pixelData: [77, 0, 200, 0], extraSamples: [0])
    let image = try TIFF.decode(builder.bytes)
    #expect(image.packedBytes() == [77, 77, 77, 255, 200, 200, 200, 255])
    #expect(image.isKnownOpaque)
  }

  @Test("16-bit unassociated alpha: 8-bit output scales first, then premultiplies at 8 bits")
  func sixteenBitUnassociated() throws {
    let samples: [UInt16] = [40000, 20000, 65535, 32768]
    let builder = TIFFTestBuilder(
      width: 1, height: 1, bitsPerSample: [16, 16, 16, 16], photometric: 2,
      pixelData: samples.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }, extraSamples: [2])
    #expect(try decode8(builder) == [78, 39, 128, 128])
    #expect(try decode16(builder) == [20000, 10000, 32768, 32768])
  }

  @Test("12-bit gray is unpacked MSB first and scaled by round(v * max / 4095)")
  func twelveBitGray() throws {
    // 0, 4095, 2048, 1000 packed into 48 bits.
    let builder = TIFFTestBuilder(
      width: 4, height: 1, bitsPerSample: [12], photometric: 1, pixelData: [0x00, 0x0F, 0xFF, 0x80, 0x03, 0xE8])
    #expect(try decode8(builder) == [0, 0, 0, 255, 255, 255, 255, 255, 128, 128, 128, 255, 62, 62, 62, 255])
    #expect(try decode16(builder).enumerated().filter { $0.offset % 4 == 0 }.map(\.element) == [0, 65535, 32776, 16004])
  }

  @Test("2-bit MinIsWhite is inverted, then scaled by 85")
  func twoBitMinIsWhite() throws {
    let builder = TIFFTestBuilder(width: 4, height: 1, bitsPerSample: [2], photometric: 0, pixelData: [0x1B])
    #expect(try decode8(builder) == [255, 255, 255, 255, 170, 170, 170, 255, 85, 85, 85, 255, 0, 0, 0, 255])
  }

  @Test("FillOrder 2 (least significant bit first) is honoured")
  func lsbFirstFillOrder() throws {
    let builder = TIFFTestBuilder(
      width: 8, height: 1, bitsPerSample: [1], photometric: 1, pixelData: [0b0000_0011], fillOrder: 2)
    let gray = try decode8(builder).enumerated().filter { $0.offset % 4 == 0 }.map(\.element)
    #expect(gray == [255, 255, 0, 0, 0, 0, 0, 0])
  }

  @Test("palette: the ColorMap's high byte at 8 bits, the entry as stored at 16 bits")
  func palette() throws {
    let red: [UInt16] = [0x1234, 0xFFFF, 0x0100, 0x0000]
    let green: [UInt16] = [0xABCD, 0x0000, 0x00FF, 0x8000]
    let blue: [UInt16] = [0x0000, 0x7F80, 0xFF00, 0x0101]
    let builder = TIFFTestBuilder(
      width: 4, height: 1, bitsPerSample: [2], photometric: 3, pixelData: [0x1B], colormap: red + green + blue)
    #expect(
      try decode8(builder) == [0x12, 0xAB, 0x00, 255, 0xFF, 0x00, 0x7F, 255, 0x01, 0x00, 0xFF, 255, 0x00, 0x80, 0x01, 255])
    #expect(
      try decode16(builder) == [
        0x1234, 0xABCD, 0x0000, 65535, 0xFFFF, 0x0000, 0x7F80, 65535, 0x0100, 0x00FF, 0xFF00, 65535, 0x0000, 0x8000,
        0x0101, 65535,
      ])
  }

  @Test("signed 8-bit samples are read as unsigned bits")
  func signedSamples() throws {
    let builder = TIFFTestBuilder(
      width: 2, height: 1, bitsPerSample: [8], photometric: 1, pixelData: [0xFF, 0x00], sampleFormat: 2)
    #expect(try decode8(builder) == [255, 255, 255, 255, 0, 0, 0, 255])
  }

  /// libtiff's RGBA reader draws CMYK (and YCbCr, Lab) without their extra samples: page info
  /// reported the ExtraSamples' alpha for pixels decoded opaque.
  @Test("CMYK with an alpha sample decodes opaque, and page info says no alpha")
  func cmykAlpha() throws {
    let builder = TIFFTestBuilder(
      width: 2, height: 1, bitsPerSample: [8, 8, 8, 8, 8], photometric: 5,
      pixelData: [0, 0, 0, 0, 0, 255, 0, 0, 0, 128], extraSamples: [2])
    let reader = try TIFFReader(bytes: builder.bytes)
    #expect(try reader.pageInfo(at: 0).alpha == .none)
    #expect(try reader.decodePage(at: 0).packedBytes() == [255, 255, 255, 255, 0, 255, 255, 255])
  }

  @Test("CMYK goes through libtiff's RGBA interface")
  func cmyk() throws {
    let builder = TIFFTestBuilder(
      width: 3, height: 1, bitsPerSample: [8, 8, 8, 8], photometric: 5,
      pixelData: [0, 0, 0, 0, 0, 0, 0, 255, 255, 0, 0, 0])
    let image = try TIFF.decode(builder.bytes)
    #expect(image.packedBytes() == [255, 255, 255, 255, 0, 0, 0, 255, 0, 255, 255, 255])
    #expect(image.isKnownOpaque)
    #expect(try decode16(builder) == [65535, 65535, 65535, 65535, 0, 0, 0, 65535, 0, 65535, 65535, 65535])
  }

  @Test("floating-point samples are unsupported")
  func floatingPoint() {
    let builder = TIFFTestBuilder(
      width: 1, height: 1, bitsPerSample: [32], photometric: 1, pixelData: [0, 0, 0x80, 0x3F], sampleFormat: 3)
    #expect {
      _ = try TIFF.decode(builder.bytes)
    } throws: { error in
      guard case .unsupported(.tiff, let message)? = error as? ImageIOError else { return false }
      return message.contains("32-bit floating-point")
    }
  }

  @Test("rows stay in stored order; the Orientation tag is reported")
  func orientation() throws {
    let builder = TIFFTestBuilder(
      width: 2, height: 2, bitsPerSample: [8], photometric: 1, pixelData: [10, 20, 30, 40], orientation: 3)
    let reader = try TIFFReader(bytes: builder.bytes)
    #expect(try reader.pageInfo(at: 0).orientation == 3)
    #expect(
      try reader.decodePage(at: 0).packedBytes() == [10, 10, 10, 255, 20, 20, 20, 255, 30, 30, 30, 255, 40, 40, 40, 255])
  }

  @Test("a page that claims more than its uncompressed data is refused before allocating")
  func uncompressedDataMissing() {
    let builder = TIFFTestBuilder(width: 1000, height: 1000, bitsPerSample: [8], photometric: 1, pixelData: [1, 2, 3])
    #expect {
      _ = try TIFF.decode(builder.bytes)
    } throws: { error in
      guard case .truncated(.tiff, let message)? = error as? ImageIOError else { return false }
      return message.contains("1000000")
    }
  }

  /// Uncompressed YCbCr with the default 2x2 subsampling stores four luma and two chroma
  /// samples per 2x2 block: half of what RGB would take. Sized as RGB, a valid 16x16 page (384
  /// bytes of samples) was refused as truncated ("needs 768 bytes").
  @Test("uncompressed YCbCr subsampled 2x2 decodes, neutral chroma as grey")
  func subsampledYCbCr() throws {
    var units: [UInt8] = []
    for block in 0..<64 { units += [UInt8](repeating: UInt8(40 + block), count: 4) + [128, 128] }
    let page = TIFFTestBuilder(width: 16, height: 16, bitsPerSample: [8, 8, 8], photometric: 6, pixelData: units)
    let decoded = try TIFF.decode(page.bytes)
    #expect(decoded.size == PixelSize(width: 16, height: 16))
    // Block (bx, by) holds luma 40 + by * 8 + bx on its 4 pixels; Cb = Cr = 128: grey of that
    // luma (reference black 0, white 255: the defaults).
    decoded.withView { view in
      for y in 0..<16 {
        for x in 0..<16 {
          let luma = Int(40 + (y / 2) * 8 + x / 2)
          let pixel = (0..<4).map { Int(view.rowAddress(y).load(fromByteOffset: x * 4 + $0, as: UInt8.self)) }
          #expect(pixel[3] == 255 && (0..<3).allSatisfy { abs(pixel[$0] - luma) <= 1 }, "(\(x), \(y)): \(pixel)")
        }
      }
    }
  }

  /// 158 bytes claiming one tile of 18912 x 18912 RGBA (1.43 GB, just under the cap for one
  /// chunk) for a 1x1 image: the page's own pixels fit, so the tile buffer was allocated and
  /// zeroed before libtiff found 4 bytes of it. A tile is decoded whole, so it must fit.
  @Test("a tile no file this size could hold is refused before its buffer is allocated")
  func implausibleTile() throws {
    /// Whether decoding `page`, tiled `side` x `side`, is refused as needing `bytes` the file
    /// cannot hold.
    func refused(_ page: TIFFTestBuilder, side: Int, needing bytes: Int) -> Bool {
      var page = page
      page.tileSize = (side, side)
      do {
        _ = try TIFF.decode(page.bytes)
        return false
      } catch {
        guard case .truncated(.tiff, let message) = error else { return false }
        return message.contains("needs \(bytes) bytes") && message.contains("the file holds")
      }
    }
    let rgba = TIFFTestBuilder(
      width: 1, height: 1, bitsPerSample: [8, 8, 8, 8], photometric: 2, pixelData: [1, 2, 3, 4], extraSamples: [2])
    #expect(refused(rgba, side: 18_912, needing: 1_430_654_976))
    // The same through libtiff's RGBA reader (CMYK), which decodes whole tiles too.
    let cmyk = TIFFTestBuilder(width: 1, height: 1, bitsPerSample: [8, 8, 8, 8], photometric: 5, pixelData: [0, 0, 0, 0])
    #expect(refused(cmyk, side: 16_000, needing: 1_024_000_000))
    // A tile the file holds decodes: 16x16 RGBA, the image its top-left 3x2.
    var small = TIFFTestBuilder(
      width: 3, height: 2, bitsPerSample: [8, 8, 8, 8], photometric: 2,
      pixelData: (0..<1024).map { UInt8($0 % 4 == 3 ? 255 : $0 % 251) }, extraSamples: [2])
    small.tileSize = (16, 16)
    #expect(try TIFF.decode(small.bytes).size == PixelSize(width: 3, height: 2))
  }
}
