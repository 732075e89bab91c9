import Foundation
import PixelOps
import PixelOpsIO
import PixelOpsTestSupport
import Testing

/// PNG and TIFF writing have one shape: views in (`PNG.write`, `TIFF.write`, `encode`), buffers
/// through `writePNG`/`writeTIFF`, the same option spelling, typed errors and atomic files.
/// Expected pixels are computed here from the input's packed bytes, never by the writers.
@Suite("Symmetric PNG and TIFF writing")
struct SymmetricWriteTests {
  /// The rectangle cropped out of a 31 x 15 buffer: its rows are padded (the buffer's row
  /// bytes are larger than the crop's pixels) and start mid-row.
  static let crop = PixelRect(x: 3, y: 2, width: 17, height: 9)
  static let whole = PixelSize(width: 31, height: 15)

  /// `bytes` (packed rows of a `size` image in `format`) cut to `rect`, by index arithmetic.
  static func packed(_ bytes: [UInt8], size: PixelSize, format: PixelFormat, cutTo rect: PixelRect) -> [UInt8] {
    let pixel = format.bytesPerPixel
    var out: [UInt8] = []
    for y in rect.y..<(rect.y + rect.height) {
      let start = (y * size.width + rect.x) * pixel
      out += bytes[start..<(start + rect.width * pixel)]
    }
    return out
  }

  /// What a TIFF read gives for pixels of `format` (packed `bytes`): premultiplied RGBA in the
  /// same depth; BGRA reordered, gray as R = G = B with alpha 255.
  static func tiffReadBack(_ bytes: [UInt8], format: PixelFormat) -> [UInt8] {
    switch format {
    case .bgra8Premultiplied:
      var rgba = bytes
      for start in stride(from: 0, to: bytes.count, by: 4) { rgba.swapAt(start, start + 2) }
      return rgba
    case .gray8:
      return bytes.flatMap { (gray: UInt8) -> [UInt8] in [gray, gray, gray, 255] }
    default:
      return bytes
    }
  }

  static func tiffOutput(for format: PixelFormat) -> TIFFOutputFormat {
    format.bitsPerChannel == 16 ? .rgba16Premultiplied : .rgba8Premultiplied
  }

  static let formats: [PixelFormat] = [.rgba8Premultiplied, .bgra8Premultiplied, .rgba16Premultiplied, .gray8]

  @Test("a crop with padded rows written by PNG.write and TIFF.write reads back to its pixels", arguments: formats)
  func croppedViewRoundTrips(format: PixelFormat) throws {
    let directory = try TemporaryDirectory()
    let image = try RandomPixels.buffer(
      width: Self.whole.width, height: Self.whole.height, format: format, seed: 71 + UInt64(format.bytesPerPixel))
    let expected = Self.packed(image.packedBytes(), size: Self.whole, format: format, cutTo: Self.crop)
    try image.withView { (view: PixelView) throws in
      let cropped = try view.cropped(to: Self.crop)
      #expect(cropped.rowBytes > cropped.width * format.bytesPerPixel)
      try PNG.write(cropped, to: directory.path("crop.png"))
      try TIFF.write(cropped, to: directory.path("crop.tif"))
    }
    let png = try PNG.read(contentsOf: directory.path("crop.png"), options: PNGDecodingOptions(format: format))
    #expect(png.size == Self.crop.size)
    #expect(png.packedBytes() == expected)
    let tiff = try TIFF.read(
      contentsOf: directory.path("crop.tif"), options: TIFFDecodingOptions(format: Self.tiffOutput(for: format)))
    #expect(tiff.size == Self.crop.size)
    #expect(tiff.packedBytes() == Self.tiffReadBack(expected, format: format))
    #expect(try directory.contents() == ["crop.png", "crop.tif"])
  }

  @Test("caller memory with odd row bytes is written by both encoders", arguments: formats)
  func callerMemoryRoundTrips(format: PixelFormat) throws {
    let source = try RandomPixels.buffer(width: 13, height: 6, format: format, seed: 5)
    let memory = FencedView(width: 13, height: 6, format: format)
    try source.withView { (view: PixelView) throws in try memory.view.copyPixels(from: view) }
    let expected = source.packedBytes()
    let view = memory.view.readOnly
    let png = try PNG.decode(PNG.encode(view), options: PNGDecodingOptions(format: format))
    #expect(png.packedBytes() == expected)
    let tiff = try TIFF.decode(TIFF.encode(view), options: TIFFDecodingOptions(format: Self.tiffOutput(for: format)))
    #expect(tiff.packedBytes() == Self.tiffReadBack(expected, format: format))
  }

