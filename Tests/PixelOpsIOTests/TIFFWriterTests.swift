import Foundation
import PixelOps
import PixelOpsIO
import PixelOpsTestSupport
import Testing

@Suite("TIFF writing")
struct TIFFWriterTests {
  static let sizes: [(Int, Int)] = [(1, 1), (3, 5), (67, 33), (130, 1), (1, 70)]

  static var sizeAndCompression: [(width: Int, height: Int, compression: TIFFCompression)] {
    sizes.flatMap { size in TIFFCompression.allCases.map { (size.0, size.1, $0) } }
  }

  @Test("premultiplied RGBA8 round-trips exactly", arguments: sizeAndCompression)
  func rgba8(width: Int, height: Int, compression: TIFFCompression) throws {
    let seed = UInt64(width * 1000 + height)
    let image = try RandomPixels.buffer(width: width, height: height, format: .rgba8Premultiplied, seed: seed)
    let bytes = try image.tiffBytes(options: TIFFEncodingOptions(compression: compression))
    let reader = try TIFFReader(bytes: bytes)
    #expect(try reader.decodePage(at: 0) == image)
    let info = try reader.pageInfo(at: 0)
    #expect(info.alpha == .associated)
    #expect(info.compression == [TIFFCompression.none: 1, .lzw: 5, .deflate: 8, .packBits: 32773][compression])
  }

  @Test("Gray8 round-trips as R = G = B", arguments: TIFFCompression.allCases)
  func gray8(compression: TIFFCompression) throws {
    let image = try RandomPixels.buffer(width: 37, height: 11, format: .gray8, seed: 7)
    let decoded = try TIFF.decode(image.tiffBytes(options: TIFFEncodingOptions(compression: compression)))
    let gray = image.packedBytes()
    #expect(decoded.packedBytes() == gray.flatMap { [$0, $0, $0, 255] })
    #expect(decoded.isKnownOpaque)
  }

  @Test("premultiplied RGBA16 round-trips exactly", arguments: TIFFCompression.allCases)
  func rgba16(compression: TIFFCompression) throws {
    let image = try RandomPixels.buffer(width: 29, height: 13, format: .rgba16Premultiplied, seed: 16)
    let bytes = try image.tiffBytes(options: TIFFEncodingOptions(compression: compression))
    let decoded = try TIFF.decode(bytes, options: TIFFDecodingOptions(format: .rgba16Premultiplied))
    #expect(decoded == image)
    #expect(try TIFFReader(bytes: bytes).pageInfo(at: 0).bitsPerSample == 16)
  }

  @Test(
    "other formats are stored losslessly and read back premultiplied",
    arguments: [PixelFormat.rgba8Straight, .bgra8Premultiplied, .grayAlpha8, .rgba16Straight])
  func otherFormats(format: PixelFormat) throws {
    let sourceFormat: PixelFormat = format == .rgba16Straight ? .rgba16Premultiplied : .rgba8Premultiplied
    let source = try RandomPixels.buffer(width: 21, height: 9, format: sourceFormat, seed: 3)
    let image =
      format == .grayAlpha8
      ? try RandomPixels.buffer(width: 21, height: 9, format: .grayAlpha8, seed: 4)
      : try source.converted(to: format)
    let output: TIFFOutputFormat = format.bitsPerChannel == 16 ? .rgba16Premultiplied : .rgba8Premultiplied
    let decoded = try TIFF.decode(image.tiffBytes(), options: TIFFDecodingOptions(format: output))
    #expect(decoded == (try image.converted(to: output.pixelFormat)))
  }

  @Test("opaque images are written without alpha and read back identical")
  func opaqueDropsAlpha() throws {
    var image = try RandomPixels.buffer(width: 15, height: 4, format: .rgba8Premultiplied, seed: 9)
    image.withMutableView { view in
      for y in 0..<view.height {
        for x in 0..<view.width { view.rowAddress(y).storeBytes(of: 255, toByteOffset: x * 4 + 3, as: UInt8.self) }
      }
    }
    let opaque = image.updateOpacity()
    #expect(opaque)
    let bytes = try image.tiffBytes()
    let reader = try TIFFReader(bytes: bytes)
    #expect(try reader.pageInfo(at: 0).samplesPerPixel == 3)
    let decoded = try reader.decodePage(at: 0)
    #expect(decoded == image)
    #expect(decoded.isKnownOpaque)
    let kept = try image.tiffBytes(options: TIFFEncodingOptions(dropsAlphaOfOpaqueImages: false))
    #expect(try TIFFReader(bytes: kept).pageInfo(at: 0).samplesPerPixel == 4)
  }

