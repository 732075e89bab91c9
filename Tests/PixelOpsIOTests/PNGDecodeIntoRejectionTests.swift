import PixelOps
import PixelOpsIO
import Testing

/// Decoding a PNG into a view of the wrong size or format throws the specific error before
/// writing; damaged and truncated files throw typed errors and never write outside the view.
@Suite struct PNGDecodeIntoRejectionTests {
  static let path = "png/pngsuite/basn6a08.png"  // 32 x 32 RGBA

  @Test(arguments: [(31, 32), (32, 31), (33, 32), (64, 64), (1, 1)])
  func wrongSizeIsRefusedUntouched(_ width: Int, _ height: Int) throws {
    let destination = FencedView(width: width, height: height, format: .rgba8Premultiplied)
    let before = destination.blockBytes()
    #expect(
      throws: ImageIOError.destinationSizeMismatch(
        expected: PixelSize(width: 32, height: 32), actual: PixelSize(width: width, height: height))
    ) {
      try PNG.decode(TestData.bytes(Self.path), into: destination.view)
    }
    #expect(destination.blockBytes() == before)
  }

  @Test(arguments: [
    (PixelFormat.rgba8Premultiplied, PixelFormat.rgba16Premultiplied),
    (.rgba8Premultiplied, .bgra8Premultiplied),
    (.rgba8Straight, .rgba8Premultiplied),
    (.gray8, .grayAlpha8),
    (.rgba16Premultiplied, .rgba16Straight),
  ])
  func wrongFormatIsRefusedUntouched(_ optionsFormat: PixelFormat, _ viewFormat: PixelFormat) throws {
    for path in [Self.path, "png/pngsuite/basi6a16.png"] {
      let destination = FencedView(width: 32, height: 32, format: viewFormat)
      let before = destination.blockBytes()
      #expect(throws: ImageIOError.destinationFormatMismatch(expected: optionsFormat, actual: viewFormat)) {
        try PNG.decode(TestData.bytes(path), into: destination.view, options: PNGDecodingOptions(format: optionsFormat))
      }
      #expect(destination.blockBytes() == before)
    }
  }

  @Test func errorsNameBothSides() {
    let size = ImageIOError.destinationSizeMismatch(
      expected: PixelSize(width: 32, height: 32), actual: PixelSize(width: 31, height: 32))
    #expect(size.description.contains("32x32") && size.description.contains("31x32"))
    let format = ImageIOError.destinationFormatMismatch(expected: .rgba8Premultiplied, actual: .gray8)
    #expect(format.description.contains("RGBA8 premultiplied") && format.description.contains("Gray8"))
  }

  @Test func limitsStillApply() throws {
    let destination = FencedView(width: 32, height: 32, format: .rgba8Premultiplied)
    let tight = PNGDecodingOptions(limits: DecodingLimits(maximumPixelCount: 1023))
    #expect(throws: ImageIOError.tooLarge(width: 32, height: 32, limit: 1023)) {
      try PNG.decode(TestData.bytes(Self.path), into: destination.view, options: tight)
    }
    #expect(!destination.viewWasWritten())
  }

  /// Every prefix of a file (cut every 5 bytes) throws a typed error into a view of the full
  /// image's size, on every path through the decoder, and never writes outside the view.
  /// Some cuts fail after rows were written: the partial-decode case.
  @Test(arguments: [
    ("png/pngsuite/basn6a08.png", PixelFormat.rgba8Straight),  // rows straight into the view
    ("png/pngsuite/basn6a08.png", .rgba8Premultiplied),  // converted in strips
    ("png/pngsuite/basi3p02.png", .rgba8Premultiplied),  // interlaced, converted pass by pass
    ("png/pngsuite/basi6a16.png", .rgba8Premultiplied),  // interlaced 16-bit, pass by pass
    ("png/pngsuite/basi6a16.png", .gray8),  // interlaced, narrower pixels, pass by pass
  ])
  func truncatedFilesThrow(_ path: String, _ format: PixelFormat) throws {
    let bytes = try TestData.bytes(path)
    let header = try PNG.header(of: bytes)
    let options = PNGDecodingOptions(format: format)
    var failuresAfterWriting = 0
    for length in stride(from: 0, to: bytes.count, by: 5) {
      let destination = FencedView(size: header.size, format: format)
      do {
        try PNG.decode(Array(bytes[..<length]), into: destination.view, options: options)
        Issue.record("\(path) cut to \(length) of \(bytes.count) bytes decoded")
      } catch {
        switch error {
        case .truncated(.png, _), .corrupt(.png, _), .emptyInput: break
        default: Issue.record("\(path) cut to \(length): \(error)")
        }
      }
      #expect(destination.changedBytesOutsideView() == 0, "\(path) cut to \(length)")
      if destination.viewWasWritten() { failuresAfterWriting += 1 }
    }
    #expect(failuresAfterWriting > 0)
  }

  @Test func truncatedImageDataIsReported() throws {
    let destination = FencedView(width: 96, height: 64, format: .rgba8Premultiplied)
    #expect {
      try PNG.decode(TestData.bytes("hostile/truncated-half.png"), into: destination.view)
    } throws: { error in
      guard case .truncated(.png, let message)? = error as? ImageIOError else { return false }
      return !message.isEmpty
    }
    #expect(destination.changedBytesOutsideView() == 0)
  }

  @Test func headerOfDamagedInputThrows() {
    #expect(throws: ImageIOError.emptyInput) { try PNG.header(of: [UInt8]()) }
    #expect {
      try PNG.header(of: TestData.bytes("hostile/not-an-image.png"))
    } throws: { error in
      guard case .notRecognized(.png, _)? = error as? ImageIOError else { return false }
      return true
    }
    #expect {
      try PNG.readHeader(contentsOf: "/nonexistent/directory/image.png")
    } throws: { error in
      guard case .unreadableFile? = error as? ImageIOError else { return false }
      return true
    }
  }
}
