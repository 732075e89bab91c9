import Foundation
import PixelOps
import PixelOpsIO
import Testing

/// Decoding TIFF pages into a caller's view gives the expected pixels and exactly what
/// ``TIFFReader/decodePage(at:)`` gives, writes nothing outside the view (odd row bytes, at
/// an offset in a larger block) and reuses one view across pages.
@Suite("TIFF decode into a view")
struct TIFFDecodeIntoTests {
  static let entries = TestData.validEntries().filter { $0.format == "tiff" && $0.status != "unsupported" }
  static let sixteenBit = entries.filter { $0.rgba16 != nil }
  /// Files up to this many bytes of RGBA8 are also decoded with `decodePage` and compared
  /// byte for byte. Larger ones (up to 190 MB, slow to decode twice in debug builds) are
  /// compared with the expectation's digest only, as the conformance tests compare
  /// `decodePage`'s pixels.
  static let comparisonLimit = 16 << 20

  @Test("every page decodes to the expected RGBA8, as decodePage does", arguments: entries)
  func matchesExpectedRGBA8(_ entry: ExpectedEntry) throws {
    let reader: TIFFReader
    do {
      reader = try TIFFReader(contentsOf: TestData.path(entry.path))
    } catch {
      // Refused before any page, as the conformance tests allow; nothing to decode into.
      #expect(entry.status == "decodable-malformed" || entry.path == TIFFConformanceTests.failsOnLibTIFF450)
      return
    }
    let comparesWithDecodePage = (entry.rgba8?.bytes ?? 0) <= Self.comparisonLimit
    var digest = FNV1a64()
    var decodedPages = 0
    for index in reader.pageIndices {
      let info = try reader.pageInfo(at: index)
      let destination = FencedView(size: info.size, format: .rgba8Premultiplied)
      let into = Result { () throws(ImageIOError) in try reader.decodePage(at: index, into: destination.view) }
      #expect(destination.changedBytesOutsideView() == 0, "page \(index)")
      if case .success(let returned) = into {
        #expect(returned == info)
        let pixels = destination.packedBytes()
        digest.add(pixels)
        decodedPages += 1
        if comparesWithDecodePage {
          #expect(Self.sameBytes(pixels, try reader.decodePage(at: index).packedBytes()), "page \(index)")
        }
      } else if case .failure(let error) = into {
        // Only a page decodePage refuses too, with the same error.
        #expect(throws: error) { try reader.decodePage(at: index) }
        #expect(entry.status == "decodable-malformed" || entry.path == TIFFConformanceTests.failsOnLibTIFF450)
      }
    }
    guard decodedPages == entry.pages, entry.tolerance == nil, let expected = entry.rgba8 else { return }
    #expect(digest.hex == expected.fnv1a64)
  }

  /// `a == b`, with `memcmp` (fast in debug builds too, for pages of up to 97 MB).
  static func sameBytes(_ a: [UInt8], _ b: [UInt8]) -> Bool {
    a.count == b.count
      && a.withUnsafeBytes { x in b.withUnsafeBytes { y in memcmp(x.baseAddress!, y.baseAddress!, x.count) == 0 } }
  }

  @Test("16-bit files decode to the expected RGBA16", arguments: sixteenBit)
  func matchesExpectedRGBA16(_ entry: ExpectedEntry) throws {
    let reader = try TIFFReader(
      contentsOf: TestData.path(entry.path), options: TIFFDecodingOptions(format: .rgba16Premultiplied))
    var pixels: [UInt8] = []
    for index in reader.pageIndices {
      let destination = FencedView(size: try reader.pageInfo(at: index).size, format: .rgba16Premultiplied)
      try reader.decodePage(at: index, into: destination.view)
      pixels += destination.littleEndianBytes()
      #expect(destination.changedBytesOutsideView() == 0)
    }
    let expected = try #require(entry.rgba16)
    #expect(pixels == (try TestData.expectedBytes(expected.file)))
  }

