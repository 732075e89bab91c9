import PixelOps
import PixelOpsIO
import Testing

/// Decoding a TIFF page into a view of the wrong size or format throws the specific error
/// before writing; damaged and truncated files throw typed errors and never write outside
/// the view.
@Suite("TIFF decode into a view: refusals")
struct TIFFDecodeIntoRejectionTests {
  /// Pages of 10x10, 10x10 and 20x20 pixels.
  static let multipage = "tiff/pillow/multipage.tiff"

  @Test("a view of another page's size is refused untouched")
  func wrongSize() throws {
    let reader = try TIFFReader(contentsOf: TestData.path(Self.multipage))
    let small = FencedView(width: 10, height: 10, format: .rgba8Premultiplied)
    try reader.decodePage(at: 0, into: small.view)
    let before = small.blockBytes()
    #expect(
      throws: ImageIOError.destinationSizeMismatch(
        expected: PixelSize(width: 20, height: 20), actual: PixelSize(width: 10, height: 10))
    ) {
      try reader.decodePage(at: 2, into: small.view)
    }
    #expect(small.blockBytes() == before)
    let large = FencedView(width: 20, height: 20, format: .rgba8Premultiplied)
    #expect(
      throws: ImageIOError.destinationSizeMismatch(
        expected: PixelSize(width: 10, height: 10), actual: PixelSize(width: 20, height: 20))
    ) {
      try reader.decodePage(at: 1, into: large.view)
    }
    #expect(!large.viewWasWritten() && large.changedBytesOutsideView() == 0)
  }

  @Test(
    "a view in another format than the reader's is refused untouched",
    arguments: [
      (TIFFOutputFormat.rgba8Premultiplied, PixelFormat.rgba16Premultiplied),
      (.rgba8Premultiplied, .bgra8Premultiplied),
      (.rgba8Premultiplied, .rgba8Straight),
      (.rgba8Premultiplied, .gray8),
      (.rgba16Premultiplied, .rgba8Premultiplied),
      (.rgba16Premultiplied, .rgba16Straight),
    ])
  func wrongFormat(_ output: TIFFOutputFormat, _ viewFormat: PixelFormat) throws {
    let reader = try TIFFReader(
      contentsOf: TestData.path("tiff/rgb16-40x30.tif"), options: TIFFDecodingOptions(format: output))
    let destination = FencedView(width: 40, height: 30, format: viewFormat)
    let before = destination.blockBytes()
    #expect(throws: ImageIOError.destinationFormatMismatch(expected: output.pixelFormat, actual: viewFormat)) {
      try reader.decodePage(at: 0, into: destination.view)
    }
    #expect(destination.blockBytes() == before)
  }

  @Test("a page past the last, or beyond the limits, is refused before writing")
  func pageAndLimits() throws {
    let reader = try TIFFReader(contentsOf: TestData.path(Self.multipage))
    let destination = FencedView(width: 10, height: 10, format: .rgba8Premultiplied)
    #expect(throws: ImageIOError.pageOutOfRange(index: 3, pageCount: 3)) {
      try reader.decodePage(at: 3, into: destination.view)
    }
    let tight = try TIFFReader(
      contentsOf: TestData.path(Self.multipage),
      options: TIFFDecodingOptions(limits: DecodingLimits(maximumPixelCount: 99)))
    #expect(throws: ImageIOError.tooLarge(width: 10, height: 10, limit: 99)) {
      try tight.decodePage(at: 0, into: destination.view)
    }
    #expect(!destination.viewWasWritten() && destination.changedBytesOutsideView() == 0)
  }

  @Test("a strip missing from the file is reported as truncated before writing")
  func hostileTruncated() throws {
    let reader = try TIFFReader(contentsOf: TestData.path("hostile/truncated.tif"))
    let destination = FencedView(size: try reader.pageInfo(at: 0).size, format: .rgba8Premultiplied)
    #expect {
      try reader.decodePage(at: 0, into: destination.view)
    } throws: { error in
      guard case .truncated(.tiff, let message)? = error as? ImageIOError else { return false }
      return !message.isEmpty
    }
    #expect(!destination.viewWasWritten() && destination.changedBytesOutsideView() == 0)
  }

  /// Files whose directory precedes their pixels, cut at 24 points: each cut is refused with
  /// a typed error, when opening or when decoding into the view, never traps and never
  /// writes outside the view. Uncompressed files are refused by the size check before any
  /// row is written; in the files marked `failsPartway` some cuts fail after rows were
  /// written (the partial-decode case).
  @Test(
    "truncated files throw, never writing outside the view",
    arguments: [
      ("tiff/libtiff/deflate-last-strip-extra-data.tiff", true),  // Deflate strips
      ("tiff/pillow/tiff_tiled_planar_lzw.tiff", true),  // LZW planar tiles
      ("tiff/pillow/tiff_16bit_RGB.tiff", false),  // Deflate 16-bit tiles
      ("tiff/pillow/tiff_strip_planar_16bit_RGBa.tiff", false),  // LZW planar strips
      ("tiff/rgba-associated-50x70.tif", false),  // uncompressed strips
      ("tiff/gray8-tiled-256x256.tif", false),  // uncompressed tiles
    ])
  func truncatedFiles(_ path: String, failsPartway: Bool) throws {
    let bytes = try TestData.bytes(path)
    var failuresAfterWriting = 0
    for cut in 1...24 {
      let length = bytes.count * cut / 25
      let outcome = Self.decodeFirstPage(Array(bytes[..<length]))
      switch outcome.result {
      case .success: Issue.record("\(path) cut to \(length) of \(bytes.count) bytes decoded")
      case .failure(.pixels(let error)): Issue.record("\(path) cut to \(length): \(error)")
      case .failure: break
      }
      if let destination = outcome.destination {
        #expect(destination.changedBytesOutsideView() == 0, "\(path) cut to \(length)")
        if destination.viewWasWritten() { failuresAfterWriting += 1 }
      }
    }
    if failsPartway { #expect(failuresAfterWriting > 0) }
  }

  /// Opens `bytes` and decodes page 0 into a fenced view of its size (absent when the file
  /// cannot be opened).
  private static func decodeFirstPage(_ bytes: [UInt8]) -> (result: Result<Void, ImageIOError>, destination: FencedView?) {
    do throws(ImageIOError) {
      let reader = try TIFFReader(bytes: bytes)
      let destination = FencedView(size: try reader.pageInfo(at: 0).size, format: .rgba8Premultiplied)
      do throws(ImageIOError) {
        try reader.decodePage(at: 0, into: destination.view)
        return (.success(()), destination)
      } catch {
        return (.failure(error), destination)
      }
    } catch {
      return (.failure(error), nil)
    }
  }
}
