import Foundation
import PixelOps
import PixelOpsIO
import PixelOpsTestSupport
import Testing

/// A multi-page TIFF plays as an image sequence, and an animation exports as one.
///
/// Reading: `TIFFReader.frameSequence(lookahead:)` lends, frame after frame and again after
/// wrapping, exactly the pixels a second reader's `decodePage(at:)` gives, holding at most
/// `lookahead + 1` decoded frames; a damaged page fails only its own frame, with the page's
/// `ImageIOError` as the reason (which `ImageIOError(_:)` gives back); an RGBA16 reader is
/// refused. Writing: `writeAnimationTIFF` writes `ceil(duration × rate)` pages, page `k` being
/// what an identically configured view displays at `k / rate`; bad options are refused
/// before the file system is touched, and a failed export leaves no file, or the old one.
@Suite("TIFF image sequences")
struct TIFFSequenceTests {
  // MARK: - Helpers

  /// A fresh directory under the temporary directory; `body` gets it and it is removed after.
  func withTemporaryDirectory<Result>(_ body: (String) throws -> Result) throws -> Result {
    let path = NSTemporaryDirectory() + "pixelops-tests-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: path) }
    return try body(path)
  }

  /// Random premultiplied pages of `sizes`.
  static func randomPages(_ sizes: [(Int, Int)], seed: UInt64) throws -> [PixelBuffer] {
    var rng = SeededGenerator(seed: seed)
    return try sizes.map { try RandomPixels.buffer(width: $0.0, height: $0.1, format: .rgba8Premultiplied, &rng) }
  }

  /// Calls `body` with views of all `buffers`.
  static func withViews<Result>(
    _ buffers: [PixelBuffer], _ collected: [PixelView] = [], _ body: ([PixelView]) throws -> Result
  ) throws -> Result {
    if collected.count == buffers.count { return try body(collected) }
    return try buffers[collected.count].withView { try withViews(buffers, collected + [$0], body) }
  }

  /// Writes `pages` as a multi-page TIFF at `path`.
  static func writePages(_ pages: [PixelBuffer], to path: String, compression: TIFFCompression) throws {
    try withViews(pages) { views in
      try TIFF.write(pages: views, to: path, options: TIFFEncodingOptions(compression: compression))
    }
  }

  /// Frame `index`'s pixels, size and scale.
  static func frame(
    _ sequence: some ImageSequenceSource, _ index: Int
  ) throws(ImageSequenceError) -> (bytes: [UInt8], size: PixelSize, scale: Double) {
    try sequence.withFrame(at: index) { ($0.image.packedBytes(), $0.image.size, $0.scale) }
  }

  /// Damages page `page` of the classic little- or big-endian TIFF `bytes`: an uncompressed page
  /// gets its strips moved to 8 bytes before the end of the file (a strip cut short); a
  /// compressed page gets its strips' bytes overwritten with 0xFF (no valid stream starts so).
  static func damage(page: Int, of bytes: inout [UInt8]) throws {
    let little = bytes[0] == 0x49
    try #require(bytes[0] == bytes[1] && (little || bytes[0] == 0x4D))
    func read(_ offset: Int, _ count: Int) -> Int {
      (0..<count).reduce(0) { value, i in
        value | Int(bytes[offset + i]) << (8 * (little ? i : count - 1 - i))
      }
    }
    func write(_ value: Int, _ offset: Int, _ count: Int) {
      for i in 0..<count { bytes[offset + i] = UInt8(truncatingIfNeeded: value >> (8 * (little ? i : count - 1 - i))) }
    }
    try #require(read(2, 2) == 42, "classic TIFF expected")
    var ifd = read(4, 4)
    for _ in 0..<page { ifd = read(ifd + 2 + 12 * read(ifd, 2), 4) }
    // The values of one tag: (where each value is stored, its byte width).
    func values(of tag: Int) throws -> [(offset: Int, width: Int)] {
      for entry in 0..<read(ifd, 2) {
        let at = ifd + 2 + 12 * entry
        guard read(at, 2) == tag else { continue }
        let width = read(at + 2, 2) == 3 ? 2 : 4
        let count = read(at + 4, 4)
        let start = count * width <= 4 ? at + 8 : read(at + 8, 4)
        return (0..<count).map { (start + $0 * width, width) }
      }
      throw TagMissing(tag: tag)
    }
    let compression = try values(of: 259).map { read($0.offset, $0.width) }.first
    let offsets = try values(of: 273)
    let counts = try values(of: 279)
    if compression == 1 {
      for value in offsets { write(bytes.count - 8, value.offset, value.width) }
    } else {
      for (offset, count) in zip(offsets, counts) {
        let start = read(offset.offset, offset.width)
        for i in start..<start + read(count.offset, count.width) { bytes[i] = 0xFF }
      }
    }
  }