  @Test("a buffer's writeTIFF and tiffBytes equal TIFF.write and TIFF.encode of its view, byte for byte")
  func bufferConveniencesMatchViews() throws {
    let directory = try TemporaryDirectory()
    let options = TIFFEncodingOptions(compression: .lzw)
    for (index, format) in Self.formats.enumerated() {
      let image = try RandomPixels.buffer(width: 23, height: 7, format: format, seed: 90 + UInt64(index))
      try image.writeTIFF(to: directory.path("buffer.tif"), options: options)
      try image.withView { (view: PixelView) throws(ImageIOError) in
        try TIFF.write(view, to: directory.path("view.tif"), options: options)
      }
      let fromBuffer = try directory.bytes("buffer.tif")
      #expect(fromBuffer == (try directory.bytes("view.tif")), "\(format)")
      #expect(fromBuffer == (try image.tiffBytes(options: options)), "\(format)")
      #expect(fromBuffer == (try image.withView { (view) throws(ImageIOError) in try TIFF.encode(view, options: options) }))
      // The same holds for PNG.
      try image.writePNG(to: directory.path("buffer.png"))
      try image.withView { (view: PixelView) throws(ImageIOError) in try PNG.write(view, to: directory.path("view.png")) }
      #expect(try directory.bytes("buffer.png") == directory.bytes("view.png"), "\(format)")
    }
    #expect(try directory.contents() == ["buffer.png", "buffer.tif", "view.png", "view.tif"])
  }

  @Test("the option types spell their defaults the same way")
  func optionDefaults() {
    #expect(PNGEncodingOptions.standard == PNGEncodingOptions())
    #expect(PNGDecodingOptions.standard == PNGDecodingOptions())
    #expect(TIFFEncodingOptions.standard == TIFFEncodingOptions())
    #expect(TIFFDecodingOptions.standard == TIFFDecodingOptions())
    #expect(TIFFEncodingOptions.standard.compression == .deflate)
    #expect(TIFFDecodingOptions.standard.format == .rgba8Premultiplied)
    #expect(TIFFDecodingOptions.standard.limits == .standard)
  }

  /// Three pages cut from one buffer (different sizes and offsets, padded rows).
  static let pageRects = [
    PixelRect(x: 0, y: 0, width: 31, height: 15), PixelRect(x: 5, y: 4, width: 1, height: 1),
    PixelRect(x: 2, y: 1, width: 20, height: 13),
  ]

  @Test("multi-page views round-trip, and every multi-page form writes the same bytes")
  func multiPageRoundTrips() throws {
    let directory = try TemporaryDirectory()
    let format = PixelFormat.rgba16Premultiplied
    let image = try RandomPixels.buffer(width: Self.whole.width, height: Self.whole.height, format: format, seed: 33)
    let packed = image.packedBytes()
    let expected = Self.pageRects.map { Self.packed(packed, size: Self.whole, format: format, cutTo: $0) }
    let options = TIFFEncodingOptions(compression: .packBits)
    let pages = try Self.pageRects.map { rect in try image.withView { try PixelBuffer(copying: $0.cropped(to: rect)) } }

    let encoded = try image.withView { (view: PixelView) throws in
      let views = try Self.pageRects.map { try view.cropped(to: $0) }
      try TIFF.write(pages: views, to: directory.path("views.tif"), options: options)
      return try TIFF.encode(pages: views, options: options)
    }
    try TIFF.write(pageCount: pages.count, to: directory.path("stream.tif"), options: options) {
      (index, write) throws(ImageIOError) in
      try pages[index].withView(write)
    }
    try pages.writeTIFF(to: directory.path("buffers.tif"), options: options)

    let reader = try TIFFReader(
      contentsOf: directory.path("views.tif"), options: TIFFDecodingOptions(format: .rgba16Premultiplied))
    #expect(reader.pageCount == 3)
    #expect(try reader.decodeAllPages().map { $0.packedBytes() } == expected)
    let bytes = try directory.bytes("views.tif")
    #expect(encoded == bytes)
    #expect(try directory.bytes("stream.tif") == bytes)
    #expect(try directory.bytes("buffers.tif") == bytes)
    #expect(try pages.tiffBytes(options: options) == bytes)
    #expect(try directory.contents() == ["buffers.tif", "stream.tif", "views.tif"])
  }

  /// The file a failed write must leave alone.
  static func goodFile(in directory: TemporaryDirectory, _ name: String) throws -> [UInt8] {
    let image = try RandomPixels.buffer(width: 6, height: 5, format: .rgba8Premultiplied, seed: 8)
    if name.hasSuffix(".png") {
      try image.writePNG(to: directory.path(name))
    } else {
      try image.writeTIFF(to: directory.path(name))
    }
    return try directory.bytes(name)
  }

  @Test("an empty view is a typed error from both writers, and the existing file is untouched")
  func emptyViewIsRefused() throws {
    let directory = try TemporaryDirectory()
    let png = try Self.goodFile(in: directory, "good.png")
    let tiff = try Self.goodFile(in: directory, "good.tif")
    let empty = try PixelView(unsafeBaseAddress: nil, width: 0, height: 3, rowBytes: 0, format: .bgra8Premultiplied)
    let refusal = ImageIOError.pixels(.invalidDimensions(width: 0, height: 3))
    #expect(throws: refusal) { try PNG.write(empty, to: directory.path("good.png")) }
    #expect(throws: refusal) { try TIFF.write(empty, to: directory.path("good.tif")) }
    #expect(throws: refusal) { try TIFF.encode(empty) }
    let page = try RandomPixels.buffer(width: 2, height: 2, format: .rgba8Premultiplied, seed: 1)
    try page.withView { (view: PixelView) throws in
      #expect(throws: refusal) { try TIFF.write(pages: [view, empty], to: directory.path("good.tif")) }
      #expect(throws: refusal) { try TIFF.encode(pages: [view, empty]) }
    }
    #expect(try directory.bytes("good.png") == png)
    #expect(try directory.bytes("good.tif") == tiff)
    #expect(try directory.contents() == ["good.png", "good.tif"])
  }