  @Test("BigTIFF can be forced")
  func bigTIFF() throws {
    let image = try RandomPixels.buffer(width: 9, height: 9, format: .rgba8Premultiplied, seed: 43)
    let bytes = try image.tiffBytes(options: TIFFEncodingOptions(forcesBigTIFF: true))
    #expect(bytes[2] == 43 && bytes[3] == 0)
    #expect(try TIFF.decode(bytes) == image)
  }

  @Test("three pages of different sizes and formats round-trip through a file", arguments: TIFFCompression.allCases)
  func threePages(compression: TIFFCompression) throws {
    let directory = try TemporaryDirectory()
    let path = directory.path("pages.tif")
    let pages = [
      try RandomPixels.buffer(width: 5, height: 3, format: .rgba8Premultiplied, seed: 1),
      try RandomPixels.buffer(width: 1, height: 1, format: .rgba8Premultiplied, seed: 2),
      try RandomPixels.buffer(width: 40, height: 17, format: .rgba8Premultiplied, seed: 3),
    ]
    try pages.writeTIFF(to: path, options: TIFFEncodingOptions(compression: compression))
    let reader = try TIFFReader(contentsOf: path)
    #expect(reader.pageCount == 3)
    #expect(try reader.decodeAllPages() == pages)
    #expect(try directory.contents() == ["pages.tif"])
  }

  @Test("writing replaces an existing file")
  func replacesFile() throws {
    let directory = try TemporaryDirectory()
    let path = directory.path("image.tif")
    let first = try RandomPixels.buffer(width: 4, height: 4, format: .rgba8Premultiplied, seed: 11)
    let second = try RandomPixels.buffer(width: 6, height: 2, format: .rgba8Premultiplied, seed: 12)
    try first.writeTIFF(to: path)
    try second.writeTIFF(to: path)
    #expect(try TIFF.read(contentsOf: path) == second)
    #expect(try directory.contents() == ["image.tif"])
  }

  @Test("a failed write leaves the existing file intact and no temporary file behind")
  func atomicFailure() throws {
    let directory = try TemporaryDirectory()
    let path = directory.path("image.tif")
    let original = try RandomPixels.buffer(width: 8, height: 8, format: .rgba8Premultiplied, seed: 21)
    try original.writeTIFF(to: path)
    let before = try directory.bytes("image.tif")

    let failure = ImageIOError.unsupported(.tiff, message: "page 2 is not ready")
    #expect(throws: failure) {
      try TIFF.write(pageCount: 3, to: path) { (index, write) throws(ImageIOError) in
        if index == 2 { throw failure }
        try original.withView(write)
      }
    }
    #expect(try directory.bytes("image.tif") == before)
    #expect(try directory.contents() == ["image.tif"])
  }

  @Test("writing into a missing directory or with no pages fails with writeFailed")
  func writeFailures() throws {
    let image = try RandomPixels.buffer(width: 2, height: 2, format: .rgba8Premultiplied, seed: 5)
    #expect {
      try image.writeTIFF(to: "/nonexistent-directory/image.tif")
    } throws: { error in
      guard case .writeFailed(let path, let reason)? = error as? ImageIOError else { return false }
      return path == "/nonexistent-directory/image.tif" && !reason.isEmpty
    }
    let directory = try TemporaryDirectory()
    #expect {
      try TIFF.write(pages: [], to: directory.path("empty.tif"))
    } throws: { error in
      guard case .writeFailed? = error as? ImageIOError else { return false }
      return true
    }
    #expect(throws: ImageIOError.writeFailed(path: "<memory>", reason: "no pages to write")) {
      _ = try TIFF.encode(pages: [])
    }
    #expect(try directory.contents().isEmpty)
  }
}
