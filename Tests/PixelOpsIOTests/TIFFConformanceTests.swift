import PixelOps
import PixelOpsIO
import Testing

/// Every TIFF of `expected/index.json` against its expected pixels (test data README).
@Suite("TIFF conformance")
struct TIFFConformanceTests {
  /// libtiff 4.5.0 fails on this valid file ("Buffer overflow at line 0 of strip 0"; fixed in
  /// 4.5.1). The test accepts the exact pixels (a newer libtiff) or a typed error.
  static let failsOnLibTIFF450 = "tiff/malformed/testfax3_bug_513.tiff"

  static let entries = TestData.validEntries().filter { $0.format == "tiff" }
  static let decodable = entries.filter { $0.status != "unsupported" }
  static let sixteenBit = entries.filter { $0.rgba16 != nil }
  static let unsupported = entries.filter { $0.status == "unsupported" }

  @Test("the index lists the TIFFs the README describes")
  func indexIsComplete() {
    #expect(Self.decodable.count == 49)
    #expect(Self.sixteenBit.count == 8)
    #expect(Self.unsupported.count == 1)
  }

  @Test("decodes every page to the expected premultiplied RGBA8", arguments: decodable)
  func decodesRGBA8(_ entry: ExpectedEntry) throws {
    let pages: [PixelBuffer]
    do {
      pages = try TIFF.readAllPages(contentsOf: TestData.path(entry.path))
    } catch {
      // Decodable-malformed files may be refused, with a typed error that says why.
      #expect(entry.status == "decodable-malformed" || entry.path == Self.failsOnLibTIFF450, "\(error)")
      #expect(!TIFFErrorText.message(of: error).isEmpty)
      return
    }
    #expect(pages.count == entry.pages)
    #expect(pages.first?.width == entry.width)
    #expect(pages.first?.height == entry.height)
    #expect(pages.allSatisfy { $0.format == .rgba8Premultiplied })
    let expected = try #require(entry.rgba8)
    #expect(pages.reduce(0) { $0 + $1.width * $1.height * 4 } == expected.bytes)
    let digest = TestData.fnv1a64(ofPages: pages)
    if let tolerance = entry.tolerance, digest != expected.fnv1a64 {
      try expectWithinTolerance(pages, expected: expected, tolerance: tolerance)
    } else {
      #expect(digest == expected.fnv1a64)
    }
    for page in pages where page.isKnownOpaque {
      // A page marked opaque must be opaque.
      let bytes = page.packedBytes()
      #expect(stride(from: 3, to: bytes.count, by: 4).allSatisfy { bytes[$0] == 255 })
    }
  }

  @Test("decodes 16-bit files to the expected premultiplied RGBA16", arguments: sixteenBit)
  func decodesRGBA16(_ entry: ExpectedEntry) throws {
    let options = TIFFDecodingOptions(format: .rgba16Premultiplied)
    let pages = try TIFF.readAllPages(contentsOf: TestData.path(entry.path), options: options)
    let expected = try #require(entry.rgba16)
    #expect(pages.allSatisfy { $0.format == .rgba16Premultiplied })
    let bytes = pages.flatMap(PackedPixels.littleEndianBytes)
    #expect(bytes.count == expected.bytes)
    #expect(bytes == (try TestData.expectedBytes(expected.file)))
  }

  @Test("decodes from memory exactly as from a file", arguments: decodable.filter { ($0.rgba8?.bytes ?? 0) < 1 << 20 })
  func decodesFromMemory(_ entry: ExpectedEntry) throws {
    let bytes = try TestData.bytes(entry.path)
    let fromFile = try? TIFF.readAllPages(contentsOf: TestData.path(entry.path))
    let fromMemory = try? TIFF.decodeAllPages(bytes)
    #expect(fromFile == fromMemory)
  }

  @Test("floating-point samples are refused as unsupported", arguments: unsupported)
  func refusesFloatingPoint(_ entry: ExpectedEntry) {
    #expect {
      _ = try TIFF.read(contentsOf: TestData.path(entry.path))
    } throws: { error in
      guard case .unsupported(.tiff, let message)? = error as? ImageIOError else { return false }
      return message.contains("floating-point")
    }
  }

  /// Rows outside `tolerance.rows` must match exactly; rows inside within `maxAbs`.
  private func expectWithinTolerance(
    _ pages: [PixelBuffer], expected: ExpectedEntry.Pixels, tolerance: ExpectedEntry.Tolerance
  ) throws {
    let page = try #require(pages.first)
    let actual = page.packedBytes()
    let wanted = try TestData.expectedBytes(expected.file)
    try #require(actual.count == wanted.count)
    let rowLength = page.width * 4
    for y in 0..<page.height {
      let range = y * rowLength..<(y + 1) * rowLength
      let largest = zip(actual[range], wanted[range]).map { abs(Int($0) - Int($1)) }.max() ?? 0
      if tolerance.allowsDifference(inRow: y) {
        #expect(largest <= tolerance.maxAbs, "row \(y) differs by \(largest)")
      } else {
        #expect(largest == 0, "row \(y) differs by \(largest)")
      }
    }
  }
}

/// The text an ``ImageIOError`` carries.
enum TIFFErrorText {
  static func message(of error: ImageIOError) -> String {
    switch error {
    case .corrupt(_, let message), .truncated(_, let message), .unsupported(_, let message): message
    case .notRecognized(_, let detail): detail
    case .unreadableFile(_, let reason), .writeFailed(_, let reason): reason
    default: error.description
    }
  }
}
