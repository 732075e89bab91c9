import Foundation
import PixelOps
import PixelOpsIO
import Testing

/// gAMA is ignored by default and applied by libpng only when asked.
@Suite struct PNGGammaTests {
  static func entry(_ path: String) throws -> ExpectedEntry {
    try #require(TestData.validEntries().first { $0.path == path })
  }

  @Test func ignoringGammaKeepsStoredSamples() throws {
    let entry = try Self.entry("png/pngsuite/g03n2c08.png")
    let image = try PNG.decode(TestData.bytes(entry.path), options: PNGDecodingOptions(gamma: .ignore))
    #expect(image.packedBytes() == TestData.expectedRGBA8(entry))
  }

  /// On a 2.2 display each sample v of a file with gAMA g becomes
  /// 255 * (v / 255) ^ (1 / (g * 2.2)), computed here independently (libpng rounds its 8-bit
  /// tables to nearest, so allow 1). g03n2c08 has gAMA 0.35 (darker), basn2c08 1.0
  /// (brighter), g25n2c08 2.5 (brighter still).
  @Test(arguments: [
    ("png/pngsuite/g03n2c08.png", 0.35), ("png/pngsuite/basn2c08.png", 1.0),
    ("png/pngsuite/g25n2c08.png", 2.5),
  ])
  func applyingGammaCorrectsForTheDisplay(_ path: String, _ fileGamma: Double) throws {
    let entry = try Self.entry(path)
    let stored = try #require(TestData.expectedRGBA8(entry))
    let image = try PNG.decode(
      TestData.bytes(entry.path), options: PNGDecodingOptions(gamma: .apply(displayExponent: 2.2)))
    let corrected = image.packedBytes()
    try #require(corrected.count == stored.count)
    let exponent = 1 / (fileGamma * 2.2)
    var changed = 0
    var worst = 0
    for index in stored.indices {
      let expected = index % 4 == 3 ? 255 : Int((255 * pow(Double(stored[index]) / 255, exponent)).rounded())
      worst = max(worst, abs(Int(corrected[index]) - expected))
      if corrected[index] != stored[index] { changed += 1 }
    }
    #expect(worst <= 1)
    #expect(changed > stored.count / 8)
    #expect(image.isKnownOpaque)
  }

  @Test func applyingGammaToSixteenBitFileChangesPixels() throws {
    let entry = try Self.entry("png/pngsuite/g25n0g16.png")
    let image = try PNG.decode(
      TestData.bytes(entry.path), options: PNGDecodingOptions(gamma: .apply(displayExponent: 2.2)))
    let stored = try #require(TestData.expectedRGBA8(entry))
    #expect(PNGTestSupport.firstDifference(image.packedBytes(), stored, bytesPerPixel: 4, width: entry.width) != nil)
  }

  /// A file gamma that cancels the display's (0.45 x 2.2 = 0.99) leaves samples as stored,
  /// and so does a file without gAMA (PngSuite.png), which is taken to be 1/2.2.
  @Test(arguments: ["png/pngsuite/g04n2c08.png", "png/pngsuite/PngSuite.png"])
  func matchingGammaLeavesSamples(_ path: String) throws {
    let entry = try Self.entry(path)
    let image = try PNG.decode(
      TestData.bytes(path), options: PNGDecodingOptions(gamma: .apply(displayExponent: 2.2)))
    let expected = try #require(TestData.expectedRGBA8(entry))
    let difference = PNGTestSupport.firstDifference(image.packedBytes(), expected, bytesPerPixel: 4, width: entry.width)
    #expect(difference == nil, "\(difference ?? "")")
  }

  @Test(arguments: [0, -2.2, .nan, .infinity, 1000])
  func invalidDisplayExponentIsRefused(_ exponent: Double) {
    #expect {
      try PNG.decode(
        TestData.bytes("png/pngsuite/g03n2c08.png"),
        options: PNGDecodingOptions(gamma: .apply(displayExponent: exponent)))
    } throws: { error in
      guard case .invalidOption(.png, let message) = error as? ImageIOError else { return false }
      return message.contains("display exponent")
    }
  }
}
