import PixelOps
import PixelOpsIO
import Testing

/// Interlaced files decoded to a format libpng does not produce are converted pass by pass,
/// each converted pixel stored at its place; the reference is the same image stored without
/// interlacing (PngSuite's `basi`/`basn` and `sNNi`/`sNNn` pairs hold the same pixels), which
/// takes the row-by-row path.
@Suite struct PNGInterlacedTests {
  /// Interlaced PngSuite files; the non-interlaced twin has `n` in place of `i`. The `sNN`
  /// files are 1x1 to 40x40 pixels, so some of their passes are empty.
  static let interlaced = [
    "basi0g01", "basi0g02", "basi0g04", "basi0g08", "basi0g16", "basi2c08", "basi2c16", "basi3p01", "basi3p02",
    "basi3p04", "basi3p08", "basi4a08", "basi4a16", "basi6a08", "basi6a16", "s01i3p01", "s02i3p01", "s03i3p01",
    "s04i3p01", "s05i3p02", "s06i3p02", "s07i3p02", "s08i3p02", "s09i3p02", "s32i3p04", "s33i3p04", "s34i3p04",
    "s35i3p04", "s36i3p04", "s37i3p04", "s38i3p04", "s39i3p04", "s40i3p04",
  ]

  static func twin(_ name: String) -> String {
    var characters = Array(name)
    characters[3] = "n"
    return String(characters)
  }

  @Test(arguments: interlaced, PixelFormat.allCases)
  func matchesTheNonInterlacedTwin(_ name: String, _ format: PixelFormat) throws {
    let options = PNGDecodingOptions(format: format)
    let interlacedPath = "png/pngsuite/\(name).png"
    let expected = try PNG.decode(TestData.bytes("png/pngsuite/\(Self.twin(name)).png"), options: options)
    #expect(try PNG.header(of: TestData.bytes(interlacedPath)).isInterlaced)
    let decoded = try PNG.read(contentsOf: TestData.path(interlacedPath), options: options)
    #expect(decoded.packedBytes() == expected.packedBytes(), "\(name) as \(format)")
    // Into a padded view inside fenced memory: nothing outside the view is written.
    let destination = FencedView(width: expected.width, height: expected.height, format: format)
    try PNG.read(contentsOf: TestData.path(interlacedPath), into: destination.view, options: options)
    #expect(destination.packedBytes() == expected.packedBytes(), "\(name) as \(format), into a view")
    #expect(destination.changedBytesOutsideView() == 0)
  }
}