  struct TagMissing: Error { var tag: Int }

  static func isInvalidOption(_ error: any Error) -> Bool {
    if case ImageIOError.invalidOption = error { return true }
    return false
  }

  // MARK: - Reading

  @Test(
    "frames come out in order, and again after wrapping, exactly as a second reader decodes the pages",
    arguments: [TIFFCompression.none, .deflate], [0, 1, 3])
  func framesMatchDecodedPages(compression: TIFFCompression, lookahead: Int) throws {
    let sizes = [(7, 5), (13, 9), (33, 4), (7, 5), (1, 1), (16, 3), (13, 9)]
    let pages = try Self.randomPages(sizes, seed: 0x71FF + UInt64(lookahead))
    try withTemporaryDirectory { directory in
      let path = directory + "/pages.tif"
      try Self.writePages(pages, to: path, compression: compression)
      let sequence = try TIFFReader(contentsOf: path).frameSequence(lookahead: lookahead)
      defer { sequence.stopPlayback() }
      let reader2 = try TIFFReader(contentsOf: path)
      #expect(sequence.frameCount == pages.count)
      for pass in 0..<2 {
        for k in 0..<pages.count {
          let expected = try reader2.decodePage(at: k)
          let frame = try Self.frame(sequence, k)
          #expect(frame.size == expected.size, "pass \(pass), frame \(k)")
          #expect(frame.bytes == expected.packedBytes(), "pass \(pass), frame \(k)")
          #expect(frame.scale == 1)
          // The writer is lossless for premultiplied RGBA8: the pages are what was written.
          #expect(expected.packedBytes() == pages[k].packedBytes(), "page \(k) round trip")
        }
      }
      #expect(sequence.peakResidentFrameCount <= lookahead + 1)
      #expect(sequence.peakResidentFrameCount >= 1)
    }
  }

  @Test("frames carry the scale the sequence is made with")
  func framesCarryScale() throws {
    let pages = try Self.randomPages([(6, 4), (4, 6)], seed: 5)
    try withTemporaryDirectory { directory in
      let path = directory + "/scaled.tif"
      try Self.writePages(pages, to: path, compression: .deflate)
      let sequence = try TIFFReader(contentsOf: path).frameSequence(lookahead: 1, scale: 2)
      defer { sequence.stopPlayback() }
      for k in 0..<2 {
        let frame = try Self.frame(sequence, k)
        #expect(frame.scale == 2)
        #expect(frame.bytes == pages[k].packedBytes())
      }
    }
  }

  @Test(
    "a damaged page 3 of 6 fails only frame 3, with the page's ImageIOError as the reason",
    arguments: [TIFFCompression.none, .deflate], [0, 2])
  func damagedPageFailsOnlyItsFrame(compression: TIFFCompression, lookahead: Int) throws {
    let pages = try Self.randomPages(Array(repeating: (9, 7), count: 6), seed: 0xDA3A6E)
    try withTemporaryDirectory { directory in
      let path = directory + "/damaged.tif"
      try Self.writePages(pages, to: path, compression: compression)
      var bytes = try FileBytes.read(atPath: path)
      try Self.damage(page: 3, of: &bytes)
      #expect(FileManager.default.createFile(atPath: path, contents: Data(bytes)))
      // The damage is real: page 3 alone does not decode.
      #expect(throws: ImageIOError.self) { try TIFFReader(contentsOf: path).decodePage(at: 3) }

      let sequence = try TIFFReader(contentsOf: path).frameSequence(lookahead: lookahead)
      defer { sequence.stopPlayback() }
      for pass in 0..<2 {
        for k in 0..<6 {
          guard k == 3 else {
            #expect(try Self.frame(sequence, k).bytes == pages[k].packedBytes(), "pass \(pass), frame \(k)")
            continue
          }
          var caught: ImageSequenceError?
          do throws(ImageSequenceError) { _ = try Self.frame(sequence, k) } catch { caught = error }
          guard case .frameFailed(index: 3, let reason)? = caught else {
            Issue.record("pass \(pass): frame 3 gave \(String(describing: caught)), not frameFailed(index: 3)")
            continue
          }
          let ioError = try #require(reason as? ImageIOError, "reason \(reason) is not an ImageIOError")
          switch ioError {
          case .corrupt, .truncated: break
          default: Issue.record("a damaged strip should be corrupt or truncated, not \(ioError)")
          }
          #expect(ImageIOError(caught!) == ioError)
        }
      }
    }
  }