  @Test("a view wider than TIFF's 32-bit sizes is refused before any pixel is read")
  func oversizedViewIsRefused() throws {
    let directory = try TemporaryDirectory()
    let tiff = try Self.goodFile(in: directory, "good.tif")
    let width = Int(UInt32.max) + 1
    // The view claims more memory than exists: the writer must refuse it from its size alone.
    var byte: UInt8 = 0
    try withUnsafeBytes(of: &byte) { (memory: UnsafeRawBufferPointer) throws in
      let huge = try PixelView(unsafeBaseAddress: memory.baseAddress, width: width, height: 1, rowBytes: width, format: .gray8)
      let refusal = ImageIOError.pixels(.invalidDimensions(width: width, height: 1))
      #expect(throws: refusal) { try TIFF.write(huge, to: directory.path("good.tif")) }
      #expect(throws: refusal) { try TIFF.encode(huge) }
    }
    #expect(try directory.bytes("good.tif") == tiff)
    #expect(try directory.contents() == ["good.tif"])
  }

  @Test("writes into a missing directory fail with writeFailed naming the path, for every write form")
  func missingDirectory() throws {
    let directory = try TemporaryDirectory()
    let image = try RandomPixels.buffer(width: 3, height: 3, format: .bgra8Premultiplied, seed: 2)
    let png = directory.path("missing/image.png")
    let tiff = directory.path("missing/image.tif")
    func failsWriting(_ path: String, _ write: () throws -> Void) {
      #expect {
        try write()
      } throws: { error in
        guard case .writeFailed(let failedPath, let reason)? = error as? ImageIOError else { return false }
        return failedPath == path && !reason.isEmpty
      }
    }
    failsWriting(png) { try image.writePNG(to: png) }
    failsWriting(tiff) { try image.writeTIFF(to: tiff) }
    failsWriting(tiff) { try [image, image].writeTIFF(to: tiff) }
    image.withView { (view: PixelView) in
      failsWriting(png) { try PNG.write(view, to: png) }
      failsWriting(tiff) { try TIFF.write(view, to: tiff) }
      failsWriting(tiff) { try TIFF.write(pages: [view], to: tiff) }
    }
    #expect(try directory.contents().isEmpty)
  }

  @Test("a page closure that hands over no view, or two, fails and leaves the existing file")
  func streamingMisuse() throws {
    let directory = try TemporaryDirectory()
    let path = directory.path("good.tif")
    let before = try Self.goodFile(in: directory, "good.tif")
    let image = try RandomPixels.buffer(width: 4, height: 4, format: .rgba8Premultiplied, seed: 3)
    #expect(throws: ImageIOError.writeFailed(path: path, reason: "page 1 was not handed to `write`")) {
      try TIFF.write(pageCount: 2, to: path) { (index, write) throws(ImageIOError) in
        if index == 0 { try image.withView(write) }
      }
    }
    #expect(throws: ImageIOError.writeFailed(path: path, reason: "page 0 was handed to `write` more than once")) {
      try TIFF.write(pageCount: 2, to: path) { (_, write) throws(ImageIOError) in
        try image.withView(write)
        try image.withView(write)
      }
    }
    let failure = ImageIOError.unsupported(.tiff, message: "page 2 is not ready")
    #expect(throws: failure) {
      try TIFF.write(pageCount: 3, to: path) { (index, write) throws(ImageIOError) in
        if index == 2 { throw failure }
        try image.withView(write)
      }
    }
    #expect(throws: ImageIOError.writeFailed(path: path, reason: "no pages to write")) {
      try [PixelBuffer]().writeTIFF(to: path)
    }
    #expect(try directory.bytes("good.tif") == before)
    #expect(try directory.contents() == ["good.tif"])
  }

  @Test("an out-of-range PNG option is a typed error and leaves the existing file")
  func invalidOption() throws {
    let directory = try TemporaryDirectory()
    let before = try Self.goodFile(in: directory, "good.png")
    let image = try RandomPixels.buffer(width: 4, height: 4, format: .rgba16Premultiplied, seed: 4)
    #expect(throws: ImageIOError.invalidOption(.png, message: "compression level 10 is outside 0...9")) {
      try image.withView { (view: PixelView) throws(ImageIOError) in
        try PNG.write(view, to: directory.path("good.png"), options: PNGEncodingOptions(compressionLevel: 10))
      }
    }
    #expect(try directory.bytes("good.png") == before)
    #expect(try directory.contents() == ["good.png"])
  }
}