  @Test(
    "one view receives the pages of a sequence in any order",
    arguments: ["tiff/sequence-12x64x64-rgba.tif", "tiff/sequence-12x64x64-rgba-deflate.tif"])
  func oneViewServesManyPages(_ path: String) throws {
    let expected = try TestData.expectedBytes("tiff__sequence-12x64x64-rgba.tif.rgba8")
    let pageBytes = 64 * 64 * 4
    try #require(expected.count == 12 * pageBytes)
    let reader = try TIFFReader(bytes: TestData.bytes(path))
    let destination = FencedView(width: 64, height: 64, format: .rgba8Premultiplied)
    var previous: [UInt8] = []
    for index in [0, 1, 7, 3, 11, 0] {
      try reader.decodePage(at: index, into: destination.view)
      let pixels = destination.packedBytes()
      #expect(pixels == Array(expected[index * pageBytes..<(index + 1) * pageBytes]), "page \(index)")
      #expect(pixels != previous, "page \(index) left the previous page's pixels")
      previous = pixels
    }
    #expect(destination.changedBytesOutsideView() == 0)
  }

  @Test("pages decode into the tiles of one larger image")
  func pagesFillTilesOfACanvas() throws {
    let expected = try TestData.expectedBytes("tiff__sequence-12x64x64-rgba.tif.rgba8")
    let reader = try TIFFReader(contentsOf: TestData.path("tiff/sequence-12x64x64-rgba.tif"))
    let pages = [2, 5, 8, 11]
    let tiles = pages.indices.map { PixelRect(x: $0 % 2 * 64, y: $0 / 2 * 64, width: 64, height: 64) }
    var canvas = try PixelBuffer(width: 128, height: 128, format: .rgba8Premultiplied)
    try canvas.withMutableView { view in
      for (page, tile) in zip(pages, tiles) {
        try reader.decodePage(at: page, into: view.cropped(to: tile))
      }
    }
    for (page, tile) in zip(pages, tiles) {
      let pixels = try canvas.withView { view in try view.cropped(to: tile).packedBytes() }
      #expect(pixels == Array(expected[page * 64 * 64 * 4..<(page + 1) * 64 * 64 * 4]), "page \(page)")
    }
  }

  /// CMYK goes through libtiff's RGBA interface, whose page-sized raster is copied into the
  /// view: white, black, cyan / magenta, yellow, blue, at 8 and 16 bits.
  @Test("pages read through libtiff's RGBA interface", arguments: [PixelFormat.rgba8Premultiplied, .rgba16Premultiplied])
  func rgbaInterfacePage(_ format: PixelFormat) throws {
    let builder = TIFFTestBuilder(
      width: 3, height: 2, bitsPerSample: [8, 8, 8, 8], photometric: 5,
      pixelData: [0, 0, 0, 0, 0, 0, 0, 255, 255, 0, 0, 0, 0, 255, 0, 0, 0, 0, 255, 0, 255, 255, 0, 0])
    let output: TIFFOutputFormat = format == .rgba8Premultiplied ? .rgba8Premultiplied : .rgba16Premultiplied
    let reader = try TIFFReader(bytes: builder.bytes, options: TIFFDecodingOptions(format: output))
    let destination = FencedView(width: 3, height: 2, format: format)
    try reader.decodePage(at: 0, into: destination.view)
    let levels: [UInt16] = [
      255, 255, 255, 255, 0, 0, 0, 255, 0, 255, 255, 255, 255, 0, 255, 255, 255, 255, 0, 255, 0, 0, 255, 255,
    ]
    let expected =
      format == .rgba8Premultiplied
      ? levels.map { UInt8($0) } : levels.flatMap { [UInt8(truncatingIfNeeded: $0 * 257), UInt8(($0 * 257) >> 8)] }
    #expect(destination.littleEndianBytes() == expected)
    #expect(destination.changedBytesOutsideView() == 0)
  }
}