  @Test("a reader that decodes to RGBA16 cannot make a frame sequence")
  func rgba16Refused() throws {
    let pages = try Self.randomPages([(3, 2)], seed: 1)
    try withTemporaryDirectory { directory in
      let path = directory + "/one.tif"
      try Self.writePages(pages, to: path, compression: .none)
      let reader = try TIFFReader(contentsOf: path, options: TIFFDecodingOptions(format: .rgba16Premultiplied))
      #expect { _ = try reader.frameSequence(lookahead: 2) } throws: { Self.isInvalidOption($0) }
      #expect { _ = try TIFFFrameDecoder(reader: reader) } throws: { Self.isInvalidOption($0) }
    }
  }

  /// A frame's buffer is allocated from ``TIFFFrameDecoder/frameSize(at:)``, so that is where a
  /// page beyond the limits is refused: `hostile/huge-dims.tif` claims 100000x100000 RGBA8 (40
  /// GB), which ``TIFFReader/pageInfo(at:)`` reports as it is, and the sequence must fail the
  /// frame with the typed error before allocating anything of that size.
  @Test("a page beyond the limits is refused before its frame buffer is allocated", arguments: [0, 2])
  func hugePageRefusedBeforeAllocating(lookahead: Int) throws {
    let reader = try TIFFReader(contentsOf: TestData.path("hostile/huge-dims.tif"))
    #expect(try reader.pageInfo(at: 0).size == PixelSize(width: 100_000, height: 100_000))
    let tooLarge = ImageIOError.tooLarge(width: 100_000, height: 100_000, limit: DecodingLimits.standard.maximumPixelCount)
    #expect(throws: tooLarge) { _ = try TIFFFrameDecoder(reader: reader).frameSize(at: 0) }
    let sequence = try reader.frameSequence(lookahead: lookahead)
    defer { sequence.stopPlayback() }
    #expect {
      _ = try Self.frame(sequence, 0)
    } throws: { error in
      guard case .frameFailed(index: 0, let reason) = error as? ImageSequenceError else { return false }
      return (reason as? ImageIOError) == tooLarge
    }
    // Within the limits but more samples than the file holds (hostile/truncated.tif: a 96x64
    // RGBA8 uncompressed strip of 24,576 bytes in 8,000): refused before the frame is allocated.
    let truncated = try TIFFReader(contentsOf: TestData.path("hostile/truncated.tif"))
    #expect { _ = try TIFFFrameDecoder(reader: truncated).frameSize(at: 0) } throws: { error in
      if case .truncated = error as? ImageIOError { return true }
      return false
    }
    // Within the pixel limit but over the memory budget: refused as decodePage(at:) refuses it.
    let pages = try Self.randomPages([(64, 64)], seed: 3)
    try withTemporaryDirectory { directory in
      let path = directory + "/page.tif"
      try Self.writePages(pages, to: path, compression: .none)
      let small = try TIFFReader(
        contentsOf: path, options: TIFFDecodingOptions(limits: DecodingLimits(maximumByteCount: 64 * 64 * 4 - 1)))
      #expect { _ = try small.decodePage(at: 0) } throws: { error in
        if case .exceedsMemoryLimit = error as? ImageIOError { return true }
        return false
      }
      #expect { _ = try TIFFFrameDecoder(reader: small).frameSize(at: 0) } throws: { error in
        if case .exceedsMemoryLimit = error as? ImageIOError { return true }
        return false
      }
    }
  }

  // MARK: - Export

  /// An 8x6 pt view @2 (16x12 pixels) playing five random frames of several sizes, 0.5 s per
  /// cycle, over a translucent background, with a still image.
  static func exportView(repeatCount: Int) throws -> AnimatedImageView {
    let frames = try randomPages([(7, 5), (16, 12), (3, 9), (13, 9), (1, 1)], seed: 0xE4)
    let view = AnimatedImageView(
      bounds: PointRect(x: 0, y: 0, width: 8, height: 6), screenScale: 2,
      image: try randomPages([(4, 3)], seed: 0x5711)[0], contentMode: .scaleAspectFit,
      appearance: ImageViewAppearance(backgroundColor: PremultipliedColor(premultipliedRed: 20, green: 40, blue: 60, alpha: 200)),
      clock: ManualAnimationClock())
    view.animationImages = try ImageArraySequence(frames)
    view.animationDuration = 0.5
    view.animationRepeatCount = repeatCount
    return view
  }

  /// Checks that the TIFF at `path` has `pageCount` pages, page `k` being what a fresh view
  /// displays at `k / framesPerSecond` after starting at 0.
  static func expectPages(
    at path: String, pageCount: Int, framesPerSecond: Double, repeatCount: Int,
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let reader = try TIFFReader(contentsOf: path)
    #expect(reader.pageCount == pageCount, sourceLocation: sourceLocation)
    let reference = try exportView(repeatCount: repeatCount)
    reference.startAnimating(at: 0)
    for k in 0..<min(pageCount, reader.pageCount) {
      let update = try reference.display(at: Double(k) / framesPerSecond)
      #expect(update.shown == .frame(k / 2 % 5), "page \(k)", sourceLocation: sourceLocation)
      let expected = try #require(reference.backingStore, sourceLocation: sourceLocation)
      let page = try reader.decodePage(at: k)
      #expect(page.size == expected.size, "page \(k)", sourceLocation: sourceLocation)
      #expect(page.packedBytes() == expected.packedBytes(), "page \(k)", sourceLocation: sourceLocation)
    }
  }

  @Test("an export of 2 cycles of 0.5 s at 20 fps has 20 pages, each the frame shown at its tick")
  func exportWholeAnimation() throws {
    try withTemporaryDirectory { directory in
      let path = directory + "/animation.tif"
      let view = try Self.exportView(repeatCount: 2)
      try view.writeAnimationTIFF(to: path, framesPerSecond: 20)
      // ceil(2 × 0.5 × 20) = 20; 0.1 s per frame is 2 ticks per frame.
      try Self.expectPages(at: path, pageCount: 20, framesPerSecond: 20, repeatCount: 2)
      #expect(!view.isAnimating(at: 0), "the view is left stopped")
      // Pages at the screen scale, 2: 144 ppi (72 a point).
      let resolutions = ResolutionTests.tiffResolutions(try Array(Data(contentsOf: URL(fileURLWithPath: path))))
      #expect(resolutions.count == 20 && resolutions.allSatisfy { $0.x == 144 && $0.y == 144 && $0.unit == 2 })
    }
  }

  @Test("an animation that repeats forever exports the cycles asked for: 3 cycles, 30 pages")
  func exportRepeatingAnimation() throws {
    try withTemporaryDirectory { directory in
      let path = directory + "/forever.tif"
      let view = try Self.exportView(repeatCount: 0)
      try view.writeAnimationTIFF(to: path, framesPerSecond: 20, cycles: 3)
      try Self.expectPages(at: path, pageCount: 30, framesPerSecond: 20, repeatCount: 0)
    }
  }

  /// 3 frames at the default duration (1/30 s each, 0.1 s a cycle), 3 cycles, at 30 fps: 9
  /// ticks, although `0.1 × 3 × 30` is 9.000000000000002 in floating point. A 10th page would be
  /// at 0.3 s, where the animation has finished (or, repeating forever, a 4th cycle has begun).
  @Test("an export whose length is a whole number of ticks has no extra page from rounding", arguments: [3, 0])
  func exportEndsOnTheLastTick(repeatCount: Int) throws {
    try withTemporaryDirectory { directory in
      let path = directory + "/ticks.tif"
      let frames = try Self.randomPages([(4, 3), (4, 3), (4, 3)], seed: 0x71C)
      let view = AnimatedImageView(
        bounds: PointRect(x: 0, y: 0, width: 4, height: 3), screenScale: 1, image: nil, clock: ManualAnimationClock())
      view.animationImages = try ImageArraySequence(frames)
      view.animationRepeatCount = repeatCount
      try view.writeAnimationTIFF(to: path, framesPerSecond: 30, cycles: 3)
      let reader = try TIFFReader(contentsOf: path)
      #expect(reader.pageCount == 9)
      // The last page is the last frame of the third cycle.
      #expect(try reader.decodePage(at: reader.pageCount - 1).packedBytes() == frames[2].packedBytes())
    }
  }

  @Test("a rate that is not finite and positive, zero cycles or no animation images are invalid options")
  func exportInvalidOptions() throws {
    try withTemporaryDirectory { directory in
      let path = directory + "/never.tif"
      let view = try Self.exportView(repeatCount: 0)
      for rate in [0, -20, Double.nan, .infinity] {
        #expect("rate \(rate)") { try view.writeAnimationTIFF(to: path, framesPerSecond: rate) } throws: {
          Self.isInvalidOption($0)
        }
      }
      #expect { try view.writeAnimationTIFF(to: path, framesPerSecond: 20, cycles: 0) } throws: {
        Self.isInvalidOption($0)
      }
      let still = AnimatedImageView(
        bounds: PointRect(x: 0, y: 0, width: 8, height: 6), screenScale: 2,
        image: try Self.randomPages([(4, 3)], seed: 2)[0], clock: ManualAnimationClock())
      #expect { try still.writeAnimationTIFF(to: path, framesPerSecond: 20) } throws: { Self.isInvalidOption($0) }
      #expect(!FileManager.default.fileExists(atPath: path))
      #expect(try FileManager.default.contentsOfDirectory(atPath: directory).isEmpty)
    }
  }

  @Test("an export into a directory that does not exist throws and leaves no file")
  func exportToMissingDirectory() throws {
    try withTemporaryDirectory { directory in
      let path = directory + "/missing/animation.tif"
      let view = try Self.exportView(repeatCount: 1)
      #expect(throws: ImageIOError.self) { try view.writeAnimationTIFF(to: path, framesPerSecond: 20) }
      #expect(!FileManager.default.fileExists(atPath: path))
      #expect(try FileManager.default.contentsOfDirectory(atPath: directory).isEmpty)
    }
  }

  @Test("an export over an existing file replaces it only when it succeeds")
  func exportReplacesOnlyOnSuccess() throws {
    try withTemporaryDirectory { directory in
      let path = directory + "/existing.tif"
      let old: [UInt8] = [7, 7, 7]
      #expect(FileManager.default.createFile(atPath: path, contents: Data(old)))

      // Invalid options: refused before the file is touched.
      let view = try Self.exportView(repeatCount: 1)
      #expect(throws: ImageIOError.self) { try view.writeAnimationTIFF(to: path, framesPerSecond: .nan) }
      #expect(try FileBytes.read(atPath: path) == old)

      // A frame that fails midway (page 3 of a damaged TIFF): its error, and the old file.
      let pages = try Self.randomPages(Array(repeating: (16, 12), count: 6), seed: 0xBAD)
      let damagedPath = directory + "/frames.tif"
      try Self.writePages(pages, to: damagedPath, compression: .deflate)
      var bytes = try FileBytes.read(atPath: damagedPath)
      try Self.damage(page: 3, of: &bytes)
      #expect(FileManager.default.createFile(atPath: damagedPath, contents: Data(bytes)))
      let expectedError: ImageIOError
      do throws(ImageIOError) {
        _ = try TIFFReader(contentsOf: damagedPath).decodePage(at: 3)
        Issue.record("page 3 decoded despite the damage")
        return
      } catch { expectedError = error }
      let failing = try Self.exportView(repeatCount: 1)
      let source = try TIFFReader(contentsOf: damagedPath).frameSequence(lookahead: 1)
      defer { source.stopPlayback() }
      failing.animationImages = source
      failing.animationDuration = 0.6  // 0.1 s per page
      #expect {
        try failing.writeAnimationTIFF(to: path, framesPerSecond: 10)
      } throws: { error in
        guard let error = error as? ImageIOError else { return false }
        switch (error, expectedError) {
        case (.corrupt, .corrupt), (.truncated, .truncated): return true
        default: return false
        }
      }
      #expect(try FileBytes.read(atPath: path) == old)

      // Success: a TIFF of the animation takes its place.
      try view.writeAnimationTIFF(to: path, framesPerSecond: 20)
      try Self.expectPages(at: path, pageCount: 10, framesPerSecond: 20, repeatCount: 1)
      #expect(try FileManager.default.contentsOfDirectory(atPath: directory).sorted() == ["existing.tif", "frames.tif"])
    }
  }
}
