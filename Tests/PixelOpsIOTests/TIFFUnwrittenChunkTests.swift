import PixelOps
import PixelOpsIO
import Testing

/// libtiff 4.5 can report a Deflate strip as wholly decoded while leaving its end unwritten:
/// when the strip's stream holds more data than the strip and never ends, it returns the full
/// strip size with the last bytes untouched, and says nothing. Found by `scripts/fuzz.sh`
/// (fuzz-tiff: `decodePage(at:into:)` and `decodePage(at:)` gave different last rows, because
/// those bytes were whatever the heap held). The decoder must not pass such bytes on: they
/// decode as zeros, the same on every call.
@Suite("TIFF chunks libtiff leaves partly unwritten")
struct TIFFUnwrittenChunkTests {
  /// 64x64 RGBA8 (unassociated alpha), two Deflate strips of 32 rows. Strip 0: zlib's stream
  /// of 8,192 bytes of (9, 9, 9, 255), complete. Strip 1: 12,000 bytes of (200, 100, 50, 255)
  /// flushed with Z_SYNC_FLUSH and never finished, so it holds more than the strip's 8,192
  /// bytes. Both streams were made with Python's zlib (level 9). libtiff 4.5 writes 8,003
  /// bytes of strip 1 and returns 8,192.
  static let file: [UInt8] = TIFFTestBuilder(
    width: 64, height: 64, bitsPerSample: [8, 8, 8, 8], photometric: 2, pixelData: [],
    extraSamples: [2], compression: 8, rowsPerStrip: 32,
    strips: [
      [
        120, 218, 237, 195, 193, 9, 0, 0, 12, 3, 161, 247, 237, 63, 112, 59, 71, 64, 193, 234, 82, 85, 85,
        85, 85, 85, 85, 85, 167, 63, 67, 15, 208, 121,
      ],
      [
        120, 218, 236, 195, 49, 13, 0, 0, 8, 3, 48, 79, 104, 66, 236, 92, 13, 25, 60, 109, 210, 236, 52,
        170, 170, 170, 170, 170, 170, 170, 170, 170, 170, 170, 250, 252, 0, 0, 0, 255, 255,
      ],
    ]
  ).bytes

  static let firstStripPixel: [UInt8] = [9, 9, 9, 255]
  static let secondStripPixel: [UInt8] = [200, 100, 50, 255]

  @Test("bytes libtiff does not write decode as zeros, never as the previous strip or the heap")
  func unwrittenBytesAreZero() throws {
    let reader = try TIFFReader(bytes: Self.file)
    let page: PixelBuffer
    do {
      page = try reader.decodePage(at: 0)
    } catch {
      // A libtiff that reports the damage is right too; nothing more to check then.
      return
    }
    let pixels = page.withView { $0.packedBytes() }
    let rowBytes = 64 * 4
    for y in 0..<63 {
      let expected = y < 32 ? Self.firstStripPixel : Self.secondStripPixel
      for x in 0..<64 where Array(pixels[y * rowBytes + x * 4..<y * rowBytes + x * 4 + 4]) != expected {
        Issue.record("pixel (\(x), \(y)) is \(pixels[y * rowBytes + x * 4..<y * rowBytes + x * 4 + 4]), not \(expected)")
        return
      }
    }
    // The last row is where libtiff stopped writing: each pixel is either what the strip
    // stores or transparent zero (a pixel whose alpha byte was not written has alpha 0).
    for x in 0..<64 {
      let pixel = Array(pixels[63 * rowBytes + x * 4..<63 * rowBytes + x * 4 + 4])
      #expect(pixel == Self.secondStripPixel || pixel == [0, 0, 0, 0], "pixel (\(x), 63) is \(pixel)")
    }
  }

  @Test("decoding into caller memory gives the same pixels, whatever the memory held")
  func decodeIntoMatches() throws {
    let reader = try TIFFReader(bytes: Self.file)
    guard let page = try? reader.decodePage(at: 0) else { return }
    let expected = page.withView { $0.packedBytes() }
    for fill: UInt8 in [0x00, 0x5A, 0xFF] {
      var destination = try PixelBuffer(width: 64, height: 64, format: .rgba8Premultiplied)
      destination.withMutableView { view in
        for y in 0..<64 { view.rowAddress(y).initializeMemory(as: UInt8.self, repeating: fill, count: 64 * 4) }
      }
      try destination.withMutableView { view in try reader.decodePage(at: 0, into: view) }
      #expect(destination.withView { $0.packedBytes() } == expected, "destination filled with \(fill)")
    }
  }
}
